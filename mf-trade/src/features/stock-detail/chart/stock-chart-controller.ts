/**
 * The imperative side of the stock chart (ARCHITECTURE.md "Performance design"): builds one
 * Highcharts Stock chart (candlestick or time-share line, volume, a switchable sub chart), takes
 * quotes at tick rate and draws them at most once a second: `point.update(..., false)` on the
 * forming candle, `addPoint(..., false, true)` when a new candle starts, then a single
 * `chart.redraw(false)`. Nothing is drawn while the document is hidden; `setData` is never used
 * (a period change builds a new chart).
 *
 * The forming bar lives in one-point series of its own ("-live": candle, volume, MACD histogram):
 * a redraw then re-draws three points instead of every visible candle, volume bar and histogram
 * column (Highcharts re-applies each point's attributes of a dirty series on every redraw, about
 * 300 points × 6 attributes per tick before). The line series (MACD, KDJ, RSI, time-share) keep
 * all points: one path each. When a candle closes it moves into the history series with shift.
 *
 * The sub charts (MACD, KDJ, RSI) are plain line/column series fed by model/indicators.ts, whose
 * last point is updated like the candle's. Highcharts' own MACD/RSI indicator series were tried
 * first: they recompute and recreate every point on each redraw, which made a redraw under 4× CPU
 * throttling take 90–150 ms (p50) against 30–35 ms with our series (bench/chart.bench.mjs).
 */
import type { Candle, Quote } from 'shared/contract';
import { kdj, macd, rsi } from '../model/indicators';
import { startsNewCandle, VISIBLE_CANDLES, type ChartPeriod, type SubChart } from '../model/periods';
import type { ChartLike, ChartModule, PointLike, SeriesLike } from './chart-types';

export interface ChartColors {
  up: string;
  down: string;
  line: string;
  text: string;
  grid: string;
  macd: string;
  signal: string;
  k: string;
  d: string;
  j: string;
}

export interface ChartLabels {
  open: string;
  high: string;
  low: string;
  close: string;
  price: string;
  volume: string;
  macd: string;
  signal: string;
  histogram: string;
  rsi: string;
  simulated?: string;
}

export interface ControllerOptions {
  period: ChartPeriod;
  sub: SubChart;
  candles: Candle[];
  colors: ChartColors;
  labels: ChartLabels;
  /** IANA zone of the axis labels (the user's). */
  timezone: string;
  /** Fetches the newest candles (exact bucket bounds) when a quote starts a new one. */
  fetchLatest: () => Promise<Candle[]>;
  /** Formats a price for tooltips. */
  formatPrice: (value: number) => string;
  /** Minimum time between redraws (ms), default 1000. */
  intervalMs?: number;
  /**
   * Runs the flush at the start of a frame (default requestAnimationFrame), after the browser laid
   * out what React changed for the tick, so the chart's measurements do not force a page layout.
   */
  schedule?: (run: () => void) => void;
  doc?: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
}

