/**
 * The instrument price path of the simulator (docs/decisions/0008): deterministic daily closes,
 * each day's ticks and the live cursor through today's ticks. Candles are aggregated from these
 * paths in candles.ts; simulator.ts serves quotes and runs the live loop.
 *
 * - Daily closes: a mean-reverting walk of the log price around the reference price, one step per
 *   trading day from HISTORY_START, each step a pure function of (seed, symbol, day ordinal) and
 *   snapped to the tick size inside that day's price limit.
 * - Ticks: one per second while the market is open; the day's path is a Brownian bridge from the
 *   day's open to its close drawn from a stream keyed by (seed, symbol, day), snapped to the tick
 *   size and clamped to the daily limit. So the same seed and clock always give the same ticks and
 *   candles, and nothing is stored.
 * - Live: per symbol, the current day's path plus a cursor that the injectable clock advances.
 */
import { dateOf, dayOf, marketClock, tickTime, ticksElapsed, ticksPerDay, type MarketId } from './calendar';
import { dailyLimits, snap, tickSize, type PriceLimits, type TickRule } from './limits';
import { fnv1a, mix, normal, stream, uniform } from './prng';
import type { Instrument } from './universe';

// Module-level aliases: jest's vm sandbox makes every global lookup in a hot loop slow.
const M = Math;
const INF = Infinity;

/** First simulated trading day (a Monday): history starts here, so charts are full from the first start. */
export const HISTORY_START = dayOf(2024, 1, 1);
/** Strength of the pull back to the reference price per day (stationary spread about 9 %). */
const KAPPA = 0.02;
/** Typical daily turnover in each currency, for plausible volumes. */
const TURNOVER: Record<MarketId, number> = { jpy: 2e10, usd: 4e9, cny: 2e9 };

/** The figures of a day (or of its first `count` ticks). Amount in hundredths of the currency (exact integers). */
export interface Summary {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amountCents: number;
  /** UTC ms of the first tick and of the last tick counted. */
  firstTime: number;
  lastTime: number;
}

export interface DayPath {
  ordinal: number;
  prices: Float64Array;
  volumes: Float64Array;
  prevClose: number;
  limits: PriceLimits | undefined;
}

export interface Live {
  ordinal: number;
  path: DayPath;
  cursor: number;
  summary: Summary;
}

/** Trading-day ordinal since HISTORY_START (weekdays only) and back. */
export function ordinalOf(day: number): number {
  const offset = day - HISTORY_START;
  return M.floor(offset / 7) * 5 + M.min(((offset % 7) + 7) % 7, 5);
}
export function dayOfOrdinal(ordinal: number): number {
  return HISTORY_START + M.floor(ordinal / 5) * 7 + (ordinal % 5);
}

export class SimSymbol {
  readonly rule: TickRule;
  readonly key: number;
  readonly sigma: number;
  readonly meanLots: number;
  readonly opens: number[] = [];
  readonly closes: number[] = [];
  readonly summaries: Summary[] = [];
  live: Live | undefined;
  /** The first trading day it trades: 0 for the reference universe, the listing day for a new listing. */
  readonly firstOrdinal: number = 0;

  constructor(
    readonly instrument: Instrument,
    seed: number,
  ) {
    this.rule = { market: instrument.market, kind: instrument.kind, topix500: true };
    this.key = mix(seed, fnv1a(`${instrument.market}:${instrument.code}`));
    this.sigma = instrument.kind === 'index' ? 0.009 : 0.012 + 0.013 * uniform(mix(this.key, 0x5151));
    const ticks = ticksPerDay(instrument.market);
    this.meanLots = M.max(1, M.round(TURNOVER[instrument.market] / (instrument.ref * instrument.lot * ticks)));
  }

  /** The close before the first day: the reference price (a new listing: its issue price). */
  basePrice(): number {
    return snap(this.rule, this.instrument.ref, undefined);
  }

