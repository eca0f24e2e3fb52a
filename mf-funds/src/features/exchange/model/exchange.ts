import { exchangeRequest } from 'shared/contract';
import { CURRENCIES, Decimal, MINOR_UNITS, parseDecimal, roundMoney, type Currency } from 'shared/money';
import { zodErrors } from '#lib';

export { CURRENCIES, type Currency };

/**
 * The preview of an exchange, by the server's rule (server/src/modules/exchange/exchange-math.ts):
 *   mid      = roundMoney(amount × rate, to)
 *   credited = roundMoney(amount × rate × (1 − spread), to)   what the user receives
 *   fee      = mid − credited                                  the spread
 * Half-even to the target currency's minor unit. Only a preview: the server's answer is what counts.
 */
export function quoteExchange(amount: Decimal.Value, to: Currency, rate: Decimal.Value, spread: Decimal.Value) {
  const gross = new Decimal(amount).times(rate);
  const mid = roundMoney(gross, to);
  const credited = roundMoney(gross.times(new Decimal(1).minus(spread)), to);
  return { mid, credited, fee: mid.minus(credited) };
}

/** Validates the exchange form as the server does: the contract's schema (amount entered, positive, two currencies) and the minor unit of `from`. */
export function validateExchange(input: {
  from: Currency;
  to: Currency;
  amount: string;
}): Partial<Record<'amount' | 'to', string>> {
  const errors: Partial<Record<'amount' | 'to', string>> = {};
  const schema = zodErrors(exchangeRequest, input);
  if (schema.amount) errors.amount = schema.amount;
  if (schema.to) errors.to = schema.to;
  if (input.from === input.to) errors.to = 'same_currency';
  const amount = parseDecimal(input.amount.trim());
  if (!errors.amount && amount && amount.decimalPlaces() > MINOR_UNITS[input.from]) errors.amount = 'amount_invalid';
  return errors;
}

/**
 * A rate for display only: `digits` significant digits ("0.006666666667" → "0.00666667"); the
 * exact rate stays in use for every calculation. Anything that is not a number is shown as given.
 */
export function displayRate(rate: string, digits = 6): string {
  const value = parseDecimal(rate);
  return value ? value.toSignificantDigits(digits, Decimal.ROUND_HALF_UP).toFixed() : rate;
}
