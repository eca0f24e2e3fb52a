/** A stand-in for Highcharts in unit tests: records what the chart code asks of it. */
import type { ChartColors, ChartLabels } from './chart-options';
import type { ChartLike, ChartModule, PointLike, SeriesLike } from './chart-types';

/** The chart's colours in tests: CSS colours the real Highcharts can draw. */
export const TEST_COLORS: ChartColors = {
  up: 'red',
  down: 'green',
  line: 'blue',
  text: 'grey',
  grid: '#eee',
  macd: 'blue',
  signal: 'orange',
  k: 'purple',
  d: 'olive',
  j: 'teal',
};

/** The chart's labels in tests. */
export const TEST_LABELS: ChartLabels = {
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
  prevClose: 'Prev. close',
};

/** The series of a candle chart with the MACD sub chart, in the order the chart holds them. */
export const MACD_CHART_SERIES = [
  'tr-main',
  'tr-main-live',
  'tr-volume',
  'tr-volume-live',
  'tr-hist',
  'tr-hist-live',
  'tr-macd',
  'tr-signal',
];

export interface FakeSeries extends SeriesLike {
  id: string;
  type: string;
  data: (PointLike & { options: unknown })[];
  addPoint: jest.Mock;
  setData: jest.Mock;
  remove: jest.Mock;
}

export interface FakeChart extends ChartLike {
  options: { series: { id: string; type: string; data: unknown[] }[] };
  series: FakeSeries[];
  redraw: jest.Mock;
  destroy: jest.Mock;
  addSeries: jest.Mock;
  setExtremes: jest.Mock;
  yAxis: { addPlotLine: jest.Mock; removePlotLine: jest.Mock }[];
}

function makeSeries(chart: FakeChart, options: { id: string; type: string; data?: unknown[] }): FakeSeries {
  const point = (o: unknown) => ({ options: o, update: jest.fn() });
  const series: FakeSeries = {
    id: options.id,
    type: options.type,
    options: { id: options.id },
    data: (options.data ?? []).map(point),
    addPoint: jest.fn((o: unknown, _redraw?: boolean, shift?: boolean) => {
      series.data.push(point(o));
      if (shift) series.data.shift();
    }),
    setData: jest.fn(),
    remove: jest.fn(() => {
      chart.series = chart.series.filter((s) => s !== series);
    }),
  };
  return series;
}

/** A fake Highcharts module; `charts` lists every chart made. */
export function fakeHighcharts() {
  const charts: FakeChart[] = [];
  const module: ChartModule = {
    stockChart(_container, options) {
      const opts = options as FakeChart['options'];
      const initial = (opts as unknown as { xAxis?: { min?: number; max?: number } }).xAxis;
      let view = { min: initial?.min, max: initial?.max };
      const setExtremes = jest.fn((min?: number, max?: number) => {
        view = { min, max };
      });
      const chart: FakeChart = {
        options: opts,
        series: [],
        xAxis: [{ setExtremes, getExtremes: () => view }],
        yAxis: [{ addPlotLine: jest.fn(), removePlotLine: jest.fn() }],
        setExtremes,
        get: (id: string) => chart.series.find((s) => s.id === id),
        addSeries: jest.fn((o: { id: string; type: string; data?: unknown[] }) => {
          const s = makeSeries(chart, o);
          chart.series.push(s);
          return s;
        }),
        redraw: jest.fn(),
        reflow: jest.fn(),
        destroy: jest.fn(),
      };
      chart.series = opts.series.map((s) => makeSeries(chart, s));
      charts.push(chart);
      return chart;
    },
  };
  return { module, charts };
}
