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
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Currency, MARKET_CURRENCY } from 'shared/money';

const id = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();
const userId = () => bigint('user_id', { mode: 'bigint' }).notNull();
const money = (name: string) => numeric(name, { precision: 38, scale: 8 });
/** A market_code domain column: jpy, usd, cny (its base type is text). */
const market = () => text('market').$type<keyof typeof MARKET_CURRENCY>();
/** A currency_code domain column (its base type is text). */
const currency = (name: string) => text(name).$type<Currency>();
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
  // 0002_accounts.sql
  realnameName: text('realname_name'),
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
  // Nullable since 0002_accounts.sql: a message is a catalogue key or a literal title and body.
  title: text('title'),
  body: text('body'),
  readAt: at('read_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  msgKey: text('msg_key'),
  msgValues: jsonb('msg_values').$type<Record<string, string>>().notNull().default({}),
});

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: id(),
  userId: bigint('user_id', { mode: 'bigint' }),
  houseName: text('house_name'),
  currency: currency('currency').notNull(),
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
  currency: currency('currency').notNull(),
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
  market: market().notNull(),
  currency: currency('currency').notNull(),
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
  currency: currency('currency').notNull(),
  money: money('money').notNull(),
  holderName: text('holder_name').notNull(),
  bankName: text('bank_name').notNull(),
  cardNumberMasked: text('card_number_masked').notNull(),
  status: smallint('status').notNull().default(0),
  rejectReason: text('reject_reason'),
  holdId: holdId(),
  createdAt: at('created_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
  // 0003_money.sql
  cardId: bigint('card_id', { mode: 'bigint' }),
  reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
});

export const copyTradeOrders = pgTable('copy_trade_orders', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  currency: currency('currency').notNull(),
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
  market: market().notNull(),
  currency: currency('currency').notNull(),
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
  currency: currency('currency').notNull(),
  amount: money('amount').notNull(),
  repaid: money('repaid').notNull().default('0'),
  status: smallint('status').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
  // 0003_money.sql
  termDays: integer('term_days').notNull().default(30),
  dueAt: at('due_at'),
  repaidAt: at('repaid_at'),
  rejectReason: text('reject_reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
});

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
  closedBy: text('closed_by', { enum: ['user', 'margin_call'] }),
  protection: money('protection'),
});

export const riskDisclosures = pgTable('risk_disclosures', {
  version: integer('version').primaryKey(),
  title: jsonb('title').notNull(),
  body: jsonb('body').notNull(),
  publishedAt: at('published_at').notNull().defaultNow(),
});

export const riskAcknowledgements = pgTable(
  'risk_acknowledgements',
  {
    userId: userId(),
    version: integer('version').notNull(),
    acknowledgedAt: at('acknowledged_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);

// ---- 0002_accounts.sql ------------------------------------------------------------------------

export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  userId: userId(),
  kind: text('kind', { enum: ['id_front', 'id_back', 'deposit_proof'] }).notNull(),
  mime: text('mime', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
  size: integer('size').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const realnameChecks = pgTable('realname_checks', {
  id: id(),
  userId: userId(),
  name: text('name').notNull(),
  idNumber: text('id_number').notNull(),
  frontId: text('front_id').notNull(),
  backId: text('back_id').notNull(),
  status: text('status', { enum: ['pending', 'verified', 'failed'] })
    .notNull()
    .default('pending'),
  rejectReason: text('reject_reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
  createdAt: at('created_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
});

export const bankCards = pgTable('bank_cards', {
  id: id(),
  userId: userId(),
  holderName: text('holder_name').notNull(),
  cardNumber: text('card_number').notNull(),
  cardType: text('card_type', { enum: ['ordinary', 'checking'] }).notNull(),
  bankName: text('bank_name').notNull(),
  branchName: text('branch_name').notNull(),
  branchCode: text('branch_code').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const news = pgTable('news', {
  id: id(),
  publishedAt: at('published_at').notNull().defaultNow(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const newsTexts = pgTable(
  'news_texts',
  {
    newsId: bigint('news_id', { mode: 'bigint' }).notNull(),
    lang: text('lang', { enum: ['zh-CN', 'en', 'ja'] }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.lang] })],
);

export const auditLog = pgTable('audit_log', {
  id: id(),
  // NULL: the system itself (start-up bootstrap, CLI).
  actorId: bigint('actor_id', { mode: 'bigint' }),
  action: text('action').notNull(),
  target: text('target').notNull(),
  detail: jsonb('detail').notNull().default({}),
  createdAt: at('created_at').notNull().defaultNow(),
});

// ---- 0003_money.sql ---------------------------------------------------------------------------

const journalTransactionId = () => bigint('journal_transaction_id', { mode: 'bigint' });
const rate = (name: string) => numeric(name, { precision: 30, scale: 12 });
const spread = (name: string) => numeric(name, { precision: 8, scale: 6 });

export const deposits = pgTable('deposits', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  currency: currency('currency').notNull(),
  amount: money('amount').notNull(),
  channelId: text('channel_id').notNull(),
  proofUploadId: text('proof_upload_id').notNull(),
  status: smallint('status').notNull().default(0),
  rejectReason: text('reject_reason'),
  journalTransactionId: journalTransactionId(),
  reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
  createdAt: at('created_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
});

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    fromCurrency: currency('from_currency').notNull(),
    toCurrency: currency('to_currency').notNull(),
    rate: rate('rate').notNull(),
    spread: spread('spread').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'bigint' }),
  },
  (t) => [primaryKey({ columns: [t.fromCurrency, t.toCurrency] })],
);

export const exchanges = pgTable('exchanges', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  fromCurrency: currency('from_currency').notNull(),
  toCurrency: currency('to_currency').notNull(),
  debited: money('debited').notNull(),
  credited: money('credited').notNull(),
  fee: money('fee').notNull(),
  rate: rate('rate').notNull(),
  spread: spread('spread').notNull(),
  journalTransactionId: journalTransactionId().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const corrections = pgTable('corrections', {
  id: id(),
  userId: userId(),
  orderNo: text('order_no').notNull(),
  currency: currency('currency').notNull(),
  amount: money('amount').notNull(),
  reason: text('reason').notNull(),
  actorId: bigint('actor_id', { mode: 'bigint' }).notNull(),
  reversesId: bigint('reverses_id', { mode: 'bigint' }),
  journalTransactionId: journalTransactionId().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

// ---- 0004_market.sql --------------------------------------------------------------------------

export const watchlist = pgTable(
  'watchlist',
  {
    userId: userId(),
    market: text('market', { enum: ['jpy', 'usd', 'cny'] }).notNull(),
    code: text('code').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.market, t.code] })],
);
