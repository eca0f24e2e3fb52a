import type { Candle, Quote } from 'shared/contract';
import { StockChartController, type ControllerOptions } from './stock-chart-controller';
import { fakeHighcharts, TEST_COLORS, TEST_LABELS } from './fake-chart';
import { macd } from '../model/indicators';

const MIN = 60_000;
const T0 = Date.parse('2026-11-20T00:00:00.000Z');
const candle = (i: number, close = 100 + i): Candle => ({
  time: T0 + i * 5 * MIN,
  date: '2026-11-20',
  open: String(close - 1),
  high: String(close + 2),
  low: String(close - 2),
  close: String(close),
  volume: '1000',
  amount: '100000.00',
});
const CANDLES = Array.from({ length: 120 }, (_, i) => candle(i));
const LAST = CANDLES.at(-1)!;

const tick = (price: string, at: number, volume = '50000'): Quote =>
  ({
    market: 'jpy',
    code: '7203',
    price,
    volume,
    open: '100',
    high: '999',
    low: '1',
    time: new Date(at).toISOString(),
    trade_date: '2026-11-20',
  }) as Quote;

function setup(overrides: Partial<ControllerOptions> = {}) {
  const { module, charts } = fakeHighcharts();
  const doc = { hidden: false, addEventListener: jest.fn(), removeEventListener: jest.fn() };
  const fetchLatest = jest.fn(async () => [candle(119, 230), candle(120, 231)]);
  const controller = new StockChartController(module, document.createElement('div'), {
    period: 'm5',
    sub: 'macd',
    candles: CANDLES,
    colors: TEST_COLORS,
    labels: TEST_LABELS,
    timezone: 'UTC',
    fetchLatest,
    formatPrice: String,
    schedule: (run: () => void) => run(),
    doc,
    ...overrides,
  });
  const chart = charts[0]!;
  chart.redraw.mockClear();
  return { controller, chart, doc, fetchLatest, series: (id: string) => chart.series.find((s) => s.id === id)! };
}

