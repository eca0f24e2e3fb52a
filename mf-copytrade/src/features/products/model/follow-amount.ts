import { parseDecimal } from 'shared/money';

/** Error keys (under `follow.error.`) of the follow form. */
export type FollowAmountError = 'amountRequired' | 'amountInvalid' | 'belowMinimum';

/**
 * Spec §5: the buy amount must be entered, and an amount below the product's minimum investment is
 * refused. `minimum` is undefined while the product is not known; the server checks again.
 */
export function checkFollowAmount(amount: string, minimum: string | undefined): FollowAmountError | undefined {
  const text = amount.trim();
  if (!text) return 'amountRequired';
  const value = parseDecimal(text);
  if (!value || value.isNegative() || value.isZero()) return 'amountInvalid';
  if (minimum !== undefined && value.lessThan(minimum)) return 'belowMinimum';
  return undefined;
}
