/**
 * The chart drawn by the real Highcharts Stock (its UMD build, in jsdom). Time-share: the line really breaks at the
 * lunch break, the axis reads the session's bounds in the market's clock, and the previous close is a dashed line
 * labelled with its value (the option-level tests are in session-axis.test.ts). Day candles: made in one draw with
 * the sub chart and the latest 100 bars in view, and a new bar scrolls the view along.
 */
import type { Candle } from 'shared/contract';
import type { ChartModule } from './chart-types';
import { MACD_CHART_SERIES, TEST_COLORS, TEST_LABELS } from './fake-chart';
import { StockChartController, type ControllerOptions } from './stock-chart-controller';

const MIN = 60_000;
/** 2026-11-20 (a Friday) at h:m in Tokyo. */
const jst = (h: number, m: number) => Date.parse('2026-11-20T00:00:00Z') + ((h - 9) * 60 + m) * MIN;
const candle = (time: number, close: number): Candle => ({
  time,
  date: '2026-11-20',
  open: String(close),
  high: String(close + 1),
  low: String(close - 1),
  close: String(close),
  volume: '100',
  amount: '10000.00',
});

const LOOK: Omit<ControllerOptions, 'period' | 'sub' | 'candles'> = {
  colors: TEST_COLORS,
  labels: TEST_LABELS,
  timezone: 'UTC',
  formatPrice: (v) => v.toFixed(1),
  fetchLatest: async () => [],
  schedule: (run) => run(),
};

function chartBox(): HTMLDivElement {
  const container = document.createElement('div');
  container.style.width = '360px';
  container.style.height = '380px';
  document.body.appendChild(container);
  return container;
}

describe('the stock chart in Highcharts', () => {
  const svg = window.SVGElement.prototype as unknown as { getBBox?: unknown };
  const bbox = svg.getBBox;
  const css = (window as unknown as { CSS?: unknown }).CSS;
  beforeAll(() => {
    // jsdom has no layout: text boxes get a fixed size, CSS.supports answers no.
    svg.getBBox = () => ({ x: 0, y: 0, width: 20, height: 10 });
    (window as unknown as { CSS: unknown }).CSS = { supports: () => false, escape: (v: string) => v };
  });
  afterAll(() => {
    svg.getBBox = bbox;
    (window as unknown as { CSS?: unknown }).CSS = css;
  });

  it('breaks the line at lunch, spans 09:00–15:30 Tokyo and draws the labelled, dashed previous close', () => {
    const H = jest.requireActual<ChartModule>('highcharts/highstock');
    const container = chartBox();
    const candles: Candle[] = [];
    for (let m = 0; m < 150; m += 1) candles.push(candle(jst(9, 0) + m * MIN, 100 + (m % 7)));
    for (let m = 0; m < 30; m += 1) candles.push(candle(jst(12, 30) + m * MIN, 105 + (m % 5)));
    const controller = new StockChartController(H, container, {
      ...LOOK,
      period: 'timeShare',
      sub: 'macd',
      candles,
      market: 'jpy',
      prevClose: 101,
      timezone: 'America/New_York', // the user's zone: the time-share axis reads Tokyo's clock anyway
    });
    try {
      const segments = (selector: string) =>
        (container.querySelector(selector)?.getAttribute('d') ?? '').split('M').length - 1;
      // One path per session part: the price line and the MACD line do not cross the lunch break.
      expect(segments('.highcharts-area-series .highcharts-graph')).toBe(2);
      expect(segments('.tr-sub-macd .highcharts-graph')).toBe(2);
      const ticks = [...container.querySelectorAll('.highcharts-xaxis-labels text')].map((t) => t.textContent);
      expect(ticks).toEqual(['09:00', '11:30', '12:30', '15:30']);
      expect(container.querySelectorAll('.highcharts-plot-band')).toHaveLength(1);
      const line = container.querySelector('.highcharts-plot-line');
      expect(line?.getAttribute('stroke-dasharray')).toBeTruthy();
      expect(line?.getAttribute('d')).toMatch(/^M /);
      expect(container.querySelector('.highcharts-plot-line-label')?.textContent).toBe('Prev. close 101.0');
    } finally {
      controller.destroy();
      container.remove();
    }
  });

  it('makes the day chart in one draw, MACD and the latest 100 bars in view; a new bar moves it along', async () => {
    const H = jest.requireActual<ChartModule>('highcharts/highstock');
    const container = chartBox();
    const DAY = 86_400_000;
    const start = Date.parse('2026-01-05T00:00:00Z');
    const candles = Array.from({ length: 120 }, (_, i) => ({
      ...candle(start + i * DAY, 100 + (i % 9)),
      date: new Date(start + i * DAY).toISOString().slice(0, 10),
    }));
    const last = candles.at(-1)!;
    const next = { ...candle(last.time + DAY, 104), date: new Date(last.time + DAY).toISOString().slice(0, 10) };
    const controller = new StockChartController(H, container, {
      ...LOOK,
      period: 'day',
      sub: 'macd',
      candles,
      fetchLatest: async () => [next],
    });
    try {
      const chart = controller.chart as unknown as {
        xAxis: Array<{ getExtremes(): { min: number; max: number } }>;
        series: Array<{ options: { id: string } }>;
      };
      expect(chart.series.map((s) => s.options.id)).toEqual(MACD_CHART_SERIES);
      const view = chart.xAxis[0]!.getExtremes();
      expect([view.min, view.max]).toEqual([candles[20]!.time, last.time]);
      // Only the bars in view are drawn (Highcharts keeps a neighbour on each side), not all 119.
      const drawn = container.querySelectorAll('.highcharts-candlestick-series path.highcharts-point').length;
      expect(drawn).toBeGreaterThanOrEqual(99);
      expect(drawn).toBeLessThanOrEqual(102);

      // A quote of the next day: the chart asks for the new bar and shows it, the view moved by one bar.
      controller.push({
        price: '104',
        open: '104',
        high: '104',
        low: '104',
        volume: '10',
        prev_close: '100',
        time: new Date(next.time + 3_600_000).toISOString(),
        trade_date: next.date,
      } as never);
      controller.flush();
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
      const moved = chart.xAxis[0]!.getExtremes();
      expect([moved.min, moved.max]).toEqual([candles[21]!.time, next.time]);
    } finally {
      controller.destroy();
      container.remove();
    }
  });
});
