/**
 * Area /user/ (assets part): the whole account at once. Every currency the user holds money in,
 * with spec §4's figures for that currency (the same as /user/getUserinfo and the spec §7 list
 * calls give for its market), and the total of all of them in one display currency at the mid
 * rates of the exchange module (exchange_rates.rate: no spread, nothing is being exchanged).
 */
import { z } from 'zod';
import { currencyCode, decimalString } from '../common';

/** /user/assets: `display` is the currency the total is converted into (JPY by default). */
export const accountAssetsRequest = z.object({ display: currencyCode.default('JPY') });

/** Frozen money of one currency, by the parts of spec §4 (plus pending limit orders, as getUserinfo counts them). */
export const frozenParts = z.object({
  /** Subscribed new shares (status 1, rjmoney). */
  new_shares: decimalString,
  /** Withdrawals under review (status 0). */
  withdrawals: decimalString,
  /** Active copy-trades (status 0). */
  copy_trades: decimalString,
  /** Credit orders (status 0). */
  credit_orders: decimalString,
  /** Cost of holdings (holding or preparing to close: margin plus fee). */
  holdings: decimalString,
  /** Money held by pending limit orders (margin plus the fee due at the fill). */
  pending_orders: decimalString,
});
export type FrozenParts = z.infer<typeof frozenParts>;

/** One currency of the account; total = available + frozen (spec §4), debt shown beside it, not subtracted. */
export const currencyAssets = z.object({
  currency: currencyCode,
  available: decimalString,
  frozen: decimalString,
  frozen_parts: frozenParts,
  /** Outstanding loans (approved, less repayments). */
  debt: decimalString,
  /** Market value of the holdings at the last quote (at the buy price without one), to the minor unit. */
  holdings_value: decimalString,
  /** Floating P&L of the holdings, to the minor unit. */
  unrealised: decimalString,
  total: decimalString,
});
export type CurrencyAssets = z.infer<typeof currencyAssets>;

/** A mid rate used for the total: units of `to` per one unit of `from`, and when it was set. */
export const assetRate = z.object({
  from: currencyCode,
  to: currencyCode,
  rate: decimalString,
  updated_at: z.string(),
});
export type AssetRate = z.infer<typeof assetRate>;

export const accountAssets = z.object({
  display: currencyCode,
  /** Σ per-currency total × mid rate to `display`, rounded once to the display currency's minor unit. */
  total: decimalString,
  /** Which rate converts: the exchange's mid rate (the rate an exchange applies before its spread). */
  rate_kind: z.literal('mid'),
  /** The rates used, one per listed currency other than `display`. */
  rates: z.array(assetRate),
  /** The latest time among the rates used (null when only the display currency is listed). */
  rates_at: z.string().nullable(),
  /** JPY, USD and CNY always, then any other currency with a balance, a hold, frozen money or debt. */
  currencies: z.array(currencyAssets),
});
export type AccountAssets = z.infer<typeof accountAssets>;

export const USER_ASSETS_ENDPOINTS = {
  accountAssets: {
    path: '/user/assets',
    auth: true,
    request: accountAssetsRequest,
    data: accountAssets,
    summary: 'The whole account per currency (spec §4) and its total in one currency at the mid rates',
  },
} as const;
