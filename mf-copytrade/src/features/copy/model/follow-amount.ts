import { parseDecimal } from 'shared/money';

/** Error keys (of the `msg` catalogue) of the follow form's amount. */
export type FollowAmountError = 'amount_required' | 'amount_invalid' | 'min_buy_amount';

/**
 * Spec §5: the buy amount must be entered, and an amount below the product's minimum investment is
 * refused. `minimum` is undefined while the product is not known; the server checks again.
 */
export function checkFollowAmount(amount: string, minimum: string | undefined): FollowAmountError | undefined {
  const text = amount.trim();
  if (!text) return 'amount_required';
  const value = parseDecimal(text);
  if (!value || value.isNegative() || value.isZero()) return 'amount_invalid';
  if (minimum !== undefined && value.lessThan(minimum)) return 'min_buy_amount';
  return undefined;
}
