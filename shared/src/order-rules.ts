/**
 * The pure rules of an order's prices, written once (issue 36) and called by the server (which enforces them:
 * server/src/modules/trade/order-rules.ts, order-session.ts) and by every form that checks them first for speed
 * (mf-trade's trade ticket, mf-copytrade's day-trade order). Decimal only; every price a decimal value.
 */
import { Decimal } from './money';

export type OrderDirection = 'long' | 'short';

/** Whether a price lies inside the session's limits (a null bound does not apply: the US market has none). */
export function withinPriceLimits(
  price: Decimal.Value,
  limitDown: Decimal.Value | null,
  limitUp: Decimal.Value | null,
) {
  const p = new Decimal(price);
  return (limitDown === null || p.gte(limitDown)) && (limitUp === null || p.lte(limitUp));
}

/** A stop trigger is reached: a long's price at or above it, a short's at or below. */
export function triggerReached(direction: OrderDirection, trigger: Decimal.Value, price: Decimal.Value): boolean {
  return direction === 'long' ? new Decimal(price).gte(trigger) : new Decimal(price).lte(trigger);
}

/** An OCO's two legs are in order: a long's limit below its trigger, a short's above (else oco_prices_order). */
export function ocoLegsInOrder(direction: OrderDirection, limit: Decimal.Value, trigger: Decimal.Value): boolean {
  return direction === 'long' ? new Decimal(limit).lt(trigger) : new Decimal(limit).gt(trigger);
}

/**
 * An IFD exit on the wrong side of the entry it is checked against (take_profit_side / stop_loss_side): a long's
 * take profit must be above the entry and its stop loss below; a short's the reverse.
 */
export function exitOnWrongSide(
  direction: OrderDirection,
  exit: 'take_profit' | 'stop_loss',
  value: Decimal.Value,
  entry: Decimal.Value,
): boolean {
  const above = new Decimal(value).gt(entry);
  const below = new Decimal(value).lt(entry);
  const long = direction === 'long';
  return exit === 'take_profit' ? !(long ? above : below) : !(long ? below : above);
}

/**
 * The refusal of a validity date (YYYY-MM-DD) outside [the order session's date, the last date allowed]:
 * validity_past, validity_beyond, or undefined when it is inside.
 */
export function validityRefusal(
  date: string,
  sessionDate: string,
  lastDate: string,
): 'validity_past' | 'validity_beyond' | undefined {
  if (date < sessionDate) return 'validity_past';
  if (date > lastDate) return 'validity_beyond';
  return undefined;
}
