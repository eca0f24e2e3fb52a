import { depositRequest } from 'shared/contract';
import { Decimal, MINOR_UNITS, formatMoney, parseDecimal, type Currency } from 'shared/money';
import { zodErrors } from '#lib';

export interface DepositFormInput {
  amount: string;
  currency: Currency;
  channel_id: string;
  proof: File | null;
  /** The server's maximum per deposit (/funds/channels `max`). */
  max: string | undefined;
}

/** A field error: a message key of the `msg` namespace and its values. */
export interface FieldError {
  key: string;
  values?: Record<string, string>;
}

/**
 * Checks the deposit form as the server does: the contract's schema (amount entered, a positive
 * decimal, a channel), no finer than the currency's minor unit, not over the maximum, a proof image.
 */
export function validateDeposit(
  input: DepositFormInput,
): Partial<Record<'amount' | 'channel_id' | 'proof', FieldError>> {
  const errors: Partial<Record<'amount' | 'channel_id' | 'proof', FieldError>> = {};
  const schema = zodErrors(depositRequest, {
    amount: input.amount,
    currency: input.currency,
    channel_id: input.channel_id,
  });
  if (schema.amount) errors.amount = { key: schema.amount };
  if (schema.channel_id) errors.channel_id = { key: schema.channel_id, values: { field: 'channel_id' } };
  const amount = parseDecimal(input.amount.trim());
  if (!errors.amount && amount) {
    if (amount.decimalPlaces() > MINOR_UNITS[input.currency]) errors.amount = { key: 'amount_invalid' };
    else if (input.max && amount.gt(new Decimal(input.max))) {
      errors.amount = {
        key: 'deposit_max',
        values: { max: `${formatMoney(input.max, { decimals: MINOR_UNITS[input.currency] })} ${input.currency}` },
      };
    }
  }
  if (!input.proof) errors.proof = { key: 'proof_required' };
  return errors;
}
