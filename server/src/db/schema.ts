/**
 * Drizzle table definitions mirroring migrations/*.sql (the SQL files are the source of truth;
 * these give typed queries). Money columns are numeric and surface as strings; ids are bigint.
 */
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();
const userId = () => bigint('user_id', { mode: 'bigint' }).notNull();
const money = (name: string) => numeric(name, { precision: 38, scale: 8 });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: id(),
  account: text('account').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  banned: boolean('banned').notNull().default(false),
  frozen: boolean('frozen').notNull().default(false),
  tradeDisabled: boolean('trade_disabled').notNull().default(false),
  fundPasswordHash: text('fund_password_hash'),
  realnameStatus: text('realname_status', { enum: ['none', 'pending', 'verified', 'failed'] })
    .notNull()
    .default('none'),
  inviteCode: text('invite_code').notNull(),
  invitedBy: bigint('invited_by', { mode: 'bigint' }),
  createdAt: at('created_at').notNull().defaultNow(),
  passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: id(),
  tokenHash: text('token_hash').notNull(),
  userId: userId(),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

export const siteConfig = pgTable('site_config', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  public: boolean('public').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const messages = pgTable('messages', {
  id: id(),
  userId: userId(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  readAt: at('read_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: id(),
  userId: bigint('user_id', { mode: 'bigint' }),
  houseName: text('house_name'),
  currency: text('currency').notNull(),
  available: money('available').notNull().default('0'),
  held: money('held').notNull().default('0'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const journalTransactions = pgTable('journal_transactions', {
  id: id(),
  kind: text('kind').notNull(),
  reference: text('reference'),
  memo: text('memo'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const journalEntries = pgTable('journal_entries', {
  id: id(),
  transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
  accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const ledgerHolds = pgTable('ledger_holds', {
  id: id(),
  accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
  amount: money('amount').notNull(),
  status: text('status', { enum: ['pending', 'posted', 'voided'] })
    .notNull()
    .default('pending'),
  reason: text('reason').notNull(),
  reference: text('reference'),
  createdAt: at('created_at').notNull().defaultNow(),
  resolvedAt: at('resolved_at'),
});

export const idempotencyKeys = pgTable('idempotency_keys', {
  id: id(),
  userId: userId(),
  key: text('key').notNull(),
  endpoint: text('endpoint').notNull(),
  requestHash: text('request_hash').notNull(),
  response: jsonb('response'),
  createdAt: at('created_at').notNull().defaultNow(),
});

const holdId = () => bigint('hold_id', { mode: 'bigint' });

export const newShareOrders = pgTable('new_share_orders', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  market: text('market').notNull(),
  currency: text('currency').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  subscriptionPrice: money('subscription_price').notNull(),
  quantity: money('quantity').notNull(),
  allottedQuantity: money('allotted_quantity').notNull().default('0'),
  rjmoney: money('rjmoney'),
  status: smallint('status').notNull().default(0),
  holdId: holdId(),
  createdAt: at('created_at').notNull().defaultNow(),
  drawnAt: at('drawn_at'),
});

export const withdrawals = pgTable('withdrawals', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  currency: text('currency').notNull(),
  money: money('money').notNull(),
  holderName: text('holder_name').notNull(),
  bankName: text('bank_name').notNull(),
  cardNumberMasked: text('card_number_masked').notNull(),
  status: smallint('status').notNull().default(0),
  rejectReason: text('reject_reason'),
  holdId: holdId(),
  createdAt: at('created_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
});

export const copyTradeOrders = pgTable('copy_trade_orders', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  currency: text('currency').notNull(),
  productName: text('product_name').notNull(),
  issuer: text('issuer').notNull(),
  money: money('money').notNull(),
  minInvestment: money('min_investment').notNull().default('0'),
  lockDays: integer('lock_days').notNull().default(0),
  deadline: at('deadline'),
  dailyProfit: money('daily_profit').notNull().default('0'),
  totalProfit: money('total_profit').notNull().default('0'),
  status: smallint('status').notNull().default(0),
  holdId: holdId(),
  createdAt: at('created_at').notNull().defaultNow(),
  endedAt: at('ended_at'),
});

export const creditOrders = pgTable('credit_orders', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  market: text('market').notNull(),
  currency: text('currency').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  quantity: money('quantity').notNull(),
  credit: money('credit').notNull(),
  status: smallint('status').notNull().default(0),
  holdId: holdId(),
  createdAt: at('created_at').notNull().defaultNow(),
  closedAt: at('closed_at'),
});

export const loans = pgTable('loans', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  repaid: money('repaid').notNull().default('0'),
  status: smallint('status').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
});

export const positions = pgTable('positions', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  market: text('market').notNull(),
  currency: text('currency').notNull(),
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
  closedBy: text('closed_by', { enum: ['user', 'margin_call'] }),
  protection: money('protection'),
});

export const riskDisclosures = pgTable('risk_disclosures', {
  version: integer('version').primaryKey(),
  title: jsonb('title').notNull(),
  body: jsonb('body').notNull(),
  publishedAt: at('published_at').notNull().defaultNow(),
});

export const riskAcknowledgements = pgTable('risk_acknowledgements', {
  userId: userId(),
  version: integer('version').notNull(),
  acknowledgedAt: at('acknowledged_at').notNull().defaultNow(),
});
