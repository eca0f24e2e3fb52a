/**
 * Day trading (0013_day_trading.sql): applications with their participation hold, allowance multiple,
 * trade date and the P&L settled from their positions (positions.day_trade_id, trading.ts).
 */
import { bigint, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, currency, holdId, id, market, money, userId } from './columns';

export const DAY_TRADE_STATUSES = ['submitted', 'applied', 'in_trade', 'filled', 'failed'] as const;

export const dayTrades = pgTable('day_trades', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  market: market().notNull(),
  currency: currency('currency').notNull(),
  tradeDate: date('trade_date', { mode: 'string' }).notNull(),
  closesAt: at('closes_at').notNull(),
  participation: money('participation').notNull(),
  multiple: integer('multiple').notNull(),
  status: text('status', { enum: DAY_TRADE_STATUSES }).notNull().default('submitted'),
  holdId: holdId(),
  realisedPnl: money('realised_pnl'),
  fees: money('fees'),
  pnl: money('pnl'),
  protection: money('protection'),
  failedReason: text('failed_reason', { enum: ['rejected', 'expired'] }),
  reviewNote: text('review_note'),
  reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
  reviewedAt: at('reviewed_at'),
  settledAt: at('settled_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});
