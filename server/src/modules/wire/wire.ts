/**
 * How values travel on the wire, for every module: decimals as plain strings ("30000", never
 * "30000.00000000" or a JS number), times as ISO 8601 UTC, amounts in messages in their
 * currency's minor unit, and the one parser of user-typed amounts.
 */
import { Decimal, MINOR_UNITS, formatMoney, parseDecimal, type Currency } from 'shared/money';
import { BusinessError } from '../../errors';

/** Wire form of a numeric column: "30000.00000000" → "30000". */
export const wire = (value: Decimal.Value | null | undefined): string => new Decimal(value ?? 0).toFixed();

/**
 * ISO 8601 UTC of a timestamp (a Date from typed columns, text from raw SQL), or null for none: the one place a
 * time becomes wire text (a field that reads '' for none says `iso(v) ?? ''`).
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** "30,000 JPY": an amount in its currency's minor unit, for messages. */
export function formatAmount(amount: Decimal.Value, currency: Currency): string {
  return `${formatMoney(amount, { decimals: MINOR_UNITS[currency] })} ${currency}`;
}

/**
 * A user-typed amount: positive and no finer than the currency's minor unit. Never rounded
 * silently: 100.005 USD is refused with amount_invalid.
 */
export function userAmount(text: string, currency: Currency, field = 'amount'): Decimal {
  const value = parseDecimal(text);
  if (!value || !value.isPositive() || value.isZero() || value.decimalPlaces() > MINOR_UNITS[currency]) {
    throw new BusinessError('amount_invalid', { field });
  }
  return value;
}
