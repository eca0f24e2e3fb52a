/**
 * The Highcharts Stock options of the stock chart: colours and labels in, the chart's axes and its
 * price and volume series out (the sub chart's series are added by chart-series.ts). Each column
 * series' forming bar is a one-point "-live" series of its own (see stock-chart-controller.ts).
 */
import { formatCompact } from 'shared/money';
import type { ChartColors } from 'shared/remote-kit';
import type { ChartPeriod } from '../model/periods';
import { LIVE, mainPoint, volumePoint, type Bar } from './chart-bars';
import { withGaps, type SessionAxis } from './session-axis';

/** The colours the chart takes as options: the kit's, read from the design tokens (readChartColors). */
export type { ChartColors };

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
  /** Names the time-share chart's previous-close line ("Prev. close"). */
  prevClose?: string;
}

export interface ChartLook {
  period: ChartPeriod;
  colors: ChartColors;
  labels: ChartLabels;
  /** IANA zone of the axis labels (the user's). */
  timezone: string;
  /** Formats a price for tooltips. */
  formatPrice: (value: number) => string;
  /** The reader's language (session code or tag): volume labels read 50亿 / 50億 / 5B, never "5G". */
  language?: string;
  /** Time-share: the whole session the x axis spans (open to close, lunch break a gap). */
  session?: SessionAxis;
  /** Time-share: the previous close, drawn as a dashed line labelled with its value. */
  prevClose?: number;
}

/** Id of the time-share chart's previous-close plot line. */
export const PREV_CLOSE_LINE = 'tr-prev-close';

/** The dashed previous-close line of the time-share chart, labelled with its value. */
export function prevCloseLine({ colors, labels, formatPrice }: ChartLook, value: number) {
  const name = labels.prevClose ? `${labels.prevClose} ` : '';
  return {
    id: PREV_CLOSE_LINE,
    value,
    color: colors.text,
    width: 1,
    dashStyle: 'Dash',
    zIndex: 3,
    label: {
      text: `${name}${formatPrice(value)}`,
      align: 'left',
      x: 2,
      y: -3,
      style: { color: colors.text, fontSize: '10px' },
    },
  };
}

/**
 * The time-share x axis: not ordinal (time reads linearly), fixed to the session from the open to
 * the close in the market's clock, ticks at each part's start and end, the lunch break shaded.
 */
function sessionXAxis(session: SessionAxis, grid: string) {
  const ticks = [...new Set(session.parts.flatMap((p) => [p.start, p.end]))];
  return {
    ordinal: false,
    min: session.open,
    max: session.close,
    startOnTick: false,
    endOnTick: false,
    tickPositions: ticks,
    labels: { format: '{value:%H:%M}' },
    plotBands: session.gaps.map((g) => ({ from: g.from, to: g.to, color: grid })),
  };
}

/** A volume axis label shortened by the reader's language (万/亿, 万/億, K/M/B) instead of Highcharts' k/M/G. */
export function volumeAxisLabel(value: number | string, language: string | undefined): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(Math.round(value)) : '0') : value;
  return formatCompact(/^-?\d+(\.\d+)?$/.test(text) ? text : String(Math.round(Number(text)) || 0), language);
}

/**
 * Drops the ticks outside the axis range in place (keeping the array's date-format info). Measured
 * with Highcharts 13.1.1: without it the x axis and the sub chart's axis came out of
 * setTickPositions dirty on every redraw (same extremes, same kept tick count; apparently the
 * untrimmed tick list is compared with the trimmed one), and a dirty axis re-renders every axis and
 * every point of every series, which made the "-live" series useless.
 */
function keepTicksInRange(this: { tickPositions?: number[]; min?: number; max?: number }): number[] | undefined {
  const ticks = this.tickPositions;
  const { min, max } = this;
  if (!ticks || min === undefined || max === undefined) return ticks;
  for (let i = ticks.length - 1; i >= 0; i -= 1) if (ticks[i]! < min || ticks[i]! > max) ticks.splice(i, 1);
  return ticks;
}

