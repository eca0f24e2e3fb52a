/**
 * Exchange arithmetic (pure, property-tested). Rule, for `amount` of `from` at mid `rate` (units of
 * `to` per unit of `from`) and `spread` (a fraction):
 *   mid      = roundMoney(amount × rate, to)               what the fx desk pays out at the mid rate
 *   credited = roundMoney(amount × rate × (1 − spread), to) what the user receives
 *   fee      = mid − credited                                the spread, booked to revenue
 * Rounding is half-even to the minor unit (shared/money roundMoney). Because rounding is monotone,
 * credited ≤ mid, so fee ≥ 0; and credited + fee = mid exactly, so the `to` leg of the journal
 * (fx −mid, user +credited, revenue +fee) sums to zero: rounding moves no money in or out of the
 * ledger, it only decides which side of half a minor unit the desk pays.
 */
import { Decimal, MINOR_UNITS, roundMoney, type Currency } from 'shared/money';

export interface ExchangeQuote {
  debited: Decimal;
  mid: Decimal;
  credited: Decimal;
  fee: Decimal;
}

export function quoteExchange(
  amount: Decimal.Value,
  to: Currency,
  rate: Decimal.Value,
  spread: Decimal.Value,
): ExchangeQuote {
  const debited = new Decimal(amount);
  const gross = debited.times(rate);
  const mid = roundMoney(gross, to);
  const credited = roundMoney(gross.times(new Decimal(1).minus(spread)), to);
  return { debited, mid, credited, fee: mid.minus(credited) };
}

/** True when the amount has no more decimals than the currency's minor unit allows. */
export function fitsMinorUnit(amount: Decimal.Value, currency: Currency): boolean {
  return new Decimal(amount).decimalPlaces() <= MINOR_UNITS[currency];
}
