/**
 * The imperative side of the stock chart (ARCHITECTURE.md "Performance design",
 * docs/decisions/0012-market-screens-live-and-chart.md): builds one Highcharts Stock chart
 * (candlestick or time-share line, volume, a switchable sub chart), takes quotes at tick rate and
 * draws them at most once a second: `point.update(..., false)` on the forming candle,
 * `addPoint(..., false, true)` when a new candle starts (its exact bucket from `fetchLatest`), then
 * a single `chart.redraw(false)`. Nothing is drawn while the document is hidden; `setData` is never
 * used (a period change builds a new chart).
 *
 * Its parts: chart-options.ts (the chart's options), chart-series.ts (the points of each series;
 * the forming bar in one-point "-live" series), chart-bars.ts (bars and points, the sub charts'
 * values from model/indicators.ts) and redraw-throttle.ts (when to redraw).
 *
 * The sub charts (MACD, KDJ, RSI) are plain line/column series fed by model/indicators.ts, whose
 * last point is updated like the candle's. Highcharts' own MACD/RSI indicator series were tried
 * first: they recompute and recreate every point on each redraw, which made a redraw under 4× CPU
 * throttling take 90–150 ms (p50) against 30–35 ms with our series (bench/chart.bench.mjs).
 */
import type { Candle, Quote } from 'shared/contract';
import type { Market } from 'shared/mf';
import { startsNewCandle, type ChartPeriod, type SubChart } from '../model/periods';
import { toBar, type Bar } from './chart-bars';
import { buildChartOptions, type ChartLook } from './chart-options';
import { ChartSeries, latestRange, subSeriesOptions } from './chart-series';
import type { ChartLike, ChartModule } from './chart-types';
import { sessionAxis } from './session-axis';
import { RedrawThrottle, type RedrawThrottleOptions } from './redraw-throttle';

export type { ChartColors, ChartLabels } from './chart-options';

export interface ControllerOptions extends ChartLook, RedrawThrottleOptions {
  sub: SubChart;
  candles: Candle[];
  /** Fetches the newest candles (exact bucket bounds) when a quote starts a new one. */
  fetchLatest: () => Promise<Candle[]>;
  /** The stock's market: the time-share axis spans its whole session in its clock. */
  market?: Market;
  /** Time-share: a quote of a later trading day came (the caller fetches that day's candles anew). */
  onNewSession?: () => void;
}

/** Time-share: the last trading day's bars and that day's whole session; other periods: all bars. */
function timeShareLook(options: ControllerOptions, bars: Bar[]): { bars: Bar[]; look: ChartLook } {
  const last = bars.at(-1);
  if (options.period !== 'timeShare' || !options.market || !last) return { bars, look: options };
  return {
    bars: bars.filter((b) => b.date === last.date),
    look: { ...options, session: sessionAxis(options.market, last.date) },
  };
}

export class StockChartController {
  readonly chart: ChartLike;
  private readonly series: ChartSeries;
  private readonly throttle: RedrawThrottle;
  private pending: Quote | undefined;
  private fetching = false;
  private sub: SubChart;
  /** Time-share: the trading date the axis spans. */
  private readonly session: string | undefined;

  constructor(
    H: ChartModule,
    container: HTMLElement,
    private readonly options: ControllerOptions,
  ) {
    const { bars, look } = timeShareLook(options, options.candles.map(toBar));
    this.sub = options.sub;
    this.session = look.session?.date;
    // One draw, complete: the sub chart and the latest bars' range are in the options (see buildChartOptions).
    const initial = { series: subSeriesOptions(this.sub, bars, look), range: latestRange(bars, look) };
    this.chart = H.stockChart(container, buildChartOptions(bars, look, initial));
    this.series = new ChartSeries(this.chart, bars, look, this.sub);
    this.throttle = new RedrawThrottle(
      this.chart,
      () => !!this.pending && !this.fetching,
      () => this.flush(),
      options,
    );
  }

  get period(): ChartPeriod {
    return this.options.period;
  }

  /** Redraws done (for tests and the bench). */
  get redraws(): number {
    return this.throttle.redraws;
  }

  /** Takes a quote (stream or poll); drawn at the next flush. */
  push(quote: Quote): void {
    this.pending = quote;
  }

  /** Switches the sub chart (one redraw). */
  setSub(sub: SubChart): void {
    if (sub === this.sub) return;
    this.sub = sub;
    this.series.setSub(sub);
    this.throttle.redraw();
  }

  destroy(): void {
    this.throttle.stop();
    this.chart.destroy();
  }

  /** Applies the latest pending quote with one redraw; skipped while the page is hidden. */
  flush(): void {
    if (!this.pending || this.fetching || this.throttle.hidden) return;
    const quote = this.pending;
    this.pending = undefined;
    if (this.session && quote.trade_date > this.session) {
      this.options.onNewSession?.();
      return;
    }
    const prevCloseMoved = this.series.setPrevClose(+quote.prev_close);
    const last = this.series.bars.at(-1);
    if (last && startsNewCandle(this.options.period, last, Date.parse(quote.time), quote.trade_date)) {
      this.fetching = true;
      this.options
        .fetchLatest()
        .then((candles) => {
          this.fetching = false;
          this.series.merge(candles.map(toBar), +quote.volume);
          this.throttle.redraw();
        })
        .catch(() => {
          this.fetching = false;
        });
      if (prevCloseMoved) this.throttle.redraw();
      return;
    }
    this.series.updateLast(quote);
    this.throttle.redraw();
  }
}