  prevClose(ordinal: number): number {
    return ordinal <= this.firstOrdinal ? this.basePrice() : this.close(ordinal - 1);
  }

  limits(ordinal: number): PriceLimits | undefined {
    return dailyLimits(this.rule, this.prevClose(ordinal));
  }

  /** Closing price of a day (computed in order from HISTORY_START, cached). */
  close(ordinal: number): number {
    for (let k = this.closes.length; k <= ordinal; k += 1) {
      const [open, close] = this.drawDay(k, k <= this.firstOrdinal ? this.basePrice() : this.closes[k - 1]!);
      this.opens.push(open);
      this.closes.push(close);
    }
    return this.closes[ordinal]!;
  }

  /** A day's open and close from the previous close (one step of the walk, snapped inside the day's limit). */
  protected drawDay(k: number, prev: number): [open: number, close: number] {
    const limits = dailyLimits(this.rule, prev);
    const dayKey = mix(this.key, k);
    const logClose =
      M.log(prev) + KAPPA * (M.log(this.instrument.ref) - M.log(prev)) + this.sigma * normal(mix(dayKey, 11));
    const open = prev * M.exp(0.25 * this.sigma * normal(mix(dayKey, 22)));
    return [snap(this.rule, open, limits), snap(this.rule, M.exp(logClose), limits)];
  }

  open(ordinal: number): number {
    this.close(ordinal);
    return this.opens[ordinal]!;
  }

  /** Every tick of a day: a bridge from the open to the close. */
  path(ordinal: number): DayPath {
    const n = ticksPerDay(this.instrument.market);
    const open = this.open(ordinal);
    const close = this.close(ordinal);
    const prevClose = this.prevClose(ordinal);
    const limits = dailyLimits(this.rule, prevClose);
    const streamKey = mix(this.key, ordinal, 0x7e57);
    let next = stream(streamKey);
    let end = 0;
    for (let i = 1; i < n; i += 1) end += next() - 0.5;
    // Intraday spread of about 60 % of the daily volatility; uniform steps have variance 1/12.
    const scale = (0.6 * this.sigma * prevClose) / M.sqrt((n - 1) / 12);
    const prices = new Float64Array(n);
    const volumes = new Float64Array(n);
    const volumeDraw = stream(mix(streamKey, 0x0b0b));
    const lot = this.instrument.lot;
    // Day-to-day activity: a lognormal draw of the day, more on days that move further (volume
    // follows volatility; both factors average about 1), so daily volumes vary like real ones.
    const move = M.abs(M.log(close / prevClose));
    const activity = M.exp(0.35 * normal(mix(this.key, ordinal, 33))) * (0.65 + (0.45 * move) / this.sigma);
    const span = 2 * this.meanLots * activity;
    next = stream(streamKey);
    let walk = 0;
    let lo = INF;
    let hi = -INF;
    const slope = (close - open) / (n - 1);
    const drift = end / (n - 1);
    for (let i = 0; i < n; i += 1) {
      if (i > 0) walk += next() - 0.5;
      const raw = open + slope * i + scale * (walk - drift * i);
      prices[i] = raw;
      if (raw < lo) lo = raw;
      if (raw > hi) hi = raw;
      // Intraday U shape: busier at the open and the close (mean factor 1 over the day).
      const x = n > 1 ? (2 * i) / (n - 1) - 1 : 0;
      volumes[i] = lot * (1 + M.floor(volumeDraw() * span * (0.6 + 1.2 * x * x)));
    }
    // Snap to the tick grid inside the limits. Fast path: one tick size over the day's whole range.
    const floor = limits ? M.max(lo, limits.down) : lo;
    const ceiling = limits ? M.min(hi, limits.up) : hi;
    const tick = tickSize(this.rule, floor);
    if (
      tick === tickSize(this.rule, ceiling) &&
      tickSize(this.rule, M.max(floor - tick, 0)) === tick &&
      tickSize(this.rule, ceiling + tick) === tick
    ) {
      const down = limits ? limits.down : -INF;
      const up = limits ? limits.up : INF;
      for (let i = 0; i < n; i += 1) {
        let p = prices[i]!;
        if (p < down) p = down;
        else if (p > up) p = up;
        let snapped = M.round(M.round(p / tick) * tick * 100) / 100;
        if (snapped > up) snapped = snap(this.rule, up, limits);
        else if (snapped < down) snapped = snap(this.rule, down, limits);
        prices[i] = snapped;
      }
    } else {
      for (let i = 0; i < n; i += 1) prices[i] = snap(this.rule, prices[i]!, limits);
    }
    // The path starts at the open and ends at the close exactly (both already on the grid).
    prices[0] = open;
    prices[n - 1] = close;
    return { ordinal, prices, volumes, prevClose, limits };
  }

