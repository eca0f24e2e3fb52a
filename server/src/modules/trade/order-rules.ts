/**
 * The checks of an advanced order's prices (issue 13; contract areas/trade-orders.ts): the trigger, an OCO's
 * two legs, the validity, the IFD exits, and the price its hold is taken at. Pure functions over the order's
 * session (order-session.ts), shared by placement (place-order.ts) and /trade/modify (modify-order.ts).
 */
import { Decimal } from 'shared/money';
import { exitOnWrongSide, ocoLegsInOrder, triggerReached, validityRefusal } from 'shared/order-rules';
import { BusinessError } from '../../errors';
import { dayOf } from '../market/calendar';
import { checkOrderPrice, marketHoldPrice, validUntilMax, type OrderSession } from './order-session';
import type { Direction } from './trade-math';

export type OrderType = 'normal' | 'stop' | 'oco';

/** A stop trigger is reached (the one rule, shared/src/order-rules.ts, which the forms call too). */
export { triggerReached };

/** An exit is reached: take profit (long ≥, short ≤) or stop loss (long ≤, short ≥). */
export function exitReached(
  direction: Direction,
  exits: { takeProfit: Decimal.Value | null; stopLoss: Decimal.Value | null },
  price: Decimal.Value,
): 'take_profit' | 'stop_loss' | undefined {
  const p = new Decimal(price);
  const long = direction === 'long';
  if (exits.takeProfit !== null && (long ? p.gte(exits.takeProfit) : p.lte(exits.takeProfit))) return 'take_profit';
  if (exits.stopLoss !== null && (long ? p.lte(exits.stopLoss) : p.gte(exits.stopLoss))) return 'stop_loss';
  return undefined;
}

export interface OrderPrices {
  direction: Direction;
  orderType: OrderType;
  priceType: 'limit' | 'market';
  limit: Decimal | undefined;
  trigger: Decimal | undefined;
}

/**
 * Checks the limit and the trigger against the session's limits, a trigger already reached while the market is
 * open (trigger_already_reached {price}) and an OCO's legs (oco_prices_order).
 */
export function checkOrderPrices(session: OrderSession, order: OrderPrices): void {
  checkOrderPrice(session, order.limit, 'price');
  checkOrderPrice(session, order.trigger, 'trigger_price');
  if (order.trigger && session.status === 'open' && triggerReached(order.direction, order.trigger, session.reference))
    throw new BusinessError('trigger_already_reached', {
      field: 'trigger_price',
      values: { price: new Decimal(session.reference).toFixed() },
    });
  if (
    order.orderType === 'oco' &&
    order.limit &&
    order.trigger &&
    !ocoLegsInOrder(order.direction, order.limit, order.trigger)
  )
    throw new BusinessError('oco_prices_order', { field: 'price' });
}

/** The validity of an order of the session: default the session's date; validity_past / validity_beyond {max}. */
export function checkValidity(
  session: Pick<OrderSession, 'tradeDate' | 'day'>,
  validUntil: string | undefined,
): string {
  if (validUntil === undefined || validUntil === '') return session.tradeDate;
  const [y, m, d] = validUntil.split('-').map(Number) as [number, number, number];
  const day = dayOf(y, m, d);
  if (Number.isNaN(day) || new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) !== validUntil)
    throw new BusinessError('field_invalid', { field: 'valid_until', values: { field: 'valid_until' } });
  const max = validUntilMax(session.day);
  const refusal = validityRefusal(validUntil, session.tradeDate, max);
  if (refusal === 'validity_past') throw new BusinessError('validity_past', { field: 'valid_until' });
  if (refusal === 'validity_beyond')
    throw new BusinessError('validity_beyond', { field: 'valid_until', values: { max } });
  return validUntil;
}

/** IFD exits on the right side of `reference`: long take profit above and stop loss below; short the reverse. */
export function checkExits(
  direction: Direction,
  reference: Decimal.Value,
  exits: { takeProfit: Decimal | null; stopLoss: Decimal | null },
): void {
  const price = new Decimal(reference).toFixed();
  if (exits.takeProfit && exitOnWrongSide(direction, 'take_profit', exits.takeProfit, reference))
    throw new BusinessError('take_profit_side', { field: 'take_profit', values: { price } });
  if (exits.stopLoss && exitOnWrongSide(direction, 'stop_loss', exits.stopLoss, reference))
    throw new BusinessError('stop_loss_side', { field: 'stop_loss', values: { price } });
}

/** The entry reference the exits of an order are checked against: its limit, its trigger, else the price now. */
export function entryReference(order: OrderPrices, session: OrderSession): Decimal {
  return order.limit ?? order.trigger ?? new Decimal(session.reference);
}

/** Whether an order may fill at any price (a market order, a stop-market, an OCO's stop leg). */
export function hasMarketComponent(order: Pick<OrderPrices, 'orderType' | 'priceType'>): boolean {
  return order.priceType === 'market' || order.orderType === 'oco';
}

/** The price a pending order's hold is taken at (margin + fee): its limit, or the session's upper price. */
export function holdPrice(order: OrderPrices, session: OrderSession, buffer: Decimal): Decimal {
  return hasMarketComponent(order) ? marketHoldPrice(session, buffer) : order.limit!;
}

/** An optional price field: undefined when absent, null when cleared (''), else the decimal. */
export function optionalDecimal(value: string | undefined): Decimal | null | undefined {
  if (value === undefined) return undefined;
  return value === '' ? null : new Decimal(value);
}
