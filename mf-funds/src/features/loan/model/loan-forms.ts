import { MINOR_UNITS, formatMoney, parseDecimal, type Currency } from 'shared/money';
import { formatLocalTime } from '#lib';

/** Wait after the last keystroke before asking the server for a quote (ms). */
export const QUOTE_DEBOUNCE_MS = 400;

/** "180,000 JPY": an amount in its currency's minor unit, as the server words its messages. */
export const amountText = (amount: string, currency: Currency) =>
  `${formatMoney(amount, { decimals: MINOR_UNITS[currency] })} ${currency}`;

/** The typed amount as the server prints it ("50000"), or '' when it is not a positive amount of the currency. */
export function quotableAmount(text: string | undefined, currency: Currency): string {
  const amount = parseDecimal((text ?? '').trim());
  if (!amount || !amount.isPositive() || amount.isZero() || amount.decimalPlaces() > MINOR_UNITS[currency]) return '';
  return amount.toFixed();
}

/** An annual rate in per cent with at least one decimal: "15" → "15.0", "14.95" → "14.95". */
export const rateText = (pct: string) =>
  formatMoney(pct, { decimals: Math.max(1, parseDecimal(pct)?.decimalPlaces() ?? 1) });

/** The calendar date of an instant in the user's time zone: "2026-12-16". */
export const dateText = (iso: string | null | undefined) => formatLocalTime(iso).slice(0, 10);
