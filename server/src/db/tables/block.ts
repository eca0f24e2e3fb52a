/** Block trades (0011_block_trades.sql): declared dividends, listings, applications, wrong channel passwords. */
import { bigint, date, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { at, currency, holdId, id, market, money, userId } from './columns';

export const declaredDividends = pgTable('declared_dividends', {
  id: id(),
  market: market().notNull(),
  code: text('code').notNull(),
  recordDate: date('record_date', { mode: 'string' }).notNull(),
  dividendPerShare: money('dividend_per_share').notNull(),
  source: text('source').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const blockListings = pgTable('block_listings', {
  id: id(),
  seedKey: text('seed_key'),
  market: market().notNull(),
  currency: currency('currency').notNull(),
  code: text('code').notNull(),
  variant: text('variant', { enum: ['standard', 'dividend', 'financing'] })
    .notNull()
    .default('standard'),
  blockPrice: money('block_price').notNull(),
  lotSize: integer('lot_size').notNull().default(1),
  minLots: integer('min_lots').notNull(),
  totalLots: integer('total_lots').notNull(),
  lotsTaken: integer('lots_taken').notNull().default(0),
  deadline: at('deadline').notNull(),
  channelPasswordHash: text('channel_password_hash').notNull(),
  dividendId: bigint('dividend_id', { mode: 'bigint' }),
  leverage: integer('leverage').notNull().default(1),
  financingRate: numeric('financing_rate', { precision: 12, scale: 8 }),
  financingDays: integer('financing_days'),
  /** Calendar days after approval during which the holding cannot be sold (0033_block_lockup.sql). */
  lockupDays: integer('lockup_days').notNull().default(0),
  closedState: text('closed_state', { enum: ['closed', 'withdrawn'] }),
  closedAt: at('closed_at'),
  createdBy: bigint('created_by', { mode: 'bigint' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const blockApplications = pgTable('block_applications', {
  id: id(),
  listingId: bigint('listing_id', { mode: 'bigint' }).notNull(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  currency: currency('currency').notNull(),
  lots: integer('lots').notNull(),
  shares: money('shares').notNull(),
  blockPrice: money('block_price').notNull(),
  amount: money('amount').notNull(),
  held: money('held').notNull(),
  leverage: integer('leverage').notNull().default(1),
  financedAmount: money('financed_amount'),
  financingFee: money('financing_fee'),
  status: smallint('status').notNull().default(0),
  holdId: holdId().notNull(),
  positionId: bigint('position_id', { mode: 'bigint' }),
  rejectReason: text('reject_reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
  reviewedAt: at('reviewed_at'),
  dividendPaid: money('dividend_paid'),
  dividendPaidAt: at('dividend_paid_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const blockPasswordFailures = pgTable(
  'block_password_failures',
  {
    listingId: bigint('listing_id', { mode: 'bigint' }).notNull(),
    userId: userId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: at('last_failed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.userId, t.localDate] })],
);
