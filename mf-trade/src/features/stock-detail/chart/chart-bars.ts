/**
 * The chart's bars (candles as numbers) and the points each series draws of them, including the
 * sub charts' values from our own math (model/indicators.ts): Highcharts' indicator series
 * recompute and recreate every point on each redraw.
 */
import type { Candle } from 'shared/contract';
import { kdj, macd, rsi } from '../model/indicators';
import type { ChartPeriod, SubChart } from '../model/periods';

export interface Bar {
  time: number;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Up and down colours (by the user's convention). */
export interface UpDown {
  up: string;
  down: string;
}

/** Suffix of the one-point series that draws a column series' forming bar. */
export const LIVE = '-live';

export const toBar = (c: Candle): Bar => ({
  time: c.time,
  date: c.date,
  open: +c.open,
  high: +c.high,
  low: +c.low,
  close: +c.close,
  volume: +c.volume,
});

export function mainPoint(period: ChartPeriod, bar: Bar): unknown {
  return period === 'timeShare' ? [bar.time, bar.close] : [bar.time, bar.open, bar.high, bar.low, bar.close];
}

export function volumePoint({ up, down }: UpDown, bar: Bar) {
  return { x: bar.time, y: bar.volume, color: bar.close >= bar.open ? up : down };
}

/** The series of each sub chart (the MACD histogram is a column series coloured by sign). */
export const SUB_LINES: Record<
  SubChart,
  { key: string; name: string; color: 'up' | 'macd' | 'signal' | 'k' | 'd' | 'j' }[]
> = {
  macd: [
    { key: 'hist', name: 'histogram', color: 'up' },
    { key: 'macd', name: 'MACD', color: 'macd' },
    { key: 'signal', name: 'signal', color: 'signal' },
  ],
  kdj: [
    { key: 'k', name: 'K', color: 'k' },
    { key: 'd', name: 'D', color: 'd' },
    { key: 'j', name: 'J', color: 'j' },
  ],
  rsi: [{ key: 'rsi', name: 'RSI(14)', color: 'macd' }],
};

/** Column series whose forming bar is drawn by a one-point "-live" series. */
const SPLIT = new Set(['main', 'volume', 'hist']);

/** Whether series `key` draws its forming bar in a one-point "-live" series (candles: not the time-share line). */
export function isSplit(period: ChartPeriod, key: string): boolean {
  return SPLIT.has(key) && !(key === 'main' && period === 'timeShare');
}

/** The sub chart's values by bar. */
export function subValues(sub: SubChart, bars: Bar[]): Record<string, (number | null)[]> {
  if (sub === 'kdj') {
    const values = kdj(bars);
    return { k: values.map((v) => v.k), d: values.map((v) => v.d), j: values.map((v) => v.j) };
  }
  const closes = bars.map((b) => b.close);
  if (sub === 'macd') {
    const values = macd(closes);
    return {
      hist: values.map((v) => v.histogram),
      macd: values.map((v) => v.macd),
      signal: values.map((v) => v.signal),
    };
  }
  return { rsi: rsi(closes) };
}

/** A sub chart point: [time, value], or a coloured column for the MACD histogram. */
export function subPoint(colors: UpDown, key: string, time: number, value: number | null): unknown {
  if (key !== 'hist') return [time, value];
  return { x: time, y: value, color: (value ?? 0) >= 0 ? colors.up : colors.down };
}
