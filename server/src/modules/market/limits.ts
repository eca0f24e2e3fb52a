/**
 * Tick sizes and daily price limits. Japan: the JPX tick tables (TOPIX 500 constituents and other
 * stocks) and the JPX daily limit bands by previous close; China A-share main board: ±10 % of the
 * previous close rounded to 0.01; US: no daily limit. Prices are printed as decimal strings: in integer
 * hundredths where the double is exactly a whole number of hundredths (every simulated price), else via decimal.js,
 * with the same rounding either way (limits.test.ts compares them).
 */
import { Decimal } from 'shared/money';
import type { MarketId } from './calendar';

// Module-level aliases: jest's vm sandbox makes every global lookup in a hot loop slow.
const M = Math;
const INF = Infinity;

/** [upper bound (exclusive for limits, inclusive for ticks), value] rows. */
type Table = ReadonlyArray<readonly [number, number]>;

/** JPX tick sizes for TOPIX 500 constituents: price at or below the bound → tick. */
const JPX_TICK_TOPIX500: Table = [
  [1_000, 0.1],
  [3_000, 0.5],
  [10_000, 1],
  [30_000, 5],
  [100_000, 10],
  [300_000, 50],
  [1_000_000, 100],
  [3_000_000, 500],
  [10_000_000, 1_000],
  [30_000_000, 5_000],
  [INF, 10_000],
];
/** JPX tick sizes for other stocks. */
const JPX_TICK_OTHER: Table = [
  [3_000, 1],
  [5_000, 5],
  [30_000, 10],
  [50_000, 50],
  [300_000, 100],
  [500_000, 500],
  [3_000_000, 1_000],
  [5_000_000, 5_000],
  [30_000_000, 10_000],
  [50_000_000, 50_000],
  [INF, 100_000],
];
/** JPX daily limit by previous close: close below the bound → limit (yen). */
export const JPX_LIMIT_BANDS: Table = [
  [100, 30],
  [200, 50],
  [500, 80],
  [700, 100],
  [1_000, 150],
  [1_500, 300],
  [2_000, 400],
  [3_000, 500],
  [5_000, 700],
  [7_000, 1_000],
  [10_000, 1_500],
  [15_000, 3_000],
  [20_000, 4_000],
  [30_000, 5_000],
  [50_000, 7_000],
  [70_000, 10_000],
  [100_000, 15_000],
  [150_000, 30_000],
  [200_000, 40_000],
  [300_000, 50_000],
  [500_000, 70_000],
  [700_000, 100_000],
  [1_000_000, 150_000],
  [1_500_000, 300_000],
  [2_000_000, 400_000],
  [3_000_000, 500_000],
  [5_000_000, 700_000],
  [7_000_000, 1_000_000],
  [10_000_000, 1_500_000],
  [15_000_000, 3_000_000],
  [20_000_000, 4_000_000],
  [30_000_000, 5_000_000],
  [50_000_000, 7_000_000],
  [INF, 10_000_000],
];

export interface TickRule {
  market: MarketId;
  kind: 'stock' | 'index';
  /** TOPIX 500 constituent (finer JPX ticks). */
  topix500?: boolean;
}

/** Tick size at a price. Indices and US/China stocks move by 0.01. */
export function tickSize(rule: TickRule, price: number): number {
  if (rule.kind === 'index' || rule.market !== 'jpy') return 0.01;
  const table = rule.topix500 === false ? JPX_TICK_OTHER : JPX_TICK_TOPIX500;
  for (const [bound, tick] of table) if (price <= bound) return tick;
  return table[table.length - 1]![1];
}

/** Decimal places of a tick size (0.01 → 2, 0.5 → 1, 5 → 0). */
export function tickDecimals(tick: number): number {
  return tick >= 1 ? 0 : tick >= 0.1 ? 1 : 2;
}

/** JPX daily price-limit width for a previous close. */
export function jpxLimitWidth(prevClose: number): number {
  for (const [bound, width] of JPX_LIMIT_BANDS) if (prevClose < bound) return width;
  return JPX_LIMIT_BANDS[JPX_LIMIT_BANDS.length - 1]![1];
}

