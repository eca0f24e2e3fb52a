/**
 * Area /copy/: quantitative copy-trading products (spec §2 /home/qcList, /home/follow, /mine/followOrder;
 * §3 Copy-trading order; §4 copy trade states), and their back-office calls under /admin/
 * (COPYTRADE_ADMIN_ENDPOINTS). Design: docs/decisions/0018-copy-trading.md.
 *
 * A product is a real portfolio: listed names of one market with fixed weights (summing to 1). Its unit
 * value (NAV) on a trading day = Σ weight × close ÷ close on the product's base date, from the market
 * data's daily candles (live while the market is open); its history comes from the same deterministic
 * data, so the chart is full from the first start. Returns and profits are computed from it: no field
 * anywhere lets an operator type a return, a NAV or a profit.
 *
 * Following (idempotent, fund password): the amount is held (counted in frozen as an active copy-trade)
 * and buys units at the next daily close (`following` until then). From then on the units are in their
 * lock-up (`lockup`, spec §4) until the close of `lock_ends_on` (the units' start date + lock-up days) on the
 * app clock; past it, until the redemption is booked, `in_progress`. At the end of the lock-up a background
 * job redeems the units
 * at that day's value: hold released and the profit or loss booked against the house account in one
 * ledger transaction (`ended`). Refusals: min_buy_amount {min}, follow_time_exceeded,
 * product_unavailable (unknown or off the shelf), insufficient_fundraising {left}, insufficient_balance,
 * fund password refusals, realname_required, risk_disclosure_required (/copy/riskDisclosure).
 */
import { z } from 'zod';
import { decimalString, langField, marketType, plainString, positiveAmount } from '../common';
import { fourEyesWaiting, idField } from '../fields';
import { riskAckAnswer, riskAckRequest, riskDisclosure, riskDisclosureRequest } from './trade';

export const COPY_ORDER_STATES = ['following', 'lockup', 'in_progress', 'ended'] as const;
export const copyOrderState = z.enum(COPY_ORDER_STATES);
/** A product's shelf state: open to follow, past its deadline, or taken off the shelf. */
export const COPY_PRODUCT_STATES = ['open', 'closed', 'off_shelf'] as const;
export const copyProductState = z.enum(COPY_PRODUCT_STATES);

const pageField = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').default(1);
const sizeField = z.coerce
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .min(1, 'field_invalid')
  .max(50, 'field_invalid')
  .default(20);
const fundPassword = plainString('fund_password_required').min(1, 'fund_password_required').max(128, 'field_invalid');

/** A product with every field the list and the follow form show. Times are ISO instants, days YYYY-MM-DD. */
export const copyProduct = z.object({
  id: z.number().int(),
  /** Product name and issuer in the reader's language (`lang`). */
  product_name: z.string(),
  issuer: z.string(),
  /** The strategy in one or two sentences, in the reader's language. */
  strategy: z.string(),
  market: marketType,
  currency: z.string(),
  lockup_days: z.number().int(),
  min_investment: decimalString,
  /** Last instant a follow is accepted. */
  deadline: z.string(),
  /** Total amount the product accepts, and what is left of it (capacity − active follows). */
  capacity: decimalString,
  capacity_left: decimalString,
  on_shelf: z.boolean(),
  state: copyProductState,
  /** Trading day the NAV is 1 (every holding's close₀). */
  base_date: z.string(),
  /** Current unit value, 6 decimals (live while the market is open), and the day it is for. */
  nav: decimalString,
  nav_date: z.string(),
  /**
   * Past return in percent (2 decimals) over `past_return_days` calendar days, from `past_return_from`
   * to nav_date: (nav ÷ nav then − 1) × 100. Past performance, not a promise: screens label it as such.
   */
  past_return: decimalString,
  past_return_days: z.number().int(),
  past_return_from: z.string(),
});

