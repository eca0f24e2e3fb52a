/**
 * Issue "Accounts and money": deposit, withdraw, exchange, balances, credit loans, fund records.
 * Money-moving calls accept an `Idempotency-Key` header: a retry replays the first answer.
 */
import { z } from 'zod';
import { decimalString } from './common';
import { CURRENCIES } from '../money';

export const currencyCode = z.enum(CURRENCIES, { error: 'field_invalid' });
/** A positive amount as a decimal string; the server also rounds-checks it against the currency's minor unit. */
export const positiveAmount = (requiredKey: 'amount_required' | 'exchange_amount_required' = 'amount_required') =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .regex(/^\d+(\.\d{1,8})?$/, 'amount_invalid')
    .refine((v) => /[1-9]/.test(v), 'amount_invalid');
const idField = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid');
const reviewStatus = z.enum(['pending', 'approved', 'rejected']);

/** The account type of a receiving account, translated by the client; null where the bank has none. */
export const DEPOSIT_ACCOUNT_TYPES = ['ordinary', 'checking'] as const;
/** /funds/channels: `lang` (cn/us/jp or zh-CN/en/ja, default zh-CN) picks the language of bank, branch and account name. */
export const depositChannelsRequest = z.object({
  lang: z.enum(['cn', 'us', 'jp', 'en', 'zh-CN', 'ja'], { error: 'field_invalid' }).optional(),
});
/** One receiving account; bank, branch and account_name are in the requested language, account_number is the bare number. */
export const depositChannel = z.object({
  id: z.string(),
  currency: currencyCode,
  account_name: z.string(),
  account_type: z.enum(DEPOSIT_ACCOUNT_TYPES).nullable(),
  account_number: z.string(),
  bank: z.string(),
  branch: z.string(),
});
export const depositChannels = z.object({ channels: z.array(depositChannel), max: decimalString, hours: z.string() });
/** /funds/deposit (multipart, file `proof`). */
export const depositRequest = z.object({
  amount: positiveAmount(),
  currency: currencyCode.default('JPY'),
  channel_id: z.string({ error: 'field_invalid' }).min(1, 'field_invalid'),
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
});
export const depositList = z.array(depositItem);

/** /user/withdraw: to a bound card, with the fund password. */
export const withdrawRequest = z.object({
  amount: positiveAmount(),
  currency: currencyCode.default('JPY'),
  card_id: idField,
  fund_password: z.string({ error: 'fund_password_required' }).min(1, 'fund_password_required'),
});
/** The withdrawal rules the screen shows, from the server's config (never hard-coded in a client). */
export const withdrawRules = z.object({
  min: z.record(z.string(), decimalString),
  hours: z.string(),
  open_now: z.boolean(),
  next_open: z.string().nullable(),
  arrival: z.string(),
  credit_threshold: z.number().int(),
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
export const loanApplyRequest = z.object({
  amount: positiveAmount(),
  term_days: z.coerce
    .number({ error: 'field_invalid' })
    .int()
    .refine((d) => [7, 14, 30, 60, 90].includes(d), 'field_invalid'),
});
export const loanRepayRequest = z.object({ id: idField, amount: positiveAmount() });
export const loanItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  currency: currencyCode,
  amount: decimalString,
  outstanding: decimalString,
  term_days: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected', 'repaid']),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
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
] as const;
export const fundRecordsRequest = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
  type: z.enum(FUND_RECORD_TYPES).optional(),
  currency: currencyCode.optional(),
});
export const fundRecord = z.object({
  id: z.string(),
  type: z.enum(FUND_RECORD_TYPES),
  order_no: z.string(),
  currency: currencyCode,
  amount: decimalString,
  memo: z.string().nullable(),
  time: z.string(),
});
export const fundRecords = z.object({ list: z.array(fundRecord), total: z.number().int() });
