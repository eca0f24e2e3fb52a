/**
 * Securities lending and borrowing (issue 13; docs/decisions/0023-securities-lending.md), in the /lending/ area.
 *
 * Lending (貸株): a holding (not leveraged, not locked up, not T+1-restricted, not a day-trade position) is lent to
 * the house at the annual rate of site config (a default and per-stock overrides). The fee accrues per whole day
 * (actual/365 on the value lent, rounded down) and is booked every day in the ledger (fund record `lending_fee`).
 * While lent the position cannot be closed (lending_recall_first / lending_returning_on {date}). A recall stops
 * the fee and the shares come back on the next trading day of the market (`returns_on`).
 * /lending/lend refusals: not_found, lending_not_holding, lending_leveraged, lending_day_trade, lending_locked {date},
 * lending_already_lent. /lending/recall: not_found, lending_not_lent.
 *
 * Borrowing (credit-stock order): shares of a Japanese stock borrowed against the credit limit of the credit score
 * (the same limit loans use: limit − loans outstanding − loans pending − credit orders active) and sold at the
 * market price at once (a credit short sale); the proceeds are held until the return (`credit`: frozen "credit
 * orders" of spec §4). The return buys the shares back at the market price and pays the borrowing fee (annual rate
 * from site config, actual/365 on `credit`, accrued daily). /lending/borrow refusals: stock_not_found,
 * borrow_market_unsupported, not_trading_time {opens}, field_invalid (term), borrow_limit_insufficient {max}.
 * /lending/return refusals: not_found, borrow_not_active, not_trading_time {opens},
 * borrow_return_insufficient {amount}.
 */
import { z } from 'zod';
import { currencyCode, decimalString, langField, marketType } from '../common';
import { empty, idAnswer, idField } from '../fields';
import { stockCode } from './stock';

export const LENDING_STATES = ['lent', 'recalled', 'returned'] as const;
export const BORROW_STATES = ['active', 'returned', 'rejected'] as const;

const quantityField = z
  .string({ error: 'quantity_required' })
  .trim()
  .min(1, 'quantity_required')
  .regex(/^0*[1-9]\d{0,8}$/, 'field_invalid');
const termDays = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid');

export const lendingOverviewRequest = z.object({ lang: langField });

/** A holding that may be lent now, with its rate and the fee one day would pay. */
export const lendableHolding = z.object({
  position_id: z.number().int(),
  market: marketType,
  code: z.string(),
  name: z.string(),
  currency: currencyCode,
  quantity: decimalString,
  price: decimalString,
  value: decimalString,
  annual_rate_pct: decimalString,
  daily_fee: decimalString,
});

export const stockLending = z.object({
  id: z.number().int(),
  order_no: z.string(),
  position_id: z.number().int(),
  market: marketType,
  code: z.string(),
  name: z.string(),
  currency: currencyCode,
  quantity: decimalString,
  price: decimalString,
  value: decimalString,
  annual_rate_pct: decimalString,
  status: z.enum(LENDING_STATES),
  lent_at: z.string(),
  recalled_at: z.string().nullable(),
  /** The market-local date the recalled shares come back (null until recalled). */
  returns_on: z.string().nullable(),
  returned_at: z.string().nullable(),
  /** Whole days the fee is booked for, and the fee booked so far. */
  accrued_days: z.number().int(),
  fee_paid: decimalString,
});

export const lendingOverview = z.object({
  lendable: z.array(lendableHolding),
  lendings: z.array(stockLending),
  day_count: z.literal('actual/365'),
});

export const lendRequest = z.object({ position_id: idField });
export const recallRequest = z.object({ id: idField });

