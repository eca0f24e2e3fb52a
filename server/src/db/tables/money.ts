/**
 * The ledger and the money-holding order tables (0001), deposits, exchange rates and exchanges,
 * corrections (0003), with the columns later migrations added.
 */
import { bigint, date, integer, jsonb, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { at, currency, holdId, id, journalTransactionId, market, money, rate, spread, userId } from './columns';

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
  // 0010_new_shares.sql
  issueId: bigint('issue_id', { mode: 'bigint' }),
  applicationNo: integer('application_no'),
  units: integer('units'),
  allottedUnits: integer('allotted_units'),
  state: text('state', { enum: ['awaiting_draw', 'won', 'subscribed', 'not_won', 'abstained', 'failed'] })
    .notNull()
    .default('awaiting_draw'),
  paidAmount: money('paid_amount'),
  answeredAt: at('answered_at'),
  // 0032_lottery_contributions.sql
  deviceContribution: text('device_contribution'),
  serverContribution: text('server_contribution'),
  contribution: text('contribution'),
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
  // 0025_separation_of_duties.sql: the four-eyes request that approved it (null: approved directly).
  fourEyesRequestId: bigint('four_eyes_request_id', { mode: 'bigint' }),
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
  // 0012_copy_trading.sql
  productId: bigint('product_id', { mode: 'bigint' }),
  market: market(),
  units: money('units'),
  buyNav: numeric('buy_nav', { precision: 20, scale: 6 }),
  startedOn: date('started_on', { mode: 'string' }),
  startsAt: at('starts_at'),
  lockEndsOn: date('lock_ends_on', { mode: 'string' }),
  redeemAt: at('redeem_at'),
  valuedOn: date('valued_on', { mode: 'string' }),
  redeemedNav: numeric('redeemed_nav', { precision: 20, scale: 6 }),
  redeemedAmount: money('redeemed_amount'),
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
  // borrowing terms (0017_securities_lending.sql)
  price: money('price'),
  annualRatePct: numeric('annual_rate_pct', { precision: 10, scale: 4 }),
  termDays: integer('term_days'),
  returnDue: at('return_due'),
  accruedDays: integer('accrued_days').notNull().default(0),
  feeAccrued: money('fee_accrued').notNull().default('0'),
  returnPrice: money('return_price'),
  feePaid: money('fee_paid'),
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
  // 0008_loan_terms.sql
  annualRatePct: numeric('annual_rate_pct', { precision: 7, scale: 4 }).notNull().default('0'),
  startedAt: at('started_at'),
  interestPaid: money('interest_paid').notNull().default('0'),
});

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
  // 0025_separation_of_duties.sql: the four-eyes request that approved it (null: approved directly).
  fourEyesRequestId: bigint('four_eyes_request_id', { mode: 'bigint' }),
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
