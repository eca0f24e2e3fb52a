/**
 * Margin figures of an open position as the server computes them (server trade-math liquidationPrice, the
 * matcher's own function), in decimals: the live maintenance ratio (equity ÷ margin) and the liquidation price
 * at which the margin call closes the position, also for the preview of an added amount before sending.
 */
import { Decimal } from 'shared/money';

export interface MarginInputs {
  direction: 'long' | 'short' | string;
  buy_price: string;
  stock_num: string;
  margin: string;
  /** The rule (/trade/config maintenance_ratio, sent with the position). */
  margin_call_ratio: string;
}

/** buy ∓ (1 − ratio) × margin ÷ quantity, rounded to 8 decimals toward the safe side; null when ≤ 0. */
export function liquidationPrice(p: MarginInputs, added: Decimal.Value = 0): string | null {
  const margin = new Decimal(p.margin).plus(added);
  const cushion = new Decimal(1).minus(p.margin_call_ratio).times(margin).div(p.stock_num);
  const long = p.direction !== 'short';
  const price = long ? new Decimal(p.buy_price).minus(cushion) : new Decimal(p.buy_price).plus(cushion);
  const shown = price.toDecimalPlaces(8, long ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR);
  return shown.gt(0) ? shown.toFixed() : null;
}

/** Equity ÷ margin at `price`, 4 decimals (as the server sends `maintenance_ratio`). */
export function maintenanceRatio(p: Omit<MarginInputs, 'margin_call_ratio'>, price: Decimal.Value): string {
  const perShare =
    p.direction === 'short' ? new Decimal(p.buy_price).minus(price) : new Decimal(price).minus(p.buy_price);
  const margin = new Decimal(p.margin);
  return margin.plus(perShare.times(p.stock_num)).div(margin).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

/** A ratio as a percentage with 2 decimals ("0.8731" → "87.31%"). */
export function ratioPercent(ratio: Decimal.Value): string {
  return `${new Decimal(ratio).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)}%`;
}

/** The amount typed, when it is a positive whole number (the contract's rule), else undefined. */
export function wholeAmount(text: string): Decimal | undefined {
  const trimmed = text.trim();
  return /^0*[1-9]\d{0,11}$/.test(trimmed) ? new Decimal(trimmed) : undefined;
}