/** /lending/borrowQuote: the price of a borrowing before it is made; without a code only the terms. */
export const borrowQuoteRequest = z.object({
  code: stockCode.optional(),
  quantity: quantityField.optional(),
  term_days: termDays.optional(),
});
export const borrowQuote = z.object({
  market: z.literal('jpy'),
  currency: currencyCode,
  annual_rate_pct: decimalString,
  day_count: z.literal('actual/365'),
  terms: z.array(z.number().int()),
  term_days: z.number().int(),
  /** The market price now and the value (credit used) of the quantity, 0 without a code. */
  price: decimalString,
  value: decimalString,
  /** The borrowing fee if returned on the return date. */
  fee_estimate: decimalString,
  return_due: z.string(),
  credit_limit: decimalString,
  credit_available: decimalString,
});

export const borrowRequest = z.object({ code: stockCode, quantity: quantityField, term_days: termDays });
export const borrowReturnRequest = z.object({ id: idField });

export const borrowOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  market: marketType,
  code: z.string(),
  name: z.string(),
  currency: currencyCode,
  quantity: decimalString,
  /** Sale price of the borrowed shares and the proceeds held (the credit used). */
  price: decimalString,
  credit: decimalString,
  annual_rate_pct: decimalString,
  status: z.enum(BORROW_STATES),
  created_at: z.string(),
  return_due: z.string().nullable(),
  overdue: z.boolean(),
  accrued_days: z.number().int(),
  /** Fee accrued so far (active) or paid at the return. */
  fee: decimalString,
  return_price: decimalString.nullable(),
  returned_at: z.string().nullable(),
});
export const borrowList = z.object({ list: z.array(borrowOrder) });

export type LendableHolding = z.infer<typeof lendableHolding>;
export type StockLending = z.infer<typeof stockLending>;
export type LendingOverview = z.infer<typeof lendingOverview>;
export type BorrowQuote = z.infer<typeof borrowQuote>;
export type BorrowOrder = z.infer<typeof borrowOrder>;

/**
 * What a buy-back did (issue 35: the result sheet shows the server's figures): the shares bought back at `price`
 * for `cost`, the borrowing's `fee`, and `pnl` = the sale's proceeds − cost − fee, in `currency`.
 */
export const borrowReturnResult = z.object({
  order_no: z.string(),
  currency: currencyCode,
  price: decimalString,
  cost: decimalString,
  fee: decimalString,
  pnl: decimalString,
});

export const LENDING_ENDPOINTS = {
  lendingOverview: {
    path: '/lending/overview',
    auth: true,
    request: lendingOverviewRequest,
    data: lendingOverview,
    summary: 'Holdings that may be lent (with their rate) and the user’s lendings with the fee booked so far',
  },
  lend: {
    path: '/lending/lend',
    auth: true,
    request: lendRequest,
    data: idAnswer,
    idempotent: true,
    summary: 'Lend a holding to the house for a daily fee (the position cannot be closed while lent)',
  },
  recall: {
    path: '/lending/recall',
    auth: true,
    request: recallRequest,
    data: empty,
    summary: 'Recall lent shares: the fee stops, the shares come back on the next trading day',
  },
  borrowQuote: {
    path: '/lending/borrowQuote',
    auth: true,
    request: borrowQuoteRequest,
    data: borrowQuote,
    summary: 'Price of a borrowing: rate, terms, value at market, fee estimate, return date, credit available',
  },
  borrow: {
    path: '/lending/borrow',
    auth: true,
    request: borrowRequest,
    data: idAnswer,
    idempotent: true,
    summary: 'Borrow shares against the credit limit; they are sold at market and the proceeds held',
  },
  borrowReturn: {
    path: '/lending/return',
    auth: true,
    request: borrowReturnRequest,
    data: borrowReturnResult,
    idempotent: true,
    summary: 'Return borrowed shares: bought back at market, the proceeds released and the fee paid',
  },
  borrowings: {
    path: '/lending/borrowings',
    auth: true,
    request: lendingOverviewRequest,
    data: borrowList,
    summary: 'The user’s credit-stock orders (borrowings) in every state, newest first',
  },
} as const;
