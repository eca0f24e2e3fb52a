import type { NewShareApplication } from 'shared/contract';
import { Decimal, parseDecimal } from 'shared/money';

/** A quantity of lots as typed: a whole positive number, else undefined (the form says why). */
export function lotsOf(input: string): Decimal | undefined {
  const lots = parseDecimal(input.trim());
  return lots && lots.isInteger() && lots.gt(0) ? lots : undefined;
}

/** Shares of a number of lots (lots × lot size), as the wire's whole-number string. */
export const sharesOf = (lots: Decimal, lotSize: number) => lots.times(lotSize).toFixed(0);

/** The subscribed amount: subscription price × shares, in decimals (never floats). */
export const subscriptionAmount = (price: string, shares: Decimal.Value) => new Decimal(price).times(shares).toFixed();

/** The most lots the cap allows (cap ÷ lot size, rounded down). */
export const maxLots = (cap: string, lotSize: number) =>
  new Decimal(cap).dividedToIntegerBy(lotSize > 0 ? lotSize : 1).toFixed(0);

/** What a won allotment costs: issue price × allotted shares; only while payment is due. */
export function amountDue(application: NewShareApplication): string | undefined {
  if (application.state !== 'won' || application.allotted_quantity === null) return undefined;
  return new Decimal(application.issue_price).times(application.allotted_quantity).toFixed();
}
