/**
 * Area /funds/: deposit, exchange, balances, credit loans, fund records and the withdrawal rules
 * (withdrawing itself is /user/withdraw, in user-bank.ts). Money-moving calls accept an
 * `Idempotency-Key` header: a retry replays the first answer.
 */
import { z } from 'zod';
import { currencyCode, decimalString, plainString, positiveAmount } from '../common';
import { empty, idAnswer, idField } from '../fields';

const reviewStatus = z.enum(['pending', 'approved', 'rejected']);

/** The account type of a receiving account, translated by the client; null where the bank has none. */
export const DEPOSIT_ACCOUNT_TYPES = ['ordinary', 'checking'] as const;
/**
 * /funds/channels: `lang` (cn/us/jp or zh-CN/en/ja, default zh-CN) picks the language of bank, branch and
 * account name.
 */
export const depositChannelsRequest = z.object({
  lang: z.enum(['cn', 'us', 'jp', 'en', 'zh-CN', 'ja'], { error: 'field_invalid' }).optional(),
});
/**
 * One receiving account; bank, branch and account_name are in the requested language, account_number is
 * the bare number.
 */
export const depositChannel = z.object({
  id: z.string(),
  currency: currencyCode,
  account_name: z.string(),
  account_type: z.enum(DEPOSIT_ACCOUNT_TYPES).nullable(),
  account_number: z.string(),
  bank: z.string(),
  branch: z.string(),
});
/**
 * `business_day`: deposits are accepted today (spec §9: Tokyo business days, JPX holidays closed);
 * `next_business_day` (YYYY-MM-DD, Japan time): the next business day after today.
 */
export const depositChannels = z.object({
  /** Only for a user whose identity is verified; empty otherwise (see verify_first). */
  channels: z.array(depositChannel),
  /**
   * Why the accounts are not shown and a deposit would be refused: realname_required (no verified identity yet)
   * or realname_failed (the last check was rejected: submit again); null when verified (issue 35).
   */
  verify_first: z.enum(['realname_required', 'realname_failed']).nullable().optional(),
  max: decimalString,
  hours: z.string(),
  business_day: z.boolean().optional(),
  next_business_day: z.string().optional(),
});
/** /funds/deposit (multipart, file `proof`). */
export const depositRequest = z.object({
  amount: positiveAmount(),
  currency: currencyCode.default('JPY'),
  channel_id: plainString('field_invalid').min(1, 'field_invalid').max(64, 'field_invalid'),
});
export const depositItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  currency: currencyCode,
  amount: decimalString,
  status: reviewStatus,
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** Upload id of the transfer proof (shown to its owner through /user/image). */
  proof_id: z.string().nullable().optional(),
});
export const depositList = z.array(depositItem);

/** The withdrawal rules the screen shows, from the server's config (never hard-coded in a client). */
export const withdrawRules = z.object({
  min: z.record(z.string(), decimalString),
  hours: z.string(),
  open_now: z.boolean(),
  next_open: z.string().nullable(),
  arrival: z.string(),
  credit_threshold: z.number().int(),
  /**
   * Every reason this user's withdrawal would be refused now, before any amount or password is asked (issue 35):
   * the refusal keys the withdrawal itself answers (account_frozen, realname_required, bank_card_required,
   * fund_password_not_set, withdraw_closed_hours, positions_open, orders_pending, loan_unpaid,
   * order_under_review, credit_score_low…) with their values; empty when it can go ahead.
   */
  blocking: z.array(z.object({ key: z.string(), values: z.record(z.string(), z.string()) })),
});

export const balance = z.object({ currency: currencyCode, available: decimalString, frozen: decimalString });
export const balances = z.array(balance);

export const exchangeRate = z.object({
  from: currencyCode,
  to: currencyCode,
  rate: decimalString,
  spread: decimalString,
  updated_at: z.string(),
});
export const exchangeRates = z.array(exchangeRate);
export const exchangeRequest = z
  .object({ from: currencyCode, to: currencyCode, amount: positiveAmount('exchange_amount_required') })
  .refine((v) => v.from !== v.to, { message: 'same_currency', path: ['to'] });
export const exchangeResult = z.object({
  order_no: z.string(),
  from: currencyCode,
  to: currencyCode,
  debited: decimalString,
  credited: decimalString,
  rate: decimalString,
  fee: decimalString,
});

/** Credit score: computed by a published formula from the user's own record; reasons list each term. */
export const creditInfo = z.object({
  score: z.number().int(),
  threshold: z.number().int(),
  limit: decimalString,
  borrowed: decimalString,
  available: decimalString,
  currency: currencyCode,
  reasons: z.array(z.object({ key: z.string(), points: z.number().int() })),
});
/** A loan term in days; the terms on offer are site config (the server refuses others: field_invalid). */
const loanTermDays = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid');
export const loanApplyRequest = z.object({ amount: positiveAmount(), term_days: loanTermDays });
/** /funds/loanQuote: without an amount it answers the terms on offer (rate, terms) with zero interest. */
export const loanQuoteRequest = z.object({ amount: positiveAmount().optional(), term_days: loanTermDays.optional() });
/**
 * The price of a loan before applying, computed by the server: annual rate, interest for the whole term
 * (actual/365, rounded down to the minor unit), total to repay and the due date if approved now.
 */
