/** Positions (0001, 0006_trading.sql) and the watchlist (0004_market.sql); risk disclosures are in risk.ts. */
import { bigint, date, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { at, currency, holdId, id, market, money, userId } from './columns';

export const positions = pgTable('positions', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  market: market().notNull(),
  currency: currency('currency').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  direction: text('direction', { enum: ['long', 'short'] }).notNull(),
  priceType: text('price_type', { enum: ['limit', 'market'] }).notNull(),
  leverage: integer('leverage').notNull().default(1),
  stockNum: money('stock_num').notNull(),
  buyPrice: money('buy_price').notNull(),
  cost: money('cost').notNull(),
  fee: money('fee').notNull().default('0'),
  sellPrice: money('sell_price'),
  realisedPnl: money('realised_pnl'),
  status: smallint('status').notNull().default(0),
  holdId: holdId(),
  createdAt: at('created_at').notNull().defaultNow(),
  openedAt: at('opened_at'),
  closedAt: at('closed_at'),
  // 0006_trading.sql
  limitPrice: money('limit_price'),
  margin: money('margin').notNull().default('0'),
  feeRate: numeric('fee_rate', { precision: 12, scale: 8 }).notNull().default('0'),
  closeFee: money('close_fee'),
  openDate: date('open_date', { mode: 'string' }),
  closeRequestedAt: at('close_requested_at'),
  cancelledAt: at('cancelled_at'),
  closedBy: text('closed_by', { enum: ['user', 'margin_call', 'take_profit', 'stop_loss'] }),
  protection: money('protection'),
  // 0011_block_trades.sql: where a granted holding came from, and its lock-up end (no close before it)
  source: text('source', { enum: ['order', 'block', 'new_share'] })
    .notNull()
    .default('order'),
  closableFrom: at('closable_from'),
  // 0013_day_trading.sql: the day-trading application a day-trade order draws on
  dayTradeId: bigint('day_trade_id', { mode: 'bigint' }),
  // 0018_advanced_orders.sql: order type, stop trigger, OCO leg, validity, IFD exits, why cancelled
  orderType: text('order_type', { enum: ['normal', 'stop', 'oco'] })
    .notNull()
    .default('normal'),
  triggerPrice: money('trigger_price'),
  triggeredAt: at('triggered_at'),
  filledLeg: text('filled_leg', { enum: ['limit', 'stop'] }),
  validUntil: date('valid_until', { mode: 'string' }),
  takeProfit: money('take_profit'),
  stopLoss: money('stop_loss'),
  cancelReason: text('cancel_reason', { enum: ['user', 'expired', 'unfunded'] }),
});

export const watchlist = pgTable(
  'watchlist',
  {
    userId: userId(),
    market: text('market', { enum: ['jpy', 'usd', 'cny'] }).notNull(),
    code: text('code').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** 0016: the stock's group (null: the default group) and its place in it. */
    groupId: bigint('group_id', { mode: 'bigint' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.market, t.code] })],
);
