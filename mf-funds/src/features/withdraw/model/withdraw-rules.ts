import { MINOR_UNITS, formatMoney, type Decimal, type Currency } from 'shared/money';

/**
 * Review state of a withdrawal in /user/withdrawallist: 0 pending review, 1 approved (paid out),
 * 2 rejected (the frozen amount is released). Any other code shows as "processed" rather than a guess.
 */
export function withdrawalState(status: number): 'pending' | 'approved' | 'rejected' | 'processed' {
  if (status === 0) return 'pending';
  if (status === 1) return 'approved';
  if (status === 2) return 'rejected';
  return 'processed';
}

/** "30,000 JPY": an amount in its currency's minor unit, as the server words its messages. */
export const amountText = (amount: Decimal.Value, currency: Currency) =>
  `${formatMoney(amount, { decimals: MINOR_UNITS[currency] })} ${currency}`;
