/** Securities lending (0017_securities_lending.sql; the credit-stock orders of borrowing are in money.ts). */
import { bigint, date, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { at, currency, id, market, money, userId } from './columns';

export const stockLendings = pgTable('stock_lendings', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  positionId: bigint('position_id', { mode: 'bigint' }).notNull(),
  market: market().notNull(),
  currency: currency('currency').notNull(),
  code: text('code').notNull(),
  quantity: money('quantity').notNull(),
  price: money('price').notNull(),
  value: money('value').notNull(),
  annualRatePct: numeric('annual_rate_pct', { precision: 10, scale: 4 }).notNull(),
  /** 0 lent, 1 recalled (back on returns_on), 2 returned. */
  status: smallint('status').notNull().default(0),
  lentAt: at('lent_at').notNull(),
  recalledAt: at('recalled_at'),
  returnsOn: date('returns_on', { mode: 'string' }),
  returnedAt: at('returned_at'),
  accruedDays: integer('accrued_days').notNull().default(0),
  feePaid: money('fee_paid').notNull().default('0'),
});
