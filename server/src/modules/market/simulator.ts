/**
 * The default market-data provider: a deterministic simulator (docs/decisions/0008).
 *
 * - Daily closes: a mean-reverting walk of the log price around the reference price, one step per
 *   trading day from HISTORY_START, each step a pure function of (seed, symbol, day ordinal) and
 *   snapped to the tick size inside that day's price limit.
 * - Ticks: one per second while the market is open; the day's path is a Brownian bridge from the
 *   day's open to its close drawn from a stream keyed by (seed, symbol, day), snapped to the tick
 *   size and clamped to the daily limit. So the same seed and clock always give the same ticks and
 *   candles, and nothing is stored.
 * - Candles: 1-minute bars aggregated from ticks, every longer period aggregated from those (which
 *   equals aggregating the ticks). Past days' bars and daily summaries are cached per day bucket.
 * - Live: per symbol, the current day's path plus a cursor that the injectable clock advances.
 */
import { performance } from 'node:perf_hooks';
import type { Candle, CandlePeriod, Quote } from 'shared/contract';
import { Decimal } from 'shared/money';
import type { I18nLang } from 'shared/messages';
import {
  CALENDARS,
  MARKET_IDS,
  dateOf,
  dayOf,
  marketClock,
  sessionParts,
  tickTime,
  ticksElapsed,
  ticksPerDay,
  type MarketId,
} from './calendar';
import { dailyLimits, priceString, snap, tickSize, type PriceLimits, type TickRule } from './limits';
import { fnv1a, mix, normal, stream, uniform } from './prng';
import type { ListOptions, MarketDataProvider, Tick } from './provider';
import { INDICES, STOCKS, findInstrument, type Instrument } from './universe';

// Module-level aliases: jest's vm sandbox makes every global lookup in a hot loop slow.
const M = Math;
const INF = Infinity;

/** First simulated trading day (a Monday): history starts here, so charts are full from the first start. */
export const HISTORY_START = dayOf(2024, 1, 1);
/** Strength of the pull back to the reference price per day (stationary spread about 9 %). */
const KAPPA = 0.02;
/** Typical daily turnover in each currency, for plausible volumes. */
const TURNOVER: Record<MarketId, number> = { jpy: 2e10, usd: 4e9, cny: 2e9 };

export interface SimulatorOptions {
  seed: string;
  /** The injectable clock (app config `now`). */
  now: () => Date;
}

/** The figures of a day (or of its first `count` ticks). Amount in hundredths of the currency (exact integers). */
interface Summary {
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

/** Minute bars of one day: parallel arrays indexed by minute of session. */
interface MinuteBars {
  count: number;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  amountCents: Float64Array;
}

interface DayPath {
  ordinal: number;
  prices: Float64Array;
  volumes: Float64Array;
  prevClose: number;
  limits: PriceLimits | undefined;
}

interface Live {
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

class Symbol_ {
  readonly rule: TickRule;
  readonly key: number;
  readonly sigma: number;
  readonly meanLots: number;
  readonly opens: number[] = [];
  readonly closes: number[] = [];
  readonly summaries: Summary[] = [];
  live: Live | undefined;

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

  prevClose(ordinal: number): number {
    return ordinal <= 0 ? snap(this.rule, this.instrument.ref, undefined) : this.close(ordinal - 1);
  }

  limits(ordinal: number): PriceLimits | undefined {
    return dailyLimits(this.rule, this.prevClose(ordinal));
  }