export interface PriceLimits {
  up: number;
  down: number;
}

/** Today's limits from the previous close, or undefined where the market has none (US, indices). */
export function dailyLimits(rule: TickRule, prevClose: number): PriceLimits | undefined {
  if (rule.kind === 'index' || rule.market === 'usd') return undefined;
  if (rule.market === 'jpy') {
    const width = jpxLimitWidth(prevClose);
    return { up: prevClose + width, down: M.max(prevClose - width, tickSize(rule, 1)) };
  }
  const prev = new Decimal(prevClose);
  return {
    up: prev.times(1.1).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
    down: prev.times(0.9).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
  };
}

/**
 * Snaps a price to a valid tick inside the limits. Uses the coarser tick of the two sides of a JPX
 * band edge, so the result is a valid price whichever band it lands in.
 */
export function snap(rule: TickRule, price: number, limits: PriceLimits | undefined): number {
  let p = price;
  if (limits) p = M.min(limits.up, M.max(limits.down, p));
  const tick = tickSize(rule, p);
  let snapped = M.round(p / tick) * tick;
  if (tickSize(rule, snapped) > tick) snapped = M.round(p / tickSize(rule, snapped)) * tickSize(rule, snapped);
  if (limits) {
    // A limit off the tick grid (e.g. 2700.5 + 500 where the tick is 1) rounds inwards.
    if (snapped > limits.up) snapped = M.floor(limits.up / tickSize(rule, limits.up)) * tickSize(rule, limits.up);
    if (snapped < limits.down)
      snapped = M.ceil(limits.down / tickSize(rule, limits.down)) * tickSize(rule, limits.down);
  }
  // Clean float noise (e.g. 0.1 * 3): prices carry at most 2 decimals.
  return M.round(snapped * 100) / 100;
}

/** A price as a decimal string with the decimals of its market (2 for US/China/indices, Japan by tick). */
export function priceString(rule: TickRule, price: number): string {
  const decimals = rule.kind === 'index' || rule.market !== 'jpy' ? 2 : tickDecimals(tickSize(rule, price));
  const cents = wholeCents(price);
  if (cents !== undefined) return centsText(cents, decimals);
  return new Decimal(price).toDecimalPlaces(M.max(decimals, 0), Decimal.ROUND_HALF_UP).toFixed(decimals);
}

/**
 * The whole number k of hundredths a simulated figure is, when the double is exactly the one nearest to k/100 (every
 * price is: snap() ends in round(p × 100) / 100) and k has at most 15 digits: its shortest decimal string, which
 * decimal.js reads, is then k/100 itself. Undefined for anything else (float noise such as 0.1 + 0.2, more decimals):
 * callers format those through decimal.js.
 */
export function wholeCents(value: number): number | undefined {
  const cents = M.round(value * 100);
  return M.abs(cents) < 1e15 && cents / 100 === value ? cents : undefined;
}

/**
 * Integer division rounded half away from zero (decimal.js ROUND_HALF_UP) of safe integers. The floor of the
 * double quotient is the true one: a quotient 1/d below a whole number q < 2^53/d is more than half the doubles'
 * spacing there (under 2/d) away from q, so the correctly rounded division never lands on q.
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  const n = M.abs(numerator);
  const d = M.abs(denominator);
  let q = M.floor(n / d);
  if ((n - q * d) * 2 >= d) q += 1;
  return numerator < 0 !== denominator < 0 && q !== 0 ? -q : q;
}

/**
 * A whole number of hundredths as a decimal string with `decimals` places (0–2), rounded half away from zero:
 * what `new Decimal(cents / 100).toDecimalPlaces(decimals, ROUND_HALF_UP).toFixed(decimals)` prints, in integer
 * arithmetic (the live quotes format a dozen figures per code every second).
 */
export function centsText(cents: number, decimals: number): string {
  const units = decimals >= 2 ? cents : divideHalfUp(cents, decimals === 1 ? 10 : 100);
  const places = decimals >= 2 ? 2 : decimals;
  const digits = String(M.abs(units)).padStart(places + 1, '0');
  const sign = units < 0 ? '-' : '';
  return places === 0 ? sign + digits : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
