import { buildChartOptions, PREV_CLOSE_LINE, type ChartLook } from './chart-options';
import type { Bar } from './chart-bars';
import { sessionAxis, sessionMinutes, withGaps } from './session-axis';
import { TEST_COLORS, TEST_LABELS } from './fake-chart';

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);

const look = (over: Partial<ChartLook> = {}): ChartLook => ({
  period: 'timeShare',
  colors: TEST_COLORS,
  labels: TEST_LABELS,
  timezone: 'Europe/London',
  formatPrice: (v) => v.toFixed(1),
  language: 'en',
  ...over,
});

const bar = (time: number, close: number): Bar => ({
  time,
  date: '2026-11-20',
  open: close,
  high: close,
  low: close,
  close,
  volume: 100,
});

describe('time-share session axis', () => {
  it('spans each market’s whole session in its own clock, lunch break a gap', () => {
    const tokyo = sessionAxis('jpy', '2026-11-20');
    expect(tokyo.timezone).toBe('Asia/Tokyo');
    expect(tokyo.open).toBe(at('2026-11-20T00:00:00Z')); // 09:00 JST
    expect(tokyo.close).toBe(at('2026-11-20T06:30:00Z')); // 15:30 JST
    expect(tokyo.gaps).toEqual([{ from: at('2026-11-20T02:30:00Z'), to: at('2026-11-20T03:30:00Z') }]);
    const shanghai = sessionAxis('cny', '2026-11-20');
    expect([shanghai.open, shanghai.close]).toEqual([at('2026-11-20T01:30:00Z'), at('2026-11-20T07:00:00Z')]);
    expect(shanghai.gaps).toEqual([{ from: at('2026-11-20T03:30:00Z'), to: at('2026-11-20T05:00:00Z') }]);
    // New York: 09:30–16:00 local, EST in November and EDT in July; no lunch break.
    expect([sessionAxis('usd', '2026-11-20').open, sessionAxis('usd', '2026-11-20').close]).toEqual([
      at('2026-11-20T14:30:00Z'),
      at('2026-11-20T21:00:00Z'),
    ]);
    expect(sessionAxis('usd', '2026-07-20').open).toBe(at('2026-07-20T13:30:00Z'));
    expect(sessionAxis('usd', '2026-07-20').gaps).toEqual([]);
    expect([sessionMinutes('jpy'), sessionMinutes('usd'), sessionMinutes('cny')]).toEqual([330, 390, 240]);
  });

  it('puts a null point in the lunch gap only when the line crosses it', () => {
    const s = sessionAxis('jpy', '2026-11-20');
    const am = at('2026-11-20T02:29:00Z');
    const pm = at('2026-11-20T03:30:00Z');
    expect(withGaps([[am - MIN, 1] as [number, number], [am, 2]], s)).toEqual([
      [am - MIN, 1],
      [am, 2],
    ]);
    expect(withGaps([[am, 2] as [number, number], [pm, 3]], s)).toEqual([
      [am, 2],
      [s.gaps[0]!.from, null],
      [pm, 3],
    ]);
  });
});

describe('time-share chart options', () => {
  const session = sessionAxis('jpy', '2026-11-20');
  const am = at('2026-11-20T02:29:00Z');
  const pm = at('2026-11-20T03:30:00Z');
  const options = buildChartOptions(
    [bar(session.open, 100), bar(am, 101), bar(pm, 102)],
    look({ session, prevClose: 99 }),
  );
  const xAxis = options.xAxis as unknown as Record<string, unknown>;

  it('fixes the x axis to the whole session (the untraded part stays empty), in the market’s clock', () => {
    expect(xAxis.ordinal).toBe(false);
    expect(xAxis.min).toBe(session.open);
    expect(xAxis.max).toBe(session.close);
    expect(xAxis.tickPositions).toEqual([session.open, session.gaps[0]!.from, session.gaps[0]!.to, session.close]);
    expect(options.time.timezone).toBe('Asia/Tokyo');
    expect(xAxis.plotBands).toEqual([
      { from: session.gaps[0]!.from, to: session.gaps[0]!.to, color: TEST_COLORS.grid },
    ]);
  });

  it('breaks the line at the lunch break (a null point, nulls never connected)', () => {
    const main = options.series[0] as { data: unknown[]; connectNulls: boolean };
    expect(main.connectNulls).toBe(false);
    expect(main.data).toEqual([
      [session.open, 100],
      [am, 101],
      [session.gaps[0]!.from, null],
      [pm, 102],
    ]);
  });

  it('draws the previous close as a dashed line labelled with its value, kept in view', () => {
    const price = options.yAxis[0] as unknown as Record<string, unknown>;
    const [line] = price.plotLines as { id: string; value: number; dashStyle: string; label: { text: string } }[];
    expect(line).toMatchObject({ id: PREV_CLOSE_LINE, value: 99, dashStyle: 'Dash' });
    expect(line!.label.text).toBe('Prev. close 99.0');
    expect([price.softMin, price.softMax]).toEqual([99, 99]);
  });

  it('leaves candle periods alone (ordinal axis in the user’s zone, no previous-close line)', () => {
    const candles = buildChartOptions([bar(am, 1), bar(pm, 2)], look({ period: 'm5', session, prevClose: 99 }));
    const axis = candles.xAxis as unknown as Record<string, unknown>;
    expect(axis.min).toBeUndefined();
    expect(candles.time.timezone).toBe('Europe/London');
    expect((candles.yAxis[0] as unknown as Record<string, unknown>).plotLines).toBeUndefined();
  });
});
