import { API_PERIOD, CHART_PERIODS, startsNewCandle } from './periods';

const at = (iso: string) => Date.parse(iso);

describe('chart periods', () => {
  it('maps every period of spec §2 to a /stock/candles period', () => {
    expect(CHART_PERIODS.map((p) => API_PERIOD[p])).toEqual([
      '1m',
      '5m',
      '15m',
      '30m',
      '60m',
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
});
