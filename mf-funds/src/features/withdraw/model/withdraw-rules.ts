import { withdrawRequest } from 'shared/contract';
import { Decimal, MINOR_UNITS, formatMoney, parseDecimal, type Currency } from 'shared/money';
import { zodErrors } from '#lib';

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

export interface WithdrawInput {
  amount: string;
  currency: Currency;
  cardId: string;
  fundPassword: string;
  /** Minimum of the currency (/funds/withdrawRules), undefined when the currency cannot be withdrawn. */
  min: string | undefined;
  /** Available balance of the currency (/funds/balances). */
  available: string | undefined;
}

export interface FieldError {
  key: string;
  values?: Record<string, string>;
}

/** Checks the withdrawal form as the server does: the contract's schema, the minor unit, the minimum, the balance. */
export function validateWithdraw(
  input: WithdrawInput,
): Partial<Record<'amount' | 'card_id' | 'fund_password' | 'currency', FieldError>> {
  const errors: Partial<Record<'amount' | 'card_id' | 'fund_password' | 'currency', FieldError>> = {};
  const schema = zodErrors(withdrawRequest, {
    amount: input.amount,
    currency: input.currency,
    card_id: input.cardId,
    fund_password: input.fundPassword,
  });
  if (schema.amount) errors.amount = { key: schema.amount };
  if (schema.card_id) errors.card_id = { key: 'bank_card_required' };
  if (schema.fund_password) errors.fund_password = { key: schema.fund_password };
  if (!input.min) errors.currency = { key: 'withdraw_currency_unavailable' };
  const amount = parseDecimal(input.amount.trim());
  if (!errors.amount && amount) {
    if (amount.decimalPlaces() > MINOR_UNITS[input.currency]) errors.amount = { key: 'amount_invalid' };
    else if (input.min && amount.lt(input.min))
      errors.amount = { key: 'withdraw_min', values: { min: amountText(input.min, input.currency) } };
    else if (input.available !== undefined && amount.gt(input.available))
      errors.amount = { key: 'insufficient_balance' };
  }
  return errors;
}
