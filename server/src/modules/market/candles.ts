/**
 * Candle aggregation of the simulator (docs/decisions/0008): 1-minute bars aggregated from a day's
 * ticks (price-path.ts), every longer period aggregated from those (which equals aggregating the
 * ticks): intraday periods bucket each session part's minutes, day/week/month/year merge daily
 * summaries. Past days' bars and daily summaries are cached per day bucket, so history is
 * deterministic and nothing is stored.
 */
import type { Candle, CandlePeriod } from 'shared/contract';
import { Decimal } from 'shared/money';
import { dateOf, sessionParts, ticksPerDay } from './calendar';
import { priceString } from './limits';
import { dayOfOrdinal, type DayPath, type Live, type SimSymbol, type Summary } from './price-path';

// Module-level alias: jest's vm sandbox makes every global lookup in a hot loop slow.
const M = Math;

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

/** Minute bars of whole past days, least recently used dropped first; today's are computed each time. */
export class MinuteBarsCache {
  private readonly cache = new Map<string, MinuteBars>();

  bars(symbol: SimSymbol, ordinal: number, count: number, full: boolean): MinuteBars {
    if (!full)
      return minuteBars(
        symbol.live && symbol.live.ordinal === ordinal ? symbol.live.path : symbol.path(ordinal),
        count,
      );
    const key = `${symbol.key}:${ordinal}`;
    let bars = this.cache.get(key);
    if (bars) {
      this.cache.delete(key);
    } else {
      bars = minuteBars(symbol.path(ordinal), count);
      if (this.cache.size >= MINUTE_BARS_CACHE) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(key, bars);
    return bars;
  }
}

/** One day's intraday buckets of `minutes` minutes, each session part bucketed on its own, oldest first. */
function dayBuckets(symbol: SimSymbol, ordinal: number, bars: MinuteBars, minutes: number): Bucket[] {
  const day = dayOfOrdinal(ordinal);
  const date = dateOf(day);
  const buckets: Bucket[] = [];
  let m = 0;
  for (const part of sessionParts(symbol.instrument.market, day)) {
    const partMinutes = part.ticks / 60;
    let bucket: Bucket | undefined;
    let bucketIndex = -1;
    for (let j = 0; j < partMinutes && m < bars.count; j += 1, m += 1) {
      const index = M.floor(j / minutes);
      if (index !== bucketIndex) {
        if (bucket) buckets.push(bucket);
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
    if (bucket) buckets.push(bucket);
  }
  return buckets;
}

/** Intraday buckets of `minutes` minutes, day by day back from today's until there are `limit` (or history ends). */
function intradayBuckets(
  symbol: SimSymbol,
  live: Live,
  minutes: number,
  limit: number,
  barsCache: MinuteBarsCache,
): Bucket[] {
  const current = live.ordinal;
  const fullDay = ticksPerDay(symbol.instrument.market);
  const buckets: Bucket[] = [];
  for (let ordinal = current; ordinal >= symbol.firstOrdinal && buckets.length < limit; ordinal -= 1) {
    const count = ordinal === current ? live.cursor : fullDay;
    const bars = barsCache.bars(symbol, ordinal, count, count === fullDay);
    buckets.unshift(...dayBuckets(symbol, ordinal, bars, minutes));
  }
  return buckets;
}

/** Day, week, month or year buckets merged from daily summaries, newest first back to `limit` buckets. */
function dailyBuckets(symbol: SimSymbol, live: Live, period: CandlePeriod, limit: number): Bucket[] {
  const current = live.ordinal;
  const buckets: Bucket[] = [];
  let key: number | undefined;
  for (let ordinal = current; ordinal >= symbol.firstOrdinal; ordinal -= 1) {
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
  return buckets;
}

/**
 * The last `limit` candles of a period for a symbol whose live state is `live` (advanced to the
 * clock): oldest first, the last one may still be forming.
 */
export function aggregateCandles(
  symbol: SimSymbol,
  live: Live,
  period: CandlePeriod,
  limit: number,
  barsCache: MinuteBarsCache,
): Candle[] {
  const minutes = INTRADAY[period];
  const buckets = minutes
    ? intradayBuckets(symbol, live, minutes, limit, barsCache)
    : dailyBuckets(symbol, live, period, limit);
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