/** One holding of the portfolio with its weight and the closes its value comes from. */
export const copyHolding = z.object({
  code: z.string(),
  /** Stock name in the reader's language. */
  name: z.string(),
  /** Fraction of the unit value at the base date ("0.25"); the weights sum to 1. */
  weight: decimalString,
  base_close: decimalString,
  last_close: decimalString,
});
/** One daily point of the unit value (the day's close; the last point may be live). */
export const copyNavPoint = z.object({ date: z.string(), nav: decimalString });

/** A follow order: every field of spec §3 Copy-trading order. `status` 0 active (counted in frozen), 1 ended. */
export const copyOrder = z.object({
  id: z.string(),
  order_no: z.string(),
  product_id: z.number().int(),
  status: z.number().int(),
  state: copyOrderState,
  market: marketType,
  currency: z.string(),
  /** Counted in frozen while active (the principal held), '0' once ended. */
  money: decimalString,
  /** In the reader's language. */
  product_name: z.string(),
  issuer: z.string(),
  lock_days: z.number().int(),
  min_investment: decimalString,
  deadline: z.string(),
  /** Buy amount (the principal). */
  amount: decimalString,
  /** Units bought (8 decimals) and the unit value paid; null while following (before the next close). */
  units: decimalString.nullable(),
  buy_nav: decimalString.nullable(),
  /** Current unit value (the redemption value once ended) and units × it. */
  nav: decimalString,
  value: decimalString,
  /** Change of value over the last trading day, and value − amount; '0' while following. */
  daily_profit: decimalString,
  total_profit: decimalString,
  /** First trading day of the units (null while following) and the last day of the lock-up. */
  started_on: z.string().nullable(),
  lock_ends_on: z.string().nullable(),
  /** Principal ± profit returned at redemption; null until ended. */
  redeemed_amount: decimalString.nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
});

/** /copy/list: products of one market (on the shelf, plus closed ones), newest first. */
export const copyListRequest = z.object({
  type: marketType.default('jpy'),
  page: pageField,
  size: sizeField,
  lang: langField,
});
export const copyListAnswer = z.object({ list: z.array(copyProduct), total: z.number().int() });

/** /copy/info: the product, its holdings, its daily NAV history since the base date, and the reader's follows. */
export const copyInfoRequest = z.object({ id: idField, lang: langField });
export const copyInfoAnswer = z.object({
  product: copyProduct,
  holdings: z.array(copyHolding),
  history: z.array(copyNavPoint),
  orders: z.array(copyOrder),
});

/** /copy/follow (idempotent): the amount in the product's currency. */
export const copyFollowRequest = z.object({ id: idField, amount: positiveAmount(), fund_password: fundPassword });

/** /copy/orders: the reader's follow orders of one market (also /trade/userproductlist, spec §7). */
export const copyOrdersRequest = z.object({
  type: marketType.default('jpy'),
  /** `lockup`: the active orders whose units are in their lock-up (the state derived at the app clock). */
  tab: z.enum(['all', 'active', 'lockup', 'ended'], { error: 'field_invalid' }).default('all'),
  lang: langField,
});
export const copyOrderList = z.array(copyOrder);

const nameField = plainString('field_invalid').trim().min(1, 'field_invalid').max(100, 'field_invalid');
const strategyField = plainString('field_invalid').trim().min(1, 'field_invalid').max(300, 'field_invalid');
/**
 * Holdings as one form field: "CODE:WEIGHT" pairs separated by commas ("7203:0.5,6758:0.5"), weights as
 * fractions with at most 6 decimals summing to exactly 1, codes listed names of the market
 * (stock_not_found), each once.
 */
export const copyHoldingsField = plainString('field_invalid')
  .trim()
  .regex(/^[A-Za-z0-9.]{1,16}:[01](\.\d{1,6})?(,[A-Za-z0-9.]{1,16}:[01](\.\d{1,6})?){0,19}$/, 'field_invalid')
  .transform((text) =>
    text.split(',').map((pair) => {
      const [code, weight] = pair.split(':') as [string, string];
      return { code: code.toUpperCase(), weight };
    }),
  )
  .refine((list) => new Set(list.map((h) => h.code)).size === list.length, 'field_invalid')
  .refine(
    (list) =>
      list.every((h) => /[1-9]/.test(h.weight) && Number(h.weight) <= 1) &&
      list.reduce((sum, h) => {
        const [whole, frac = ''] = h.weight.split('.');
        return sum + Number(whole) * 1_000_000 + Number(frac.padEnd(6, '0'));
      }, 0) === 1_000_000,
    'field_invalid',
  );