  /** Closing price of a day (computed in order from HISTORY_START, cached). */
  close(ordinal: number): number {
    for (let k = this.closes.length; k <= ordinal; k += 1) {
      const prev = k === 0 ? snap(this.rule, this.instrument.ref, undefined) : this.closes[k - 1]!;
      const limits = dailyLimits(this.rule, prev);
      const dayKey = mix(this.key, k);
      const logClose =
        M.log(prev) + KAPPA * (M.log(this.instrument.ref) - M.log(prev)) + this.sigma * normal(mix(dayKey, 11));
      const open = prev * M.exp(0.25 * this.sigma * normal(mix(dayKey, 22)));
      this.opens.push(snap(this.rule, open, limits));
      this.closes.push(snap(this.rule, M.exp(logClose), limits));
    }
    return this.closes[ordinal]!;
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

function minuteBars(path: DayPath, count: number): MinuteBars {
  const minutes = M.ceil(count / 60);
  const bars: MinuteBars = {
    count: minutes,
    open: new Float64Array(minutes),
    high: new Float64Array(minutes),
    low: new Float64Array(minutes),
    close: new Float64Array(minutes),
    volume: new Float64Array(minutes),
    amountCents: new Float64Array(minutes),
  };
  for (let i = 0; i < count; i += 1) {
    const m = (i / 60) | 0;
    const p = path.prices[i]!;
    const v = path.volumes[i]!;
    if (i % 60 === 0) {
      bars.open[m] = p;
      bars.high[m] = p;
      bars.low[m] = p;
    } else {
      if (p > bars.high[m]!) bars.high[m] = p;
      if (p < bars.low[m]!) bars.low[m] = p;
    }
    bars.close[m] = p;
    bars.volume[m] += v;
    bars.amountCents[m] += M.round(p * 100) * v;
  }
  return bars;
}

const INTRADAY: Partial<Record<CandlePeriod, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '60m': 60 };

/** Aggregating candle in numbers; turned into wire strings at the end. */
interface Bucket extends Summary {
  date: string;
}

function merge(into: Bucket | undefined, s: Summary, date: string): Bucket {
  if (!into) return { ...s, date };
  into.high = M.max(into.high, s.high);
  into.low = M.min(into.low, s.low);
  into.close = s.close;
  into.volume += s.volume;
  into.amountCents += s.amountCents;
  into.lastTime = s.lastTime;
  return into;
}

const MINUTE_BARS_CACHE = 2_000;

export class MarketSimulator implements MarketDataProvider {
  readonly simulated = true;
  private readonly symbols = new Map<string, Symbol_>();
  private readonly barsCache = new Map<string, MinuteBars>();
  private readonly listeners = new Set<(ticks: Tick[]) => void>();
  private timer: NodeJS.Timeout | undefined;
  private warming: NodeJS.Immediate | undefined;
  private rewarm: NodeJS.Timeout | undefined;
  private readonly now: () => Date;

  constructor(options: SimulatorOptions) {
    this.now = options.now;
    const seed = fnv1a(options.seed);
    for (const market of MARKET_IDS) {
      for (const instrument of [...STOCKS[market], INDICES[market]])
        this.symbols.set(`${market}:${instrument.code}`, new Symbol_(instrument, seed));
    }
  }

  private symbol(market: MarketId, code: string): Symbol_ | undefined {
    const instrument = findInstrument(market, code);
    return instrument && this.symbols.get(`${market}:${instrument.code}`);
  }

  /** The session day and how many of its ticks have happened at the clock's time. */
  private position(
    market: MarketId,
    at: number,
  ): { ordinal: number; count: number; clock: ReturnType<typeof marketClock> } {
    const clock = marketClock(market, at);
    const ordinal = ordinalOf(clock.sessionDay);
    if (ordinal < 0) throw new RangeError(`the simulated history starts on ${dateOf(HISTORY_START)}`);
    return { ordinal, count: ticksElapsed(market, clock.sessionDay, at), clock };
  }