/** The price and volume series: history plus the forming bar in its own one-point series. */
function mainSeries(bars: Bar[], look: ChartLook) {
  const { colors, labels, period, formatPrice } = look;
  const history = bars.slice(0, -1);
  const forming = bars.slice(-1);
  const candles = {
    type: 'candlestick',
    name: labels.price,
    color: colors.down,
    lineColor: colors.down,
    upColor: colors.up,
    upLineColor: colors.up,
    tooltip: {
      pointFormatter(this: { open: number; high: number; low: number; close: number }) {
        return (
          `${labels.open} ${formatPrice(this.open)}<br/>${labels.high} ${formatPrice(this.high)}<br/>` +
          `${labels.low} ${formatPrice(this.low)}<br/>${labels.close} <b>${formatPrice(this.close)}</b><br/>`
        );
      },
    },
  };
  const volume = { type: 'column', name: labels.volume, yAxis: 1, borderWidth: 0, enableMouseTracking: false };
  const main = (bar: Bar) => mainPoint(period, bar);
  const vol = (bar: Bar) => volumePoint(colors, bar);
  return [
    period === 'timeShare'
      ? {
          id: 'tr-main',
          type: 'area',
          name: labels.price,
          data: withGaps(
            bars.map((b): [number, number] => [b.time, b.close]),
            look.session,
          ),
          connectNulls: false,
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
      : { ...candles, id: 'tr-main', data: history.map(main) },
    ...(period === 'timeShare'
      ? []
      : [{ ...candles, id: `tr-main${LIVE}`, linkedTo: 'tr-main', data: forming.map(main) }]),
    { ...volume, id: 'tr-volume', data: history.map(vol) },
    { ...volume, id: `tr-volume${LIVE}`, linkedTo: 'tr-volume', data: forming.map(vol) },
  ];
}

/** What the chart starts with besides its price and volume, so that it is drawn once, complete, when made. */
export interface InitialView {
  /** The sub chart's series (chart-series.ts `subSeriesOptions`). */
  series?: object[];
  /** The x range shown first (the latest bars); the user pans from there. */
  range?: { min: number; max: number };
}

/** The three y axes: prices (time-share: the previous close kept in view), volume from 0, and the sub chart. */
function yAxes(look: ChartLook, axisLabels: { style: { color: string; fontSize: string } }) {
  const { colors, prevClose } = look;
  const timeShare = look.period === 'timeShare';
  return [
    {
      height: '62%',
      labels: { ...axisLabels, align: 'left', x: 2 },
      gridLineColor: colors.grid,
      opposite: true,
      title: { text: undefined },
      // Time-share: the previous close stays in view (softMin/softMax) as a dashed, labelled line.
      ...(timeShare && prevClose !== undefined
        ? { softMin: prevClose, softMax: prevClose, plotLines: [prevCloseLine(look, prevClose)] }
        : {}),
    },
    // Volume: the axis always starts at 0 (bar heights compare volumes); its top tick is labelled
    // ("1000万" / "10M", inside the pane; Stock hides last labels by default) so the scale reads.
    {
      top: '65%',
      height: '13%',
      offset: 0,
      min: 0,
      showFirstLabel: false,
      showLastLabel: true,
      tickPixelInterval: 40,
      labels: {
        ...axisLabels,
        align: 'left',
        x: 2,
        y: 9,
        formatter(this: { value: number | string }) {
          return volumeAxisLabel(this.value, look.language);
        },
      },
      gridLineWidth: 0,
      opposite: true,
      title: { text: undefined },
    },
    // Sub chart: extremes from the data (no rounding to ticks), so dropping out-of-range ticks
    // never narrows the range.
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
  ];
}

/**
 * The whole chart's options for `bars` (oldest first; the last one is forming). Everything the first view shows is in
 * them: Highcharts draws while it makes the chart, and a series added or a range set afterwards drew it all again
 * (the chart's longest task after a tap, 4× CPU: 689 ms in one draw, 1,019 ms in two; issue 15).
 */
export function buildChartOptions(bars: Bar[], look: ChartLook, initial: InitialView = {}) {
  const { colors, session } = look;
  const timeShare = look.period === 'timeShare';
  const sessionAxisOptions = timeShare && session ? sessionXAxis(session, colors.grid) : undefined;
  const axisLabels = { style: { color: colors.text, fontSize: '10px' } };
  return {
    chart: {
      animation: false,
      spacing: [8, 4, 8, 4],
      backgroundColor: 'transparent',
      style: { fontFamily: 'inherit' },
      panning: { enabled: true, type: 'x' },
    },
    // No <style> element of Highcharts' own: the Content-Security-Policy allows none (docs/decisions/0033); its colour
    // variables come from highcharts-palette.css, loaded with Highcharts (shared/remote-kit highcharts.ts).
    palette: { injectCSS: false },
    accessibility: { enabled: false },
    credits: { enabled: false },
    title: { text: undefined },
    time: { timezone: sessionAxisOptions && session ? session.timezone : look.timezone },
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
      crosshair: { color: colors.grid },
      ...(sessionAxisOptions
        ? { ...sessionAxisOptions, labels: { ...axisLabels, ...sessionAxisOptions.labels } }
        : { labels: axisLabels, tickPositioner: keepTicksInRange, ...initial.range }),
    },
    yAxis: yAxes(look, axisLabels),
    series: [...mainSeries(bars, look), ...(initial.series ?? [])],
  };
}