/**
 * /admin/copyProductCreate: the product's facts. The base date is the last trading day before creation
 * (NAV 1 there). No field types a return, a NAV or a profit.
 */
export const copyProductFields = z.object({
  market: marketType,
  name_zh: nameField,
  name_en: nameField,
  name_ja: nameField,
  issuer_zh: nameField,
  issuer_en: nameField,
  issuer_ja: nameField,
  strategy_zh: strategyField,
  strategy_en: strategyField,
  strategy_ja: strategyField,
  holdings: copyHoldingsField,
  lockup_days: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').max(3650),
  min_investment: positiveAmount(),
  capacity: positiveAmount(),
  /** ISO instant with its zone. */
  deadline: plainString('field_invalid')
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'field_invalid')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'field_invalid'),
});
export const copyProductIdRequest = z.object({ id: idField });
export const adminCopyListRequest = z.object({ page: pageField, lang: langField });

export type CopyProduct = z.infer<typeof copyProduct>;
export type CopyOrder = z.infer<typeof copyOrder>;
export type CopyHolding = z.infer<typeof copyHolding>;

export const COPYTRADE_ENDPOINTS = {
  copyList: {
    path: '/copy/list',
    auth: true,
    request: copyListRequest,
    data: copyListAnswer,
    summary: 'Copy-trading products of one market with unit value and past return (from the market data)',
  },
  copyInfo: {
    path: '/copy/info',
    auth: true,
    request: copyInfoRequest,
    data: copyInfoAnswer,
    summary: 'One product with its holdings, daily unit-value history and the reader’s follow orders',
  },
  copyFollow: {
    path: '/copy/follow',
    auth: true,
    request: copyFollowRequest,
    data: copyOrder,
    idempotent: true,
    summary: 'Follow a product: the amount is held and buys units at the next daily close',
  },
  copyOrders: {
    path: '/copy/orders',
    auth: true,
    request: copyOrdersRequest,
    data: copyOrderList,
    summary: 'The reader’s follow orders of one market with daily and total profit',
  },
  copyRiskDisclosure: {
    path: '/copy/riskDisclosure',
    auth: true,
    request: riskDisclosureRequest,
    data: riskDisclosure,
    summary: 'The current copy-trading risk disclosure in the requested language, and whether it was acknowledged',
  },
  copyRiskAck: {
    path: '/copy/riskAck',
    auth: true,
    request: riskAckRequest,
    data: riskAckAnswer,
    summary: 'Acknowledge the current copy-trading risk disclosure version (stored with its time)',
  },
} as const;

export const COPYTRADE_ADMIN_ENDPOINTS = {
  adminCopyProducts: {
    path: '/admin/copyProducts',
    auth: true,
    admin: true,
    request: adminCopyListRequest,
    data: copyListAnswer,
    summary: 'Every copy-trading product, newest first (off the shelf too)',
  },
  adminCopyProductCreate: {
    path: '/admin/copyProductCreate',
    auth: true,
    admin: true,
    request: copyProductFields,
    data: fourEyesWaiting,
    outcome: copyProduct,
    summary:
      'Create a copy-trading product over listed names with fixed weights (its value comes from the market data)',
  },
  adminCopyProductOffShelf: {
    path: '/admin/copyProductOffShelf',
    auth: true,
    admin: true,
    request: copyProductIdRequest,
    data: fourEyesWaiting,
    outcome: copyProduct,
    summary: 'Take a product off the shelf (no new follows; active ones run to the end of their lock-up)',
  },
} as const;
