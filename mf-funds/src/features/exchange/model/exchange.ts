import { exchangeRequest } from 'shared/contract';
import { CURRENCIES, Decimal, MINOR_UNITS, parseDecimal, roundMoney, type Currency } from 'shared/money';

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

type ExchangeInput = { from: Currency; to: Currency; amount: string };
type ExchangeErrors = Partial<Record<'amount' | 'to', string>>;

/**
 * The exchange's rules beyond the contract's schema, as the server checks them: never a currency
 * into itself, no finer than the minor unit of `from`.
 */
export function exchangeRules(input: ExchangeInput): ExchangeErrors {
  const errors: ExchangeErrors = {};
  if (input.from === input.to) errors.to = 'same_currency';
  const amount = parseDecimal(input.amount.trim());
  if (amount && amount.decimalPlaces() > MINOR_UNITS[input.from]) errors.amount = 'amount_invalid';
  return errors;
}

/**
 * The exchange checked as the server does (the key per field the form shows): the contract's schema
 * (amount entered, positive, two currencies) first, then {@link exchangeRules}.
 */
export function validateExchange(input: ExchangeInput): ExchangeErrors {
  const errors: ExchangeErrors = {};
  const parsed = exchangeRequest.safeParse(input);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'amount' || field === 'to') errors[field] ??= issue.message;
  }
  const rules = exchangeRules(input);
  if (rules.to) errors.to = rules.to;
  if (rules.amount) errors.amount ??= rules.amount;
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

/** A rate as investors read it: one unit of the higher-valued currency ("1 USD = 150.12 JPY"). */
export interface NaturalRate {
  base: string;
  quote: string;
  rate: string;
}

/**
 * The natural direction of a quoted rate `1 from = rate to`: when one `from` is worth less than one `to` (rate < 1)
 * the pair is turned round and the rate inverted, so 1 JPY = 0.00666667 USD reads 1 USD = 150 JPY. Display only, with
 * 5 significant digits (never fewer than the whole part; thousands separators): 150.12, 7.2457, 26,001. The exact
 * rate stays in use for every calculation. A rate that is not a positive number is shown as given.
 */
export function naturalRate(from: string, to: string, rate: string, digits = 5): NaturalRate {
  const value = parseDecimal(rate);
  if (!value || !value.isPositive() || value.isZero()) return { base: from, quote: to, rate };
  const inverted = value.lessThan(1);
  const shown = inverted ? new Decimal(1).dividedBy(value) : value;
  const whole = shown.truncated().toFixed().length;
  const [int, frac] = shown.toSignificantDigits(Math.max(digits, whole), Decimal.ROUND_HALF_UP).toFixed().split('.');
  const text = `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
  return inverted ? { base: to, quote: from, rate: text } : { base: from, quote: to, rate: text };
}
