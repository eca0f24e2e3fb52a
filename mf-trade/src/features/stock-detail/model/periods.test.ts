import { latestRange } from '../chart/chart-series';
import type { ChartLook } from '../chart/chart-options';
import { API_PERIOD, CHART_PERIODS, startsNewCandle, type ChartPeriod } from './periods';

const at = (iso: string) => Date.parse(iso);

describe('chart periods', () => {
  it('maps every period of spec §2 (and its 3- and 6-month reading) to a /stock/candles period', () => {
    expect(CHART_PERIODS).toContain('months3');
    expect(CHART_PERIODS).toContain('months6');
    expect(CHART_PERIODS.map((p) => API_PERIOD[p])).toEqual([
      '1m',
      '5m',
      '15m',
      '30m',
      '60m',
      'day',
      'day',
      'day',
      'week',
      'month',
      'year',
    ]);
  });

  it('starts a new intraday candle once a tick is a whole bucket past the last one', () => {
    const last = { time: at('2026-11-24T01:00:00Z'), date: '2026-11-24' };
    expect(startsNewCandle('m5', last, at('2026-11-24T01:04:59Z'), '2026-11-24')).toBe(false);
    expect(startsNewCandle('m5', last, at('2026-11-24T01:05:00Z'), '2026-11-24')).toBe(true);
    expect(startsNewCandle('timeShare', last, at('2026-11-24T01:00:59Z'), '2026-11-24')).toBe(false);
    expect(startsNewCandle('m60', last, at('2026-11-24T01:30:00Z'), '2026-11-25')).toBe(true);
  });

  it('starts a new day, week, month or year candle on the trading date', () => {
    const friday = { time: 0, date: '2026-11-20' };
    expect(startsNewCandle('day', friday, 0, '2026-11-20')).toBe(false);
    expect(startsNewCandle('day', friday, 0, '2026-11-23')).toBe(true);
    expect(startsNewCandle('week', { time: 0, date: '2026-11-16' }, 0, '2026-11-20')).toBe(false);
    expect(startsNewCandle('week', { time: 0, date: '2026-11-16' }, 0, '2026-11-23')).toBe(true);
    expect(startsNewCandle('month', { time: 0, date: '2026-11-02' }, 0, '2026-11-30')).toBe(false);
    expect(startsNewCandle('month', { time: 0, date: '2026-11-02' }, 0, '2026-12-01')).toBe(true);
    expect(startsNewCandle('year', { time: 0, date: '2026-01-05' }, 0, '2026-12-31')).toBe(false);
    expect(startsNewCandle('year', { time: 0, date: '2026-01-05' }, 0, '2027-01-04')).toBe(true);
  });

  it('the 3- and 6-month views draw daily candles with the last 3 or 6 months in view', () => {
    // 200 trading days (weekdays) up to Tuesday 24 November 2026, as /stock/candles answers for the day period.
    const times: number[] = [];
    for (let t = Date.parse('2026-11-24T00:00:00Z'); times.length < 200; t -= 86_400_000) {
      const day = new Date(t).getUTCDay();
      if (day !== 0 && day !== 6) times.unshift(t);
    }
    const bars = times.map((time) => ({ time, date: '', open: 1, high: 1, low: 1, close: 1, volume: 1 }));
    const look = (period: ChartPeriod) => ({ period }) as ChartLook;
    const from = (period: ChartPeriod) => new Date(latestRange(bars, look(period))!.min).toISOString().slice(0, 10);
    expect(from('months3')).toBe('2026-08-25');
    expect(from('months6')).toBe('2026-05-25');
    expect(latestRange(bars, look('months6'))!.max).toBe(times.at(-1));
    // The day chart keeps its latest 100 candles.
    expect(from('day')).toBe(new Date(times[100]!).toISOString().slice(0, 10));
    expect(startsNewCandle('months3', { time: 0, date: '2026-11-20' }, 0, '2026-11-23')).toBe(true);
    expect(startsNewCandle('months6', { time: 0, date: '2026-11-20' }, 0, '2026-11-20')).toBe(false);
  });
});
