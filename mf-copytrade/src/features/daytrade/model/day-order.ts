import type { BodyOf } from 'shared/api';
import type { ENDPOINTS, Quote } from 'shared/contract';
import { Decimal, formatMoney, parseDecimal } from 'shared/money';
import { withinPriceLimits } from 'shared/order-rules';

export type DayPriceType = 'market' | 'limit';
export type DaySide = 'long' | 'short';

/** The values of the day-trade order form. */
export interface DayOrderDraft {
  code: string;
  side: DaySide;
  priceType: DayPriceType;
  price: string;
  quantity: string;
}

export const EMPTY_DAY_ORDER: DayOrderDraft = { code: '', side: 'long', priceType: 'market', price: '', quantity: '' };

/** The body of POST /daytrade/order (the market is the application's; a market order sends no price). */
export type DayOrderBody = BodyOf<typeof ENDPOINTS.dayTradeOrder>;

export function dayOrderBody(draft: DayOrderDraft, id: number): DayOrderBody {
  return {
    id,
    code: draft.code.trim().toUpperCase(),
    side: draft.side,
    price_type: draft.priceType,
    ...(draft.priceType === 'limit' ? { price: draft.price.trim() } : {}),
    quantity: draft.quantity.trim(),
  };
}

/** The price the notional is computed at: the limit, or the last price for a market order. */
export function orderPrice(draft: DayOrderDraft, lastPrice: string | undefined): Decimal | undefined {
  const text = draft.priceType === 'limit' ? draft.price.trim() : lastPrice;
  const price = text === undefined ? undefined : parseDecimal(text);
  return price && price.isPositive() && !price.isZero() ? price : undefined;
}

/** Notional = price × quantity: what the order draws on the allowance (the server's `used`). */
export function notionalOf(draft: DayOrderDraft, lastPrice: string | undefined): Decimal | undefined {
  const price = orderPrice(draft, lastPrice);
  const quantity = /^\d{1,9}$/.test(draft.quantity.trim()) ? new Decimal(draft.quantity.trim()) : undefined;
  return price && quantity && !quantity.isZero() ? price.times(quantity) : undefined;
}

/** A problem the form finds before sending: a key of the `msg` catalogue with its values. */
export interface DayOrderError {
  key: string;
  values?: Record<string, string>;
}

/**
 * The checks the contract's schema leaves to the server that the form can make too: a limit within today's price
 * limits, and the notional within the remaining allowance (`day_trade_allowance_exceeded`, naming what remains).
 */
export function dayOrderRules(
  draft: DayOrderDraft,
  quote: Pick<Quote, 'limit_down' | 'limit_up'> | undefined,
  lastPrice: string | undefined,
  remaining: string,
  currency: string,
): Partial<Record<'price' | 'quantity', DayOrderError>> {
  const errors: Partial<Record<'price' | 'quantity', DayOrderError>> = {};
  // The price band of shared/src/order-rules.ts (the server's rule); a malformed price is the schema's to name.
  const limit = draft.priceType === 'limit' ? parseDecimal(draft.price.trim()) : undefined;
  if (limit && quote && !withinPriceLimits(limit, quote.limit_down, quote.limit_up))
    errors.price = { key: 'price_beyond_limit' };
  const notional = notionalOf(draft, lastPrice);
  if (notional && notional.greaterThan(remaining))
    errors.quantity = {
      key: 'day_trade_allowance_exceeded',
      values: { remaining: `${formatMoney(remaining)} ${currency}` },
    };
  return errors;
}
