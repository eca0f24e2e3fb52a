/**
 * New shares (0010_new_shares.sql): the issue catalogue (its risk disclosure is in risk.ts, 0014). The
 * subscriptions are new_share_orders (money.ts) with the columns 0010 added.
 */
import { bigint, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, currency, id, market, money } from './columns';

export const newShareIssues = pgTable('new_share_issues', {
  id: id(),
  market: market().notNull(),
  currency: currency('currency').notNull(),
  code: text('code').notNull(),
  names: jsonb('names').$type<Record<'zh-CN' | 'en' | 'ja', string>>().notNull(),
  price: money('price').notNull(),
  pe: numeric('pe', { precision: 12, scale: 2 }),
  lotSize: integer('lot_size').notNull(),
  subscriptionCap: bigint('subscription_cap', { mode: 'bigint' }).notNull(),
  issueSize: bigint('issue_size', { mode: 'bigint' }).notNull(),
  underwriter: text('underwriter').notNull(),
  lockupDays: integer('lockup_days').notNull().default(0),
  opensAt: at('opens_at').notNull(),
  closesAt: at('closes_at').notNull(),
  drawAt: at('draw_at').notNull(),
  payDeadline: at('pay_deadline').notNull(),
  listingAt: at('listing_at').notNull(),
  distributionAt: at('distribution_at').notNull(),
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  applications: integer('applications').notNull().default(0),
  drawState: text('draw_state', { enum: ['pending', 'drawn'] })
    .notNull()
    .default('pending'),
  drawnAt: at('drawn_at'),
  unitsApplied: bigint('units_applied', { mode: 'bigint' }),
  unitsAllotted: bigint('units_allotted', { mode: 'bigint' }),
  listedAt: at('listed_at'),
  withdrawnAt: at('withdrawn_at'),
  withdrawReason: text('withdraw_reason'),
  createdBy: bigint('created_by', { mode: 'bigint' }),
  // 0032_lottery_contributions.sql: the list sealed at the close, the seed the tickets used.
  listRoot: text('list_root'),
  listSealedAt: at('list_sealed_at'),
  listSize: integer('list_size'),
  finalSeed: text('final_seed'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Every node of an issue's sealed list (0032): level 0 the leaves in canonical order, the last level the root. */
export const newShareListNodes = pgTable(
  'new_share_list_nodes',
  {
    issueId: bigint('issue_id', { mode: 'bigint' }).notNull(),
    level: integer('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.issueId, table.level, table.idx] })],
);
