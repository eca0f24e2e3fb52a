/**
 * Indicator math of the sub chart, as pure functions over candle arrays (oldest first). Values are
 * display figures (floats), never money. `null` marks a point that has too little history.
 *
 * - EMA is seeded with the simple average of its first `period` values (as Highcharts does), so the
 *   MACD figures shown as text match the MACD series Highcharts draws.
 * - RSI uses Wilder's smoothing, its first average over the first `period` changes.
 * - KDJ is the stochastic used by Asian broker apps: RSV over `n` candles, K and D smoothed with
 *   weight 1/m1 and 1/m2 from a start of 50, J = 3K − 2D.
 */

export interface Hlc {
  high: number;
  low: number;
  close: number;
}

/** Exponential moving average; the first `period - 1` values are null. */
export function ema(values: readonly number[], period: number): (number | null)[] {
  const out: (number | null)[] = new Array(values.length).fill(null);
  if (values.length < period) return out;
  const k = 2 / (period + 1);
  let sum = 0;
  for (let i = 0; i < period; i += 1) sum += values[i]!;
  let prev = sum / period;
  out[period - 1] = prev;
  for (let i = period; i < values.length; i += 1) {
    prev = values[i]! * k + prev * (1 - k);
    out[i] = prev;
  }
  return out;
}

export interface MacdPoint {
  /** Fast EMA − slow EMA (DIF). */
  macd: number | null;
  /** EMA of the MACD line (DEA). */
  signal: number | null;
  /** MACD − signal. */
  histogram: number | null;
}

/** MACD(fast, slow, signal), default 12, 26, 9. */
export function macd(closes: readonly number[], fast = 12, slow = 26, signalPeriod = 9): MacdPoint[] {
  const fastEma = ema(closes, fast);
  const slowEma = ema(closes, slow);
  const line = closes.map((_, i) => (fastEma[i] !== null && slowEma[i] !== null ? fastEma[i]! - slowEma[i]! : null));
  const start = line.findIndex((v) => v !== null);
  const signal: (number | null)[] = new Array(closes.length).fill(null);
  if (start >= 0) {
    const tail = ema(line.slice(start) as number[], signalPeriod);
    tail.forEach((v, i) => (signal[start + i] = v));
  }
  return line.map((m, i) => ({
    macd: m,
    signal: signal[i]!,
    histogram: m !== null && signal[i] !== null ? m - signal[i]! : null,
  }));
}

/** Wilder's RSI over `period` changes (default 14); the first `period` values are null. */
export function rsi(closes: readonly number[], period = 14): (number | null)[] {
  const out: (number | null)[] = new Array(closes.length).fill(null);
  if (closes.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i += 1) {
    const change = closes[i]! - closes[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  let avgGain = gain / period;
  let avgLoss = loss / period;
  const value = () => (avgLoss === 0 ? (avgGain === 0 ? 50 : 100) : 100 - 100 / (1 + avgGain / avgLoss));
  out[period] = value();
  for (let i = period + 1; i < closes.length; i += 1) {
    const change = closes[i]! - closes[i - 1]!;
    avgGain = (avgGain * (period - 1) + Math.max(change, 0)) / period;
    avgLoss = (avgLoss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = value();
  }
  return out;
}

export interface KdjPoint {
  k: number;
  d: number;
  j: number;
}

/** KDJ(n, m1, m2), default 9, 3, 3; every point has a value (the window is shorter at the start). */
export function kdj(candles: readonly Hlc[], n = 9, m1 = 3, m2 = 3): KdjPoint[] {
  const out: KdjPoint[] = [];
  let k = 50;
  let d = 50;
  for (let i = 0; i < candles.length; i += 1) {
    let high = -Infinity;
    let low = Infinity;
    for (let w = Math.max(0, i - n + 1); w <= i; w += 1) {
      high = Math.max(high, candles[w]!.high);
      low = Math.min(low, candles[w]!.low);
    }
    const rsv = high === low ? 50 : ((candles[i]!.close - low) / (high - low)) * 100;
    k = ((m1 - 1) * k + rsv) / m1;
    d = ((m2 - 1) * d + k) / m2;
    out.push({ k, d, j: 3 * k - 2 * d });
  }
  return out;
}
