import { Decimal, parseDecimal } from 'shared/money';

/** Error keys (of the `msg` catalogue) of the application's participation amount, checked before sending. */
export type ParticipationError =
  'amount_required' | 'amount_invalid' | 'day_trade_min_participation' | 'insufficient_balance';

/**
 * Spec §5: the amount must be entered; the server refuses a participation below the market's minimum
 * (`day_trade_min_participation`) and beyond the available balance (`insufficient_balance`), and so does the form
 * while /daytrade/config is known. `minimum` and `available` are undefined until then; the server checks again.
 */
export function checkParticipation(
  amount: string,
  minimum: string | undefined,
  available: string | undefined,
): ParticipationError | undefined {
  const text = amount.trim();
  if (!text) return 'amount_required';
  const value = parseDecimal(text);
  if (!value || value.isNegative() || value.isZero()) return 'amount_invalid';
  if (minimum !== undefined && value.lessThan(minimum)) return 'day_trade_min_participation';
  if (available !== undefined && value.greaterThan(available)) return 'insufficient_balance';
  return undefined;
}

/**
 * The intraday allowance an amount gives: participation × the config's multiple (decimal.js, never a float), as the
 * server computes it; undefined while the amount is not a positive decimal or the multiple is not known.
 */
export function allowanceOf(amount: string, multiple: string | undefined): Decimal | undefined {
  const value = parseDecimal(amount.trim());
  const times = multiple === undefined ? undefined : parseDecimal(multiple);
  if (!value || !times || !value.isPositive() || value.isZero()) return undefined;
  return value.times(times);
}