  /** Figures of a finished day (cached). */
  summary(ordinal: number): Summary {
    let summary = this.summaries[ordinal];
    if (!summary) {
      summary = summarise(
        this.instrument.market,
        dayOfOrdinal(ordinal),
        this.path(ordinal),
        ticksPerDay(this.instrument.market),
      );
      this.summaries[ordinal] = summary;
    }
    return summary;
  }
}

function summarise(market: MarketId, day: number, path: DayPath, count: number): Summary {
  const { prices, volumes } = path;
  let high = -INF;
  let low = INF;
  let volume = 0;
  let amountCents = 0;
  for (let i = 0; i < count; i += 1) {
    const p = prices[i]!;
    if (p > high) high = p;
    if (p < low) low = p;
    volume += volumes[i]!;
    amountCents += M.round(p * 100) * volumes[i]!;
  }
  return {
    open: prices[0]!,
    high,
    low,
    close: prices[count - 1]!,
    volume,
    amountCents,
    firstTime: tickTime(market, day, 0),
    lastTime: tickTime(market, day, count - 1),
  };
}

/** The session day and how many of its ticks have happened at the clock's time. */
export function sessionPosition(
  market: MarketId,
  at: number,
): { ordinal: number; count: number; clock: ReturnType<typeof marketClock> } {
  const clock = marketClock(market, at);
  const ordinal = ordinalOf(clock.sessionDay);
  if (ordinal < 0) throw new RangeError(`the simulated history starts on ${dateOf(HISTORY_START)}`);
  return { ordinal, count: ticksElapsed(market, clock.sessionDay, at), clock };
}

/** Advances a symbol's live state to the clock and answers its figures so far. */
export function advanceLive(
  symbol: SimSymbol,
  at: number,
): { live: Live; clock: ReturnType<typeof marketClock>; newTicks: number } {
  const market = symbol.instrument.market;
  const { ordinal, count, clock } = sessionPosition(market, at);
  let live = symbol.live;
  if (!live || live.ordinal !== ordinal || count < live.cursor) {
    const path = symbol.path(ordinal);
    const day = dayOfOrdinal(ordinal);
    const first = tickTime(market, day, 0);
    live = {
      ordinal,
      path,
      cursor: 1,
      summary: {
        open: path.prices[0]!,
        high: path.prices[0]!,
        low: path.prices[0]!,
        close: path.prices[0]!,
        volume: path.volumes[0]!,
        amountCents: M.round(path.prices[0]! * 100) * path.volumes[0]!,
        firstTime: first,
        lastTime: first,
      },
    };
    symbol.live = live;
  }
  const from = live.cursor;
  const s = live.summary;
  for (let i = from; i < count; i += 1) {
    const p = live.path.prices[i]!;
    const v = live.path.volumes[i]!;
    if (p > s.high) s.high = p;
    if (p < s.low) s.low = p;
    s.close = p;
    s.volume += v;
    s.amountCents += M.round(p * 100) * v;
  }
  if (count > from) {
    live.cursor = count;
    s.lastTime = tickTime(market, dayOfOrdinal(ordinal), count - 1);
  }
  return { live, clock, newTicks: M.max(0, count - from) };
}
