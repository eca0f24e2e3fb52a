/**
 * The chart's series and their points (ARCHITECTURE.md "Performance design"): the forming bar is
 * updated in place with `point.update(…, false)`, a new bar is added with `addPoint(…, false, true)`
 * (shift), and nothing here redraws: the controller redraws once per flush. `setData` is never used.
 *
 * The forming bar of each column series lives in a one-point series of its own ("-live": candle,
 * volume, MACD histogram): a redraw then re-draws three points instead of every visible candle,
 * volume bar and histogram column. The line series (MACD, KDJ, RSI, time-share) keep all points: one
 * path each. When a bar closes it moves into the history series with shift.
 */
import type { Quote } from 'shared/contract';
import { VISIBLE_CANDLES, VISIBLE_MONTHS, dailyCandles, type SubChart } from '../model/periods';
import { isSplit, LIVE, mainPoint, SUB_LINES, subPoint, subValues, volumePoint, type Bar } from './chart-bars';
import { prevCloseLine, PREV_CLOSE_LINE, type ChartLook } from './chart-options';
import { gapsBetween, withGaps } from './session-axis';
import type { ChartLike, PointLike, SeriesLike } from './chart-types';

export class ChartSeries {
  private lastDayVolume: number | undefined;
  /** Null points (lunch gaps) in each unsplit line series before its last point (time-share). */
  private gaps = 0;
  private prevClose: number | undefined;

  constructor(
    private readonly chart: ChartLike,
    /** Oldest first; the last one is forming. Changed in place. */
    readonly bars: Bar[],
    private readonly look: ChartLook,
    /** The chart was made with this sub chart's series in its options (`subSeriesOptions`). */
    private sub: SubChart,
  ) {
    const first = bars[0];
    const last = bars.at(-1);
    this.gaps = first && last ? gapsBetween(look.session, first.time, last.time).length : 0;
    this.prevClose = look.period === 'timeShare' ? look.prevClose : undefined;
  }

  /** The time-share session's previous close line follows the quote's prev_close (no redraw). */
  setPrevClose(value: number): boolean {
    if (this.look.period !== 'timeShare' || !Number.isFinite(value) || value === this.prevClose) return false;
    const axis = this.chart.yAxis?.[0];
    if (!axis) return false;
    axis.removePlotLine(PREV_CLOSE_LINE);
    axis.addPlotLine(prevCloseLine(this.look, value));
    this.prevClose = value;
    return true;
  }

  /** Replaces the sub chart's series (no redraw). */
  setSub(sub: SubChart): void {
    for (const id of this.subIds(this.sub)) (this.chart.get(id) as SeriesLike | undefined)?.remove(false);
    this.sub = sub;
    this.addSubSeries(sub);
  }

  /** Moves the forming bar to the quote (the day's figures on the day chart, else close, range, volume). */
  updateLast(quote: Quote): void {
    const last = this.bars.at(-1);
    if (!last) return;
    const price = +quote.price;
    const dayVolume = +quote.volume;
    const delta = this.lastDayVolume === undefined ? 0 : Math.max(0, dayVolume - this.lastDayVolume);
    this.lastDayVolume = dayVolume;
    last.close = price;
    if (dailyCandles(this.look.period)) {
      last.open = +quote.open;
      last.high = +quote.high;
      last.low = +quote.low;
      last.volume = dayVolume;
    } else {
      last.high = Math.max(last.high, price);
      last.low = Math.min(last.low, price);
      last.volume += delta;
    }
    this.updateForming('main', mainPoint(this.look.period, last));
    this.updateForming('volume', volumePoint(this.look.colors, last));
    this.updateSubLast();
  }

  /**
   * Adds bars newer than the last one (with shift) and refreshes the last known one; `dayVolume` is
   * the day's volume they are counted up to (later ticks add what comes on top).
   */
  merge(candles: Bar[], dayVolume: number): void {
    const { period, colors } = this.look;
    const before = this.bars.at(-1)?.time;
    for (const bar of candles) {
      if (this.look.session && bar.date !== this.look.session.date) continue; // another day's session
      const last = this.bars.at(-1);
      if (last && bar.time === last.time) {
        Object.assign(last, bar);
        this.updateForming('main', mainPoint(period, last));
        this.updateForming('volume', volumePoint(colors, last));
      } else if (last && bar.time > last.time) {
        this.bars.push(bar);
        // The time-share line grows over the session (nothing scrolls out); a lunch gap gets a null point.
        const shift = period !== 'timeShare';
        if (shift) this.bars.shift();
        else this.addGaps(last.time, bar.time);
        this.addForming('main', mainPoint(period, last), mainPoint(period, bar));
        this.addForming('volume', volumePoint(colors, last), volumePoint(colors, bar));
        this.addSubPoint();
      }
    }
    this.updateSubLast();
    this.lastDayVolume = dayVolume;
    this.followLatest(before);
  }

  /**
   * A bar was added while the reader looked at the latest bars: the view moves along to show it (it stayed on the
   * previous range, leaving the forming bar off screen until the reader panned). A view panned back stays put.
   */
  private followLatest(previousLast: number | undefined) {
    const last = this.bars.at(-1)?.time;
    const axis = this.chart.xAxis[0];
    if (!axis || previousLast === undefined || last === undefined || last === previousLast) return;
    const view = axis.getExtremes();
    if (view.max !== undefined && view.max < previousLast) return;
    const range = latestRange(this.bars, this.look);
    if (range) axis.setExtremes(range.min, range.max, false, false);
  }

