/**
 * Copy trading (0012_copy_trading.sql): products (real portfolios with weights); the copy-trading
 * risk disclosure is in risk.ts (0014). The follow orders are copy_trade_orders (money.ts) with the columns 0012 added.
 */
import { bigint, date, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, currency, id, market, money } from './columns';

type Texts = Record<'zh-CN' | 'en' | 'ja', string>;

export const copyProducts = pgTable('copy_products', {
  id: id(),
  market: market().notNull(),
  currency: currency('currency').notNull(),
  names: jsonb('names').$type<Texts>().notNull(),
  issuers: jsonb('issuers').$type<Texts>().notNull(),
  strategies: jsonb('strategies').$type<Texts>().notNull(),
  lockupDays: integer('lockup_days').notNull(),
  minInvestment: money('min_investment').notNull(),
  capacity: money('capacity').notNull(),
  raised: money('raised').notNull().default('0'),
  deadline: at('deadline').notNull(),
  baseDate: date('base_date', { mode: 'string' }).notNull(),
  offShelfAt: at('off_shelf_at'),
  createdBy: bigint('created_by', { mode: 'bigint' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const copyProductHoldings = pgTable(
  'copy_product_holdings',
  {
    productId: bigint('product_id', { mode: 'bigint' }).notNull(),
    code: text('code').notNull(),
    weight: numeric('weight', { precision: 12, scale: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.code] })],
);
