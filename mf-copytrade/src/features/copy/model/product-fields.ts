import type { StatusTone } from 'shared/ui';
import { Decimal, parseDecimal } from 'shared/money';

/** A product's shelf state as the contract names it. */
export type ProductState = 'open' | 'closed' | 'off_shelf';

/** Badge tone of each shelf state: open to follow, past its deadline, taken off the shelf. */
export const PRODUCT_TONES: Record<ProductState, StatusTone> = {
  open: 'success',
  closed: 'neutral',
  off_shelf: 'neutral',
};

/** A weight fraction ("0.25") as a percent with 2 decimals ("25.00%"), in decimals. */
export function weightPercent(weight: string): string {
  const value = parseDecimal(weight);
  if (!value) return weight;
  return `${value.times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)}%`;
}

/** A unit value with its 4 decimals (the server sends 6): rounded half up, in decimals. */
export function navText(nav: string): string {
  const value = parseDecimal(nav);
  return value ? value.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4) : nav;
}
