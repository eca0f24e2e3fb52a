import type { Candle, Quote } from 'shared/contract';
import { StockChartController, type ControllerOptions } from './stock-chart-controller';
import { fakeHighcharts } from './fake-chart';
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
    colors: {
      up: 'red',
      down: 'green',
      line: 'blue',
      text: 'grey',
      grid: 'grey',
      macd: 'blue',
      signal: 'orange',
      k: 'a',
      d: 'b',
      j: 'c',
    },
    labels: {
      open: 'O',
      high: 'H',
      low: 'L',
      close: 'C',
      price: 'P',
      volume: 'V',
      macd: 'MACD',
      signal: 'S',
      histogram: 'Hist',
      rsi: 'RSI',
    },
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
    expect(chart.options.series.map((s) => s.type)).toEqual(['candlestick', 'candlestick', 'column', 'column']);
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
    expect(chart.setExtremes).toHaveBeenCalledWith(CANDLES[20]!.time, LAST.time, false, false);
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
      { x: LAST.time, y: expected.histogram, color: 'red' },
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
});