  /** Advances a symbol's live state to the clock and answers its figures so far. */
  private advance(
    symbol: Symbol_,
    at: number,
  ): { live: Live; clock: ReturnType<typeof marketClock>; newTicks: number } {
    const market = symbol.instrument.market;
    const { ordinal, count, clock } = this.position(market, at);
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

  private toQuote(symbol: Symbol_, lang: I18nLang, at: number): Quote {
    const { live, clock } = this.advance(symbol, at);
    const { instrument, rule } = symbol;
    const s = live.summary;
    const prev = live.path.prevClose;
    const price = priceString(rule, s.close);
    const prevClose = priceString(rule, prev);
    const change = new Decimal(price).minus(prevClose);
    return {
      market: instrument.market,
      code: instrument.code,
      kind: instrument.kind,
      name: instrument.names[lang],
      names: instrument.names,
      currency: CALENDARS[instrument.market].currency,
      price,
      change: change.toFixed(M.max(decimals(price), decimals(prevClose))),
      change_ratio: change.div(prevClose).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      open: priceString(rule, s.open),
      prev_close: prevClose,
      high: priceString(rule, s.high),
      low: priceString(rule, s.low),
      volume: String(s.volume),
      amount: new Decimal(s.amountCents).div(100).toFixed(2),
      limit_up: live.path.limits ? priceString(rule, live.path.limits.up) : null,
      limit_down: live.path.limits ? priceString(rule, live.path.limits.down) : null,
      tick_size: new Decimal(tickSize(rule, s.close)).toString(),
      lot: instrument.lot,
      trade_date: dateOf(dayOfOrdinal(live.ordinal)),
      status: clock.status,
      next_open: clock.nextOpen === undefined ? null : new Date(clock.nextOpen).toISOString(),
      time: new Date(s.lastTime).toISOString(),
      simulated: true,
    };
  }

  quote(market: MarketId, code: string, lang: I18nLang): Quote | undefined {
    const symbol = this.symbol(market, code);
    return symbol && this.toQuote(symbol, lang, this.now().getTime());
  }

  lastPrice(market: string, code: string): string | undefined {
    if (!(MARKET_IDS as readonly string[]).includes(market)) return undefined;
    return this.quote(market as MarketId, code, 'en')?.price;
  }

  nameOf(market: string, code: string, lang: I18nLang): string | undefined {
    if (!(MARKET_IDS as readonly string[]).includes(market)) return undefined;
    return findInstrument(market as MarketId, code)?.names[lang];
  }

  list(market: MarketId, options: ListOptions): { list: Quote[]; total: number; index: Quote } {
    const at = this.now().getTime();
    const quotes = STOCKS[market].map((instrument) =>
      this.toQuote(this.symbols.get(`${market}:${instrument.code}`)!, options.lang, at),
    );
    const sign = options.order === 'desc' ? -1 : 1;
    const value = (q: Quote): number => (options.sort === 'code' ? 0 : Number(q[options.sort]));
    quotes.sort((a, b) => {
      const byValue = options.sort === 'code' ? a.code.localeCompare(b.code) : value(a) - value(b);
      return byValue !== 0 ? sign * byValue : a.code.localeCompare(b.code);
    });
    const start = (options.page - 1) * options.size;
    return {
      list: quotes.slice(start, start + options.size),
      total: quotes.length,
      index: this.toQuote(this.symbols.get(`${market}:${INDICES[market].code}`)!, options.lang, at),
    };
  }

  search(q: string, market: MarketId | undefined, lang: I18nLang): Quote[] {
    const needle = q.normalize('NFKC').trim().toLowerCase();
    if (!needle) return [];
    const scored: Array<{ score: number; symbol: Symbol_ }> = [];
    for (const symbol of this.symbols.values()) {
      const { instrument } = symbol;
      if (market && instrument.market !== market) continue;
      const code = instrument.code.toLowerCase();
      let score = -1;
      if (code === needle) score = 0;
      else if (code.startsWith(needle)) score = 1;
      else if (Object.values(instrument.names).some((name) => name.normalize('NFKC').toLowerCase().includes(needle)))
        score = 2;
      if (score >= 0) scored.push({ score, symbol });
    }
    scored.sort((a, b) => a.score - b.score || a.symbol.instrument.code.localeCompare(b.symbol.instrument.code));
    const at = this.now().getTime();
    return scored.slice(0, 20).map(({ symbol }) => this.toQuote(symbol, lang, at));
  }

  private bars(symbol: Symbol_, ordinal: number, count: number, full: boolean): MinuteBars {
    if (!full)
      return minuteBars(
        symbol.live && symbol.live.ordinal === ordinal ? symbol.live.path : symbol.path(ordinal),
        count,
      );
    const key = `${symbol.key}:${ordinal}`;
    let bars = this.barsCache.get(key);
    if (bars) {
      this.barsCache.delete(key);
    } else {
      bars = minuteBars(symbol.path(ordinal), count);
      if (this.barsCache.size >= MINUTE_BARS_CACHE) this.barsCache.delete(this.barsCache.keys().next().value!);
    }
    this.barsCache.set(key, bars);
    return bars;
  }

  candles(market: MarketId, code: string, period: CandlePeriod, limit: number): Candle[] | undefined {
    const symbol = this.symbol(market, code);
    if (!symbol) return undefined;
    const at = this.now().getTime();
    const { live } = this.advance(symbol, at);
    const current = live.ordinal;
    const fullDay = ticksPerDay(market);
    const buckets: Bucket[] = [];
    const minutes = INTRADAY[period];
    if (minutes) {
      for (let ordinal = current; ordinal >= 0 && buckets.length < limit; ordinal -= 1) {
        const count = ordinal === current ? live.cursor : fullDay;
        const bars = this.bars(symbol, ordinal, count, count === fullDay);
        const day = dayOfOrdinal(ordinal);
        const date = dateOf(day);
        const dayBuckets: Bucket[] = [];
        let m = 0;
        for (const part of sessionParts(market, day)) {
          const partMinutes = part.ticks / 60;
          let bucket: Bucket | undefined;
          let bucketIndex = -1;
          for (let j = 0; j < partMinutes && m < bars.count; j += 1, m += 1) {
            const index = M.floor(j / minutes);
            if (index !== bucketIndex) {
              if (bucket) dayBuckets.push(bucket);
              bucket = undefined;
              bucketIndex = index;
            }
            const time = part.start + index * minutes * 60_000;
            bucket = merge(
              bucket,
              {
                open: bars.open[m]!,
                high: bars.high[m]!,
                low: bars.low[m]!,
                close: bars.close[m]!,
                volume: bars.volume[m]!,
                amountCents: bars.amountCents[m]!,
                firstTime: time,
                lastTime: time,
              },
              date,
            );
          }
          if (bucket) dayBuckets.push(bucket);
        }
        buckets.unshift(...dayBuckets);
      }
    } else {
      let key: number | undefined;
      for (let ordinal = current; ordinal >= 0; ordinal -= 1) {
        const day = dayOfOrdinal(ordinal);
        const bucketKey =
          period === 'day'
            ? ordinal
            : period === 'week'
              ? ordinal - (ordinal % 5)
              : period === 'month'
                ? monthKey(day)
                : Number(dateOf(day).slice(0, 4));
        if (bucketKey !== key) {
          if (buckets.length >= limit) break;
          key = bucketKey;
          buckets.unshift(undefined as unknown as Bucket);
        }
        const s = ordinal === current ? live.summary : symbol.summary(ordinal);
        buckets[0] = mergeBackwards(buckets[0], s, dateOf(day));
      }
    }
    return buckets.slice(-limit).map((b) => ({
      time: b.firstTime,
      date: b.date,
      open: priceString(symbol.rule, b.open),
      high: priceString(symbol.rule, b.high),
      low: priceString(symbol.rule, b.low),
      close: priceString(symbol.rule, b.close),
      volume: String(b.volume),
      amount: new Decimal(b.amountCents).div(100).toFixed(2),
    }));
  }

  /**
   * The ticks of one local trading day that have happened by the clock's time (all of a past day).
   * For tests and audits: candles must equal the aggregation of exactly these.
   */
  dayTicks(market: MarketId, code: string, date: string): Array<{ time: number; price: number; volume: number }> {
    const symbol = this.symbol(market, code);
    if (!symbol) return [];
    const day = dayOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
    const ordinal = ordinalOf(day);
    if (ordinal < 0 || dayOfOrdinal(ordinal) !== day) return [];
    const count = ticksElapsed(market, day, this.now().getTime());
    const path = symbol.path(ordinal);
    const ticks: Array<{ time: number; price: number; volume: number }> = [];
    for (let i = 0; i < count; i += 1)
      ticks.push({ time: tickTime(market, day, i), price: path.prices[i]!, volume: path.volumes[i]! });
    return ticks;
  }

  onTick(listener: (ticks: Tick[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One step of the live loop: advances every open market's symbols to the clock and emits their last ticks. */
  step(): Tick[] {
    const at = this.now().getTime();
    const ticks: Tick[] = [];
    for (const symbol of this.symbols.values()) {
      const market = symbol.instrument.market;
      if (marketClock(market, at).status !== 'open') continue;
      const { live, newTicks } = this.advance(symbol, at);
      if (newTicks === 0) continue;
      let volume = 0;
      for (let i = live.cursor - newTicks; i < live.cursor; i += 1) volume += live.path.volumes[i]!;
      ticks.push({
        market,
        code: symbol.instrument.code,
        price: priceString(symbol.rule, live.summary.close),
        volume: String(volume),
        time: live.summary.lastTime,
      });
    }
    if (ticks.length > 0) for (const listener of this.listeners) listener(ticks);
    return ticks;
  }

  start(): void {
    if (this.timer) return;
    // Just after each whole second of the app clock (when a new tick exists), not every 1000 ms
    // from whenever: an interval drifts later under load and then merges two seconds into one.
    const schedule = (): void => {
      const ms = this.now().getTime();
      this.timer = setTimeout(
        () => {
          this.step();
          if (this.timer) schedule();
        },
        1000 - (((ms % 1000) + 1000) % 1000) + 2,
      );
      this.timer.unref();
    };
    schedule();
    this.warm();
    // Again every minute: a new trading day is computed in the background too, not in a request.
    this.rewarm = setInterval(() => this.warm(), 60_000);
    this.rewarm.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.rewarm) clearInterval(this.rewarm);
    this.timer = undefined;
    this.rewarm = undefined;
    if (this.warming) clearImmediate(this.warming);
    this.warming = undefined;
  }

  /**
   * Computes, in the background, what the first quote of the day would otherwise compute inside a
   * request (each symbol's closes since HISTORY_START and today's tick path: about 0.7 s for all of
   * them): a few symbols per turn of the event loop (setImmediate), so requests and sockets are
   * served in between. It is the same advance a quote call makes, so no answer changes.
   */
  warm(): void {
    if (this.warming) return;
    const symbols = [...this.symbols.values()];
    let next = 0;
    const chunk = (): void => {
      this.warming = undefined;
      const at = this.now().getTime();
      const started = performance.now();
      // About 10 ms of work per turn.
      while (next < symbols.length && performance.now() - started < 10) {
        try {
          this.advance(symbols[next]!, at);
        } catch {
          // A clock before the simulated history: quotes answer that themselves.
          return;
        }
        next += 1;
      }
      if (next < symbols.length) this.warming = setImmediate(chunk);
    };
    this.warming = setImmediate(chunk);
  }
}

/** Merges an earlier day into a bucket built newest-first. */
function mergeBackwards(into: Bucket | undefined, s: Summary, date: string): Bucket {
  if (!into) return { ...s, date };
  into.open = s.open;
  into.high = M.max(into.high, s.high);
  into.low = M.min(into.low, s.low);
  into.volume += s.volume;
  into.amountCents += s.amountCents;
  into.firstTime = s.firstTime;
  into.date = date;
  return into;
}

function monthKey(day: number): number {
  const date = dateOf(day);
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
}

function decimals(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