  /** Updates the forming bar of series `key` (its live point, or its last point). */
  private updateForming(key: string, point: unknown) {
    if (isSplit(this.look.period, key)) this.series(key + LIVE)?.data[0]?.update(point, false, false);
    else this.pointAt(this.series(key), this.bars.length - 1 + this.gaps)?.update(point, false, false);
  }

  /** A new forming bar: the previous one joins the history (with shift), the live point takes the new one. */
  private addForming(key: string, previous: unknown, point: unknown) {
    const shift = this.look.period !== 'timeShare';
    if (isSplit(this.look.period, key)) {
      this.series(key)?.addPoint(previous, false, shift, false);
      this.series(key + LIVE)?.data[0]?.update(point, false, false);
    } else this.series(key)?.addPoint(point, false, shift, false);
  }

  /** The unsplit line series (the time-share line, the sub chart's lines). */
  private lineKeys(): string[] {
    return ['main', ...SUB_LINES[this.sub].map((l) => l.key)].filter((key) => !isSplit(this.look.period, key));
  }

  /** A null point in every line series at each lunch gap between `from` and `to` (no line across it). */
  private addGaps(from: number, to: number) {
    for (const gap of gapsBetween(this.look.session, from, to)) {
      for (const key of this.lineKeys()) this.series(key)?.addPoint([gap.from, null], false, false, false);
      this.gaps += 1;
    }
  }

  private series(id: string): SeriesLike | undefined {
    return this.chart.get(`tr-${id}`) as SeriesLike | undefined;
  }

  private pointAt(series: SeriesLike | undefined, index: number): PointLike | undefined {
    return series?.data[index] ?? series?.data.at(-1);
  }

  private subIds(sub: SubChart): string[] {
    return SUB_LINES[sub].flatMap((line) =>
      isSplit(this.look.period, line.key) ? [`tr-${line.key}`, `tr-${line.key}${LIVE}`] : [`tr-${line.key}`],
    );
  }

  private addSubSeries(sub: SubChart) {
    for (const options of subSeriesOptions(sub, this.bars, this.look)) this.chart.addSeries(options, false);
  }

  /** Keeps the sub chart's last point in step with the forming bar. */
  private updateSubLast() {
    const values = subValues(this.sub, this.bars);
    const time = this.bars.at(-1)!.time;
    for (const line of SUB_LINES[this.sub])
      this.updateForming(line.key, subPoint(this.look.colors, line.key, time, values[line.key]!.at(-1) ?? null));
  }

  private addSubPoint() {
    const values = subValues(this.sub, this.bars);
    const time = this.bars.at(-1)!.time;
    const before = this.bars.at(-2)!.time;
    for (const line of SUB_LINES[this.sub]) {
      const value = values[line.key]!;
      this.addForming(
        line.key,
        subPoint(this.look.colors, line.key, before, value.at(-2) ?? null),
        subPoint(this.look.colors, line.key, time, value.at(-1) ?? null),
      );
    }
  }
}

/**
 * The x range of the latest VISIBLE_CANDLES bars, for the chart's options: undefined when all of them fit, and for
 * the time-share chart (the whole session is in view). The 3- and 6-month views show the bars of the last 3 or 6
 * calendar months up to the latest bar.
 */
export function latestRange(bars: Bar[], look: ChartLook): { min: number; max: number } | undefined {
  if (look.session && look.period === 'timeShare') return undefined;
  const months = VISIBLE_MONTHS[look.period];
  const last = bars.at(-1);
  if (months !== undefined && last) {
    const from = new Date(last.time);
    from.setUTCMonth(from.getUTCMonth() - months);
    const first = bars.find((bar) => bar.time > from.getTime()) ?? last;
    return { min: first.time, max: last.time };
  }
  if (bars.length <= VISIBLE_CANDLES) return undefined;
  return { min: bars[bars.length - VISIBLE_CANDLES]!.time, max: bars.at(-1)!.time };
}

/** The sub chart's series (each column's forming bar in a "-live" series of its own), with their points. */
export function subSeriesOptions(sub: SubChart, bars: Bar[], look: ChartLook): object[] {
  const { colors, labels } = look;
  const values = subValues(sub, bars);
  return SUB_LINES[sub].flatMap((line) => {
    const column = line.key === 'hist';
    const points = bars.map((b, i) => subPoint(colors, line.key, b.time, values[line.key]![i] ?? null));
    const split = isSplit(look.period, line.key);
    const data = split ? points : withGaps(points as [number, number | null][], look.session);
    const options = {
      id: `tr-${line.key}`,
      className: `tr-sub-${sub}`,
      type: column ? 'column' : 'line',
      name: line.name === 'signal' ? labels.signal : line.name === 'histogram' ? labels.histogram : line.name,
      yAxis: 2,
      color: colors[line.color],
      lineWidth: 1,
      borderWidth: 0,
      enableMouseTracking: false,
    };
    return split
      ? [
          { ...options, data: data.slice(0, -1) },
          { ...options, id: `tr-${line.key}${LIVE}`, linkedTo: `tr-${line.key}`, data: data.slice(-1) },
        ]
      : [{ ...options, data }];
  });
}