export const loanQuote = z.object({
  currency: currencyCode,
  annual_rate_pct: decimalString,
  day_count: z.literal('actual/365'),
  terms: z.array(z.number().int()),
  term_days: z.number().int(),
  principal: decimalString,
  interest: decimalString,
  total: decimalString,
  due_at: z.string(),
});
export const loanRepayRequest = z.object({ id: idField, amount: positiveAmount() });
/**
 * A loan with its own terms (rate quoted at application, start and due date from approval) and its
 * schedule: interest and total at the due date, and what is owed today (principal + interest accrued to
 * the server's today); overdue with the days past due.
 */
export const loanItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  currency: currencyCode,
  amount: decimalString,
  outstanding: decimalString,
  term_days: z.number().int(),
  annual_rate_pct: decimalString,
  status: z.enum(['pending', 'approved', 'rejected', 'repaid']),
  started_at: z.string().nullable(),
  due_at: z.string().nullable(),
  interest_at_due: decimalString,
  total_at_due: decimalString,
  days_accrued: z.number().int(),
  interest_today: decimalString,
  owed_today: decimalString,
  interest_paid: decimalString,
  overdue: z.boolean(),
  overdue_days: z.number().int(),
  created_at: z.string(),
});
export const loanList = z.array(loanItem);

/** Fund record types: every ledger movement a user sees in /mine/transactionRecords. */
export const FUND_RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal_hold',
  'withdrawal_release',
  'exchange',
  'loan',
  'loan_repay',
  'correction',
  'trade',
  'fee',
  'margin',
  'margin_release',
  'subscription',
  'copy_trade',
  'dividend',
  'day_trade',
  'lending_fee',
  'stock_borrow',
] as const;
export const fundRecordsRequest = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
  type: z.enum(FUND_RECORD_TYPES).optional(),
  currency: currencyCode.optional(),
});
/**
 * One statement line: one economic event (its internal freezes and releases folded in). `amount` is the
 * change of the user's money in the currency (available + frozen), `frozen` the change of what is frozen,
 * `balance` the money after the event.
 */
export const fundRecord = z.object({
  id: z.string(),
  type: z.enum(FUND_RECORD_TYPES),
  order_no: z.string(),
  currency: currencyCode,
  amount: decimalString,
  frozen: decimalString,
  balance: decimalString,
  memo: z.string().nullable(),
  time: z.string(),
});
export const fundRecords = z.object({ list: z.array(fundRecord), total: z.number().int() });

export const FUNDS_ENDPOINTS = {
  depositChannels: {
    path: '/funds/channels',
    auth: true,
    request: depositChannelsRequest,
    data: depositChannels,
    summary: 'Deposit channels, maximum and hours',
  },
  deposit: {
    path: '/funds/deposit',
    auth: true,
    request: depositRequest,
    data: idAnswer,
    files: ['proof'],
    filesRequiredKey: 'proof_required',
    idempotent: true,
    summary: 'Deposit with transfer proof (pending review)',
  },
  deposits: { path: '/funds/deposits', auth: true, request: empty, data: depositList, summary: 'The user’s deposits' },
  withdrawRules: {
    path: '/funds/withdrawRules',
    auth: true,
    request: empty,
    data: withdrawRules,
    summary: 'Withdrawal minimums, hours and whether it is open now',
  },
  balances: {
    path: '/funds/balances',
    auth: true,
    request: empty,
    data: balances,
    summary: 'Available and frozen per currency',
  },
  rates: {
    path: '/funds/rates',
    auth: true,
    request: empty,
    data: exchangeRates,
    summary: 'Exchange rates with spread',
  },
  exchange: {
    path: '/funds/exchange',
    auth: true,
    request: exchangeRequest,
    data: exchangeResult,
    idempotent: true,
    summary: 'Exchange between two currencies',
  },
  credit: {
    path: '/funds/credit',
    auth: true,
    request: empty,
    data: creditInfo,
    summary: 'Credit score with reasons, limit, borrowed, available',
  },
  loanApply: {
    path: '/funds/loanApply',
    auth: true,
    request: loanApplyRequest,
    data: idAnswer,
    idempotent: true,
    summary: 'Apply for a credit loan (pending review)',
  },
  loanQuote: {
    path: '/funds/loanQuote',
    auth: true,
    request: loanQuoteRequest,
    data: loanQuote,
    summary: 'Price of a loan before applying: annual rate, term, interest, total to repay, due date',
  },
  loans: {
    path: '/funds/loans',
    auth: true,
    request: empty,
    data: loanList,
    summary: 'Loan records with their terms, schedule and the amount owed today',
  },
  loanRepay: {
    path: '/funds/loanRepay',
    auth: true,
    request: loanRepayRequest,
    data: empty,
    idempotent: true,
    summary: 'Repay a loan (not less than the amount owed today: principal + interest accrued)',
  },
  records: {
    path: '/funds/records',
    auth: true,
    request: fundRecordsRequest,
    data: fundRecords,
    summary: 'Fund records read from the ledger',
  },
} as const;