interface Bar {
  time: number;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The series of each sub chart (the MACD histogram is a column series coloured by sign). */
const SUB_LINES: Record<SubChart, { key: string; name: string; color: keyof ChartColors }[]> = {
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

/** Column series whose forming bar is drawn by a one-point "-live" series (see the header). */
const SPLIT = new Set(['main', 'volume', 'hist']);
const LIVE = '-live';

const toBar = (c: Candle): Bar => ({
  time: c.time,
  date: c.date,
  open: +c.open,
  high: +c.high,
  low: +c.low,
  close: +c.close,
  volume: +c.volume,
});
const REDRAW_MARK = 'tr-chart-redraw';

/**
 * Drops the ticks outside the axis range in place (keeping the array's date-format info). Measured
 * with Highcharts 13.1.1: without it the x axis and the sub chart's axis came out of
 * setTickPositions dirty on every redraw (same extremes, same kept tick count; apparently the
 * untrimmed tick list is compared with the trimmed one), and a dirty axis re-renders every axis and
 * every point of every series, which made the "-live" series below useless.
 */
function keepTicksInRange(this: { tickPositions?: number[]; min?: number; max?: number }): number[] | undefined {
  const ticks = this.tickPositions;
  const { min, max } = this;
  if (!ticks || min === undefined || max === undefined) return ticks;
  for (let i = ticks.length - 1; i >= 0; i -= 1) if (ticks[i]! < min || ticks[i]! > max) ticks.splice(i, 1);
  return ticks;
}

export class StockChartController {
  readonly chart: ChartLike;
  private bars: Bar[];
  private pending: Quote | undefined;
  private lastDayVolume: number | undefined;
  private fetching = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private sub: SubChart;
  private scheduled = false;
  private lastRedrawAt = -Infinity;
  private readonly intervalMs: number;
  private readonly doc: NonNullable<ControllerOptions['doc']> | undefined;
  /** Redraws done (for tests and the bench). */
  redraws = 0;

  constructor(
    private readonly H: ChartModule,
    container: HTMLElement,
    private readonly options: ControllerOptions,
  ) {
    this.bars = options.candles.map(toBar);
    this.sub = options.sub;
    this.doc = options.doc ?? (typeof document === 'undefined' ? undefined : document);
    this.chart = H.stockChart(container, this.buildOptions());
    this.addSubSeries(this.sub);
    this.showLatest();
    this.chart.redraw(false);
    this.intervalMs = options.intervalMs ?? 1000;
    this.timer = setInterval(() => this.requestFlush(), this.intervalMs);
    this.doc?.addEventListener('visibilitychange', this.onVisibility);
  }

  get period(): ChartPeriod {
    return this.options.period;
  }

  /** Takes a quote (stream or poll); drawn at the next flush. */
  push(quote: Quote): void {
    this.pending = quote;
  }

  /** Switches the sub chart (one redraw). */
  setSub(sub: SubChart): void {
    if (sub === this.sub) return;
    for (const id of this.subIds(this.sub)) (this.chart.get(id) as SeriesLike | undefined)?.remove(false);
    this.sub = sub;
    this.addSubSeries(sub);
    this.redraw();
  }

  private destroyed = false;

  destroy(): void {
    this.destroyed = true;
    clearInterval(this.timer);
    this.doc?.removeEventListener('visibilitychange', this.onVisibility);
    this.chart.destroy();
  }

  private requestFlush() {
    if (!this.pending || this.fetching || this.scheduled || this.doc?.hidden) return;
    const schedule =
      this.options.schedule ??
      (typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (run: () => void) => run());
    this.scheduled = true;
    const run = () => {
      if (this.destroyed) return;
      // A frame can come a few ms early: wait for the first frame a whole interval after the last redraw.
      if (Date.now() - this.lastRedrawAt < this.intervalMs) {
        schedule(run);
        return;
      }
      this.scheduled = false;
      this.flush();
    };
    schedule(run);
  }

  /** Applies the latest pending quote with one redraw; skipped while the page is hidden. */
  flush(): void {
    if (!this.pending || this.fetching || this.doc?.hidden) return;
    const quote = this.pending;
    this.pending = undefined;
    const last = this.bars.at(-1);
    const time = Date.parse(quote.time);
    if (last && startsNewCandle(this.options.period, last, time, quote.trade_date)) {
      this.fetching = true;
      this.options
        .fetchLatest()
        .then((candles) => {
          this.fetching = false;
          this.merge(candles.map(toBar));
          this.lastDayVolume = +quote.volume;
          this.redraw();
        })
        .catch(() => {
          this.fetching = false;
        });
      return;
    }
    if (last) this.updateLast(last, quote);
    this.redraw();
  }

  private onVisibility = () => {
    if (!this.doc?.hidden) this.requestFlush();
  };

  private redraw() {
    const perf = typeof performance !== 'undefined' && typeof performance.mark === 'function' ? performance : undefined;
    perf?.mark(`${REDRAW_MARK}-start`);
    this.chart.redraw(false);
    perf?.measure(REDRAW_MARK, `${REDRAW_MARK}-start`);
    this.lastRedrawAt = Date.now();
    this.redraws += 1;
  }

  private updateLast(last: Bar, quote: Quote) {
    const price = +quote.price;
    const dayVolume = +quote.volume;
    const daily = this.options.period === 'day';
    const delta = this.lastDayVolume === undefined ? 0 : Math.max(0, dayVolume - this.lastDayVolume);
    this.lastDayVolume = dayVolume;
    last.close = price;
    if (daily) {
      last.open = +quote.open;
      last.high = +quote.high;
      last.low = +quote.low;
      last.volume = dayVolume;
    } else {
      last.high = Math.max(last.high, price);
      last.low = Math.min(last.low, price);
      last.volume += delta;
    }
    this.updateForming('main', this.mainPoint(last));
    this.updateForming('volume', this.volumePoint(last));
    this.updateSubLast();
  }

  /** Whether series `key` draws its forming bar in a one-point "-live" series (candles: not the time-share line). */
  private split(key: string): boolean {
    return SPLIT.has(key) && !(key === 'main' && this.options.period === 'timeShare');
  }

  /** Updates the forming bar of series `key` (its live point, or its last point). */
  private updateForming(key: string, point: unknown) {
    if (this.split(key)) this.series(key + LIVE)?.data[0]?.update(point, false, false);
    else this.pointAt(this.series(key), this.bars.length - 1)?.update(point, false, false);
  }

  /** A new forming bar: the previous one joins the history (with shift), the live point takes the new one. */
  private addForming(key: string, previous: unknown, point: unknown) {
    if (this.split(key)) {
      this.series(key)?.addPoint(previous, false, true, false);
      this.series(key + LIVE)?.data[0]?.update(point, false, false);
    } else this.series(key)?.addPoint(point, false, true, false);
  }

  /** Adds candles newer than the last one (with shift) and refreshes the last known one. */
  private merge(candles: Bar[]) {
    for (const bar of candles) {
      const last = this.bars.at(-1);
      if (last && bar.time === last.time) {
        Object.assign(last, bar);
        this.updateForming('main', this.mainPoint(last));
        this.updateForming('volume', this.volumePoint(last));
      } else if (last && bar.time > last.time) {
        this.bars.push(bar);
        this.bars.shift();
        this.addForming('main', this.mainPoint(last), this.mainPoint(bar));
        this.addForming('volume', this.volumePoint(last), this.volumePoint(bar));
        this.addSubPoint();
      }
    }
    this.updateSubLast();
  }

  private series(id: string): SeriesLike | undefined {
    return this.chart.get(`tr-${id}`) as SeriesLike | undefined;
  }

  private pointAt(series: SeriesLike | undefined, index: number): PointLike | undefined {
    return series?.data[index] ?? series?.data.at(-1);
  }

  private mainPoint(bar: Bar): unknown {
    return this.options.period === 'timeShare'
      ? [bar.time, bar.close]
      : [bar.time, bar.open, bar.high, bar.low, bar.close];
  }

  private volumePoint(bar: Bar) {
    const { up, down } = this.options.colors;
    return { x: bar.time, y: bar.volume, color: bar.close >= bar.open ? up : down };
  }

  private subIds(sub: SubChart): string[] {
    return SUB_LINES[sub].flatMap((line) =>
      this.split(line.key) ? [`tr-${line.key}`, `tr-${line.key}${LIVE}`] : [`tr-${line.key}`],
    );
  }

  /** The sub chart's values by candle (our own math: Highcharts' indicator series recompute and recreate every point on each redraw). */
  private subValues(sub: SubChart): Record<string, (number | null)[]> {
    if (sub === 'kdj') {
      const values = kdj(this.bars);
      return { k: values.map((v) => v.k), d: values.map((v) => v.d), j: values.map((v) => v.j) };
    }
    const closes = this.bars.map((b) => b.close);
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

  private subPoint(key: string, time: number, value: number | null): unknown {
    if (key !== 'hist') return [time, value];
    const { up, down } = this.options.colors;
    return { x: time, y: value, color: (value ?? 0) >= 0 ? up : down };
  }

  private addSubSeries(sub: SubChart) {
    const values = this.subValues(sub);
    for (const line of SUB_LINES[sub]) {
      const column = line.key === 'hist';
      const data = this.bars.map((b, i) => this.subPoint(line.key, b.time, values[line.key]![i] ?? null));
      const options = {
        id: `tr-${line.key}`,
        className: `tr-sub-${sub}`,
        type: column ? 'column' : 'line',
        name:
          line.name === 'signal'
            ? this.options.labels.signal
            : line.name === 'histogram'
              ? this.options.labels.histogram
              : line.name,
        yAxis: 2,
        color: this.options.colors[line.color],
        lineWidth: 1,
        borderWidth: 0,
        enableMouseTracking: false,
      };
      if (this.split(line.key)) {
        this.chart.addSeries({ ...options, data: data.slice(0, -1) }, false);
        this.chart.addSeries(
          { ...options, id: `tr-${line.key}${LIVE}`, linkedTo: `tr-${line.key}`, data: data.slice(-1) },
          false,
        );
      } else this.chart.addSeries({ ...options, data }, false);
    }
  }

  /** Keeps the sub chart's last point in step with the forming candle. */
  private updateSubLast() {
    const values = this.subValues(this.sub);
    const time = this.bars.at(-1)!.time;
    for (const line of SUB_LINES[this.sub])
      this.updateForming(line.key, this.subPoint(line.key, time, values[line.key]!.at(-1) ?? null));
  }

  private addSubPoint() {
    const values = this.subValues(this.sub);
    const time = this.bars.at(-1)!.time;
    const before = this.bars.at(-2)!.time;
    for (const line of SUB_LINES[this.sub]) {
      const value = values[line.key]!;
      this.addForming(
        line.key,
        this.subPoint(line.key, before, value.at(-2) ?? null),
        this.subPoint(line.key, time, value.at(-1) ?? null),
      );
    }
  }

  private showLatest() {
    if (this.bars.length > VISIBLE_CANDLES)
      this.chart.xAxis[0]?.setExtremes(
        this.bars[this.bars.length - VISIBLE_CANDLES]!.time,
        this.bars.at(-1)!.time,
        false,
        false,
      );
  }

  private buildOptions() {
    const { colors, labels, period, formatPrice } = this.options;
    const timeShare = period === 'timeShare';
    const candle = this.bars;
    const axisLabels = { style: { color: colors.text, fontSize: '10px' } };
    // History and the forming bar (its own one-point series, see the header).
    const history = candle.slice(0, -1);
    const forming = candle.slice(-1);
    const candles = {
      type: 'candlestick',
      name: labels.price,
      color: colors.down,
      lineColor: colors.down,
      upColor: colors.up,
      upLineColor: colors.up,
      tooltip: {
        pointFormatter(this: { open: number; high: number; low: number; close: number }) {
          return `${labels.open} ${formatPrice(this.open)}<br/>${labels.high} ${formatPrice(this.high)}<br/>${labels.low} ${formatPrice(this.low)}<br/>${labels.close} <b>${formatPrice(this.close)}</b><br/>`;
        },
      },
    };
    const volume = { type: 'column', name: labels.volume, yAxis: 1, borderWidth: 0, enableMouseTracking: false };
    return {
      chart: {
        animation: false,
        spacing: [8, 4, 8, 4],
        backgroundColor: 'transparent',
        style: { fontFamily: 'inherit' },
        panning: { enabled: true, type: 'x' },
      },
      accessibility: { enabled: false },
      credits: { enabled: false },
      title: { text: undefined },
      time: { timezone: this.options.timezone },
      rangeSelector: { enabled: false },
      navigator: { enabled: false },
      scrollbar: { enabled: false },
      legend: { enabled: false },
      exporting: { enabled: false },
      // Cheap tooltip: no shadow filter, no animation, drawn only on touch/hover (never by a redraw).
      tooltip: { split: false, shared: true, valueDecimals: 2, outside: false, animation: false, shadow: false },
      plotOptions: {
        // Crop the candles scrolled out of view (only ~100 are drawn); no hover states to redraw.
        // No column grouping: a history series and its one-point live series share each x slot's full width.
        series: {
          animation: false,
          dataGrouping: { enabled: false },
          grouping: false,
          cropThreshold: 50,
          states: { inactive: { enabled: false }, hover: { enabled: false } },
        },
      },
      xAxis: {
        lineColor: colors.grid,
        tickColor: colors.grid,
        labels: axisLabels,
        crosshair: { color: colors.grid },
        tickPositioner: keepTicksInRange,
      },
      yAxis: [
        {
          height: '62%',
          labels: { ...axisLabels, align: 'left', x: 2 },
          gridLineColor: colors.grid,
          opposite: true,
          title: { text: undefined },
        },
        // Volume: the axis always starts at 0 (bar heights compare volumes); its top tick is labelled ("10M", inside the pane; Stock hides last labels by default) so the scale reads.
        {
          top: '65%',
          height: '13%',
          offset: 0,
          min: 0,
          showFirstLabel: false,
          showLastLabel: true,
          tickPixelInterval: 40,
          labels: { ...axisLabels, align: 'left', x: 2, y: 9 },
          gridLineWidth: 0,
          opposite: true,
          title: { text: undefined },
        },
        // Sub chart: extremes from the data (no rounding to ticks), so dropping out-of-range ticks never narrows the range.
        {
          top: '80%',
          height: '20%',
          offset: 0,
          startOnTick: false,
          endOnTick: false,
          tickPositioner: keepTicksInRange,
          labels: { ...axisLabels, align: 'left', x: 2 },
          gridLineColor: colors.grid,
          opposite: true,
          title: { text: undefined },
        },
      ],
      series: [
        timeShare
          ? {
              id: 'tr-main',
              type: 'area',
              name: labels.price,
              data: candle.map((b) => [b.time, b.close]),
              color: colors.line,
              fillOpacity: 0.08,
              lineWidth: 1.5,
              threshold: null,
              tooltip: {
                pointFormatter(this: { y: number }) {
                  return `${labels.price}: <b>${formatPrice(this.y)}</b><br/>`;
                },
              },
            }
          : { ...candles, id: 'tr-main', data: history.map((b) => this.mainPoint(b)) },
        ...(timeShare
          ? []
          : [{ ...candles, id: `tr-main${LIVE}`, linkedTo: 'tr-main', data: forming.map((b) => this.mainPoint(b)) }]),
        { ...volume, id: 'tr-volume', data: history.map((b) => this.volumePoint(b)) },
        { ...volume, id: `tr-volume${LIVE}`, linkedTo: 'tr-volume', data: forming.map((b) => this.volumePoint(b)) },
      ],
    };
  }
}
