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
import { VISIBLE_CANDLES, type SubChart } from '../model/periods';
import { isSplit, LIVE, mainPoint, SUB_LINES, subPoint, subValues, volumePoint, type Bar } from './chart-bars';
import type { ChartLook } from './chart-options';
import type { ChartLike, PointLike, SeriesLike } from './chart-types';

export class ChartSeries {
  private lastDayVolume: number | undefined;

  constructor(
    private readonly chart: ChartLike,
    /** Oldest first; the last one is forming. Changed in place. */
    readonly bars: Bar[],
    private readonly look: ChartLook,
    private sub: SubChart,
  ) {
    this.addSubSeries(sub);
  }

  /** Replaces the sub chart's series (no redraw). */
  setSub(sub: SubChart): void {
    for (const id of this.subIds(this.sub)) (this.chart.get(id) as SeriesLike | undefined)?.remove(false);
    this.sub = sub;
    this.addSubSeries(sub);
  }

  /** Scrolls the x axis to the latest VISIBLE_CANDLES bars (no redraw). */
  showLatest(): void {
    const { bars } = this;
    if (bars.length > VISIBLE_CANDLES)
      this.chart.xAxis[0]?.setExtremes(bars[bars.length - VISIBLE_CANDLES]!.time, bars.at(-1)!.time, false, false);
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
    if (this.look.period === 'day') {
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
    for (const bar of candles) {
      const last = this.bars.at(-1);
      if (last && bar.time === last.time) {
        Object.assign(last, bar);
        this.updateForming('main', mainPoint(period, last));
        this.updateForming('volume', volumePoint(colors, last));
      } else if (last && bar.time > last.time) {
        this.bars.push(bar);
        this.bars.shift();
        this.addForming('main', mainPoint(period, last), mainPoint(period, bar));
        this.addForming('volume', volumePoint(colors, last), volumePoint(colors, bar));
        this.addSubPoint();
      }
    }
    this.updateSubLast();
    this.lastDayVolume = dayVolume;
  }

  /** Updates the forming bar of series `key` (its live point, or its last point). */
  private updateForming(key: string, point: unknown) {
    if (isSplit(this.look.period, key)) this.series(key + LIVE)?.data[0]?.update(point, false, false);
    else this.pointAt(this.series(key), this.bars.length - 1)?.update(point, false, false);
  }

  /** A new forming bar: the previous one joins the history (with shift), the live point takes the new one. */
  private addForming(key: string, previous: unknown, point: unknown) {
    if (isSplit(this.look.period, key)) {
      this.series(key)?.addPoint(previous, false, true, false);
      this.series(key + LIVE)?.data[0]?.update(point, false, false);
    } else this.series(key)?.addPoint(point, false, true, false);
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
    const { colors, labels } = this.look;
    const values = subValues(sub, this.bars);
    for (const line of SUB_LINES[sub]) {
      const column = line.key === 'hist';
      const data = this.bars.map((b, i) => subPoint(colors, line.key, b.time, values[line.key]![i] ?? null));
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
      if (isSplit(this.look.period, line.key)) {
        this.chart.addSeries({ ...options, data: data.slice(0, -1) }, false);
        this.chart.addSeries(
          { ...options, id: `tr-${line.key}${LIVE}`, linkedTo: `tr-${line.key}`, data: data.slice(-1) },
          false,
        );
      } else this.chart.addSeries({ ...options, data }, false);
    }
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
