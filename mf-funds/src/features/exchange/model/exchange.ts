import { CURRENCIES, parseDecimal, type Currency } from 'shared/money';

export { CURRENCIES, type Currency };

/** Error keys (under `exchange.error.`) of the exchange form, spec §5. */
export type ExchangeError = 'amountRequired' | 'amountInvalid' | 'sameCurrency';

/** Validates the exchange form as spec §5 says: amount entered and positive, different currencies. */
export function validateExchange(input: { from: Currency; to: Currency; amount: string }): Partial<Record<'amount' | 'to', ExchangeError>> {
  const errors: Partial<Record<'amount' | 'to', ExchangeError>> = {};
  if (input.from === input.to) errors.to = 'sameCurrency';
  const text = input.amount.trim();
  if (!text) errors.amount = 'amountRequired';
  else {
    const value = parseDecimal(text);
    if (!value || !value.isPositive() || value.isZero()) errors.amount = 'amountInvalid';
  }
  return errors;
}