describe('stock chart controller', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('draws candlesticks with volume and MACD (histogram, MACD and signal lines), showing the last 100 candles', () => {
    const { chart, controller } = setup();
    // Made complete in one draw: every series and the first x range are in the options, nothing added or set after.
    expect(chart.options.series.map((s) => s.type)).toEqual([
      'candlestick',
      'candlestick',
      'column',
      'column',
      'column',
      'column',
      'line',
      'line',
    ]);
    expect(chart.addSeries).not.toHaveBeenCalled();
    expect(chart.setExtremes).not.toHaveBeenCalled();
    // The forming bar is drawn by one-point "-live" series: a redraw re-draws it, not every visible bar.
    expect(chart.series.map((s) => `${s.id}:${s.type}:${s.data.length}`)).toEqual([
      'tr-main:candlestick:119',
      'tr-main-live:candlestick:1',
      'tr-volume:column:119',
      'tr-volume-live:column:1',
      'tr-hist:column:119',
      'tr-hist-live:column:1',
      'tr-macd:line:120',
      'tr-signal:line:120',
    ]);
    const x = (chart.options as unknown as { xAxis: { min: number; max: number } }).xAxis;
    expect([x.min, x.max]).toEqual([CANDLES[20]!.time, LAST.time]);
    controller.destroy();
  });

  it('redraws at most once a second however many ticks arrive, updating the forming candle in place', () => {
    const { controller, chart, series } = setup();
    const last = series('tr-main-live').data[0]!;
    const history = series('tr-main').data.at(-1)!;
    for (let i = 0; i < 10; i += 1) {
      controller.push(tick(String(220 + i), LAST.time + 1000 + i * 50, String(50000 + i * 100)));
      jest.advanceTimersByTime(90);
    }
    expect(chart.redraw).toHaveBeenCalledTimes(0);
    jest.advanceTimersByTime(100);
    expect(chart.redraw).toHaveBeenCalledTimes(1);
    expect(chart.redraw).toHaveBeenCalledWith(false);
    // Only the latest tick is drawn: close 229, high raised to it, update without its own redraw.
    expect(last.update).toHaveBeenCalledTimes(1);
    expect(last.update).toHaveBeenCalledWith([LAST.time, 218, 229, 217, 229], false, false);
    expect(history.update).not.toHaveBeenCalled();
    expect(series('tr-main').setData).not.toHaveBeenCalled();
    // No new tick: no redraw.
    jest.advanceTimersByTime(5000);
    expect(chart.redraw).toHaveBeenCalledTimes(1);
    controller.push(tick('230', LAST.time + 2000));
    jest.advanceTimersByTime(1000);
    expect(chart.redraw).toHaveBeenCalledTimes(2);
    controller.destroy();
  });

  it('does not redraw while the page is hidden and catches up when it shows again', () => {
    const { controller, chart, doc } = setup();
    doc.hidden = true;
    controller.push(tick('225', LAST.time + 1000));
    jest.advanceTimersByTime(5000);
    expect(chart.redraw).not.toHaveBeenCalled();
    doc.hidden = false;
    const onVisible = doc.addEventListener.mock.calls.find(([type]) => type === 'visibilitychange')![1] as () => void;
    onVisible();
    expect(chart.redraw).toHaveBeenCalledTimes(1);
    controller.destroy();
  });

  it('adds a new candle with shift when a tick starts the next bucket, asking the server for its bounds', async () => {
    const { controller, chart, series, fetchLatest } = setup();
    controller.push(tick('231', LAST.time + 5 * MIN + 1000));
    jest.advanceTimersByTime(1000);
    await Promise.resolve();
    await Promise.resolve();
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    // The closed candle (with the server's figures) joins the history with shift; the live point takes the new one.
    expect(series('tr-main').addPoint).toHaveBeenCalledWith([LAST.time, 229, 232, 228, 230], false, true, false);
    expect(series('tr-main-live').data[0]!.update).toHaveBeenLastCalledWith(
      [LAST.time + 5 * MIN, 230, 233, 229, 231],
      false,
      false,
    );
    expect(series('tr-volume').addPoint).toHaveBeenCalledWith(
      expect.objectContaining({ x: LAST.time, y: 1000 }),
      false,
      true,
      false,
    );
    expect(series('tr-volume-live').data[0]!.update).toHaveBeenLastCalledWith(
      expect.objectContaining({ x: LAST.time + 5 * MIN, y: 1000 }),
      false,
      false,
    );
    expect(series('tr-hist').addPoint).toHaveBeenCalledWith(
      expect.objectContaining({ x: LAST.time }),
      false,
      true,
      false,
    );
    expect(series('tr-macd').addPoint).toHaveBeenCalledWith(
      [LAST.time + 5 * MIN, expect.any(Number)],
      false,
      true,
      false,
    );
    expect(series('tr-main').data).toHaveLength(119);
    expect(chart.redraw).toHaveBeenCalledTimes(1);
    // The view was on the latest bars: it moves along to show the new one.
    expect(chart.setExtremes).toHaveBeenCalledWith(CANDLES[21]!.time, LAST.time + 5 * MIN, false, false);
    controller.destroy();
  });

  it('leaves a view the reader panned back where it is when a new candle starts', async () => {
    const { controller, chart, fetchLatest } = setup();
    chart.xAxis[0]!.setExtremes(CANDLES[0]!.time, CANDLES[99]!.time);
    chart.setExtremes.mockClear();
    controller.push(tick('231', LAST.time + 5 * MIN + 1000));
    jest.advanceTimersByTime(1000);
    await Promise.resolve();
    await Promise.resolve();
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(chart.setExtremes).not.toHaveBeenCalled();
    controller.destroy();
  });

  it('switches the sub chart by replacing its series, with one redraw', () => {
    const { controller, chart } = setup();
    controller.setSub('kdj');
    expect(chart.series.map((s) => s.id)).toEqual([
      'tr-main',
      'tr-main-live',
      'tr-volume',
      'tr-volume-live',
      'tr-k',
      'tr-d',
      'tr-j',
    ]);
    controller.setSub('rsi');
    expect(chart.series.map((s) => s.id)).toEqual(['tr-main', 'tr-main-live', 'tr-volume', 'tr-volume-live', 'tr-rsi']);
    expect(chart.addSeries).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'line', yAxis: 2, className: 'tr-sub-rsi' }),
      false,
    );
    expect(chart.redraw).toHaveBeenCalledTimes(2);
    controller.destroy();
  });

  it('keeps the MACD histogram and lines in step with the forming candle, from our own math', () => {
    const { controller, series } = setup();
    controller.push(tick('300', LAST.time + 1000));
    jest.advanceTimersByTime(1000);
    const closes = [...CANDLES.slice(0, -1).map((c) => Number(c.close)), 300];
    const expected = macd(closes).at(-1)!;
    expect(series('tr-macd').data.at(-1)!.update).toHaveBeenCalledWith([LAST.time, expected.macd], false, false);
    expect(series('tr-signal').data.at(-1)!.update).toHaveBeenCalledWith([LAST.time, expected.signal], false, false);
    expect(series('tr-hist-live').data[0]!.update).toHaveBeenCalledWith(
      { x: LAST.time, y: expected.histogram, color: TEST_COLORS.up },
      false,
      false,
    );
    controller.destroy();
  });

  it('keeps the KDJ lines in step with the forming candle', () => {
    const { controller, series } = setup({ sub: 'kdj' });
    controller.push(tick('300', LAST.time + 1000));
    jest.advanceTimersByTime(1000);
    const k = series('tr-k').data.at(-1)!;
    expect(k.update).toHaveBeenCalledTimes(1);
    const [, value] = (k.update as jest.Mock).mock.calls[0][0] as [number, number];
    expect(value).toBeGreaterThan(60); // a close far above the 9-candle range pushes K up
    controller.destroy();
  });

  it('draws the time-share period as a price line', () => {
    const { chart, controller } = setup({ period: 'timeShare' });
    expect(chart.options.series[0]!.type).toBe('area');
    expect(chart.options.series[0]!.data[0]).toEqual([CANDLES[0]!.time, 100]);
    controller.destroy();
  });

  describe('time-share over the whole session', () => {
    // Tokyo, 2026-11-20: 11:28 and 11:29 JST traded; the next bar is 12:30 (after the lunch break).
    const jst = (h: number, m: number) => Date.parse('2026-11-20T00:00:00Z') + ((h - 9) * 60 + m) * MIN;
    const minute = (time: number, close: number, date = '2026-11-20'): Candle => ({
      ...candle(0, close),
      time,
      date,
    });
    const yesterday = minute(jst(15, 29) - 86_400_000, 90, '2026-11-19');
    const quote = (price: string, time: number, prev = '99', date = '2026-11-20') =>
      ({ ...tick(price, time), prev_close: prev, trade_date: date }) as Quote;
    const timeShare = (fetchLatest = jest.fn(async () => [minute(jst(11, 29), 102), minute(jst(12, 30), 103)])) =>
      setup({
        period: 'timeShare',
        market: 'jpy',
        prevClose: 99,
        candles: [yesterday, minute(jst(9, 0), 100), minute(jst(11, 28), 101), minute(jst(11, 29), 102)],
        fetchLatest,
      });

    it('keeps only the session’s bars on an axis from the open to the close', () => {
      const { chart, controller } = timeShare();
      const x = (chart.options as unknown as { xAxis: { min: number; max: number; ordinal: boolean } }).xAxis;
      expect([x.min, x.max, x.ordinal]).toEqual([jst(9, 0), jst(15, 30), false]);
      expect(chart.options.series[0]!.data).toEqual([
        [jst(9, 0), 100],
        [jst(11, 28), 101],
        [jst(11, 29), 102],
      ]);
      expect(chart.setExtremes).not.toHaveBeenCalled();
      controller.destroy();
    });

    it('extends the line with live ticks (no shift) and breaks it at the lunch gap', async () => {
      const fetchLatest = jest.fn(async () => [minute(jst(11, 29), 102), minute(jst(12, 30), 103)]);
      const { controller, series } = timeShare(fetchLatest);
      const main = series('tr-main');
      controller.push(quote('102.5', jst(11, 29) + 30_000));
      jest.advanceTimersByTime(1000);
      expect(main.data.at(-1)!.update).toHaveBeenCalledWith([jst(11, 29), 102.5], false, false);
      controller.push(quote('103', jst(12, 30) + 1000));
      jest.advanceTimersByTime(1000);
      await Promise.resolve();
      await Promise.resolve();
      expect(fetchLatest).toHaveBeenCalled();
      expect(main.addPoint.mock.calls).toEqual([
        [[jst(11, 30), null], false, false, false],
        [[jst(12, 30), 103], false, false, false],
      ]);
      expect(main.data).toHaveLength(5); // nothing scrolled out
      // The MACD line breaks there too; the next tick updates the new last point.
      expect(series('tr-macd').addPoint.mock.calls[0]![0]).toEqual([jst(11, 30), null]);
      controller.push(quote('104', jst(12, 30) + 20_000));
      jest.advanceTimersByTime(1000);
      expect(main.data.at(-1)!.update).toHaveBeenCalledWith([jst(12, 30), 104], false, false);
      controller.destroy();
    });

    it('moves the previous-close line when the quote’s prev_close differs, and asks for a new session’s bars', () => {
      const onNewSession = jest.fn();
      const { chart, controller } = setup({
        period: 'timeShare',
        market: 'jpy',
        candles: [minute(jst(9, 0), 100)],
        onNewSession,
      });
      controller.push(quote('100', jst(9, 0) + 5000, '98.5'));
      jest.advanceTimersByTime(1000);
      expect(chart.yAxis[0]!.removePlotLine).toHaveBeenCalledWith('tr-prev-close');
      expect(chart.yAxis[0]!.addPlotLine).toHaveBeenCalledWith(
        expect.objectContaining({ value: 98.5, dashStyle: 'Dash' }),
      );
      controller.push(quote('100', jst(9, 0) + 86_400_000, '100', '2026-11-21'));
      jest.advanceTimersByTime(1000);
      expect(onNewSession).toHaveBeenCalledTimes(1);
      controller.destroy();
    });
  });
});
