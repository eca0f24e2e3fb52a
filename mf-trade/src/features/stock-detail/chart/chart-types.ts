/**
 * The slice of the Highcharts API the stock chart uses. The real module (highcharts/esm, loaded by
 * shared/remote-kit's loadHighchartsStock) satisfies it; tests inject a fake with spies, so the throttle and the update
 * path are checked without a browser.
 */
export interface PointLike {
  x?: number;
  update(options: unknown, redraw?: boolean, animation?: boolean): void;
}

export interface SeriesLike {
  data: (PointLike | undefined)[];
  options: { id?: string };
  addPoint(options: unknown, redraw?: boolean, shift?: boolean, animation?: boolean): void;
  setData(data: unknown[], redraw?: boolean): void;
  remove(redraw?: boolean): void;
}

export interface AxisLike {
  setExtremes(min?: number, max?: number, redraw?: boolean, animation?: boolean): void;
  /** The range in view (`min`, `max`) and of the data. */
  getExtremes(): { min?: number; max?: number };
}

export interface YAxisLike {
  addPlotLine(options: unknown): unknown;
  removePlotLine(id: string): void;
}

export interface ChartLike {
  series: SeriesLike[];
  xAxis: AxisLike[];
  yAxis?: YAxisLike[];
  get(id: string): unknown;
  addSeries(options: unknown, redraw?: boolean, animation?: boolean): SeriesLike;
  redraw(animation?: boolean): void;
  reflow(): void;
  destroy(): void;
}

export interface ChartModule {
  stockChart(container: HTMLElement, options: unknown): ChartLike;
}
