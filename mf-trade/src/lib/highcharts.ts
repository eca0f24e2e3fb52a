/**
 * Loads Highcharts (the core only: plain line charts) on demand, for screens composed in src/app/ that draw
 * a chart (the portfolio view). The chunk is named like the stock chart's core chunk
 * (features/stock-detail/chart/load-highcharts.ts), so webpack builds one "highcharts-core" chunk for both
 * and a screen that draws no chart never downloads it. Nothing here imports Highcharts statically. The palette's
 * colour variables come as a CSS file with the core (charts are made with `palette.injectCSS` false: the CSP
 * refuses the <style> element Highcharts would add).
 */

/** The slice of the Highcharts API a plain chart uses (tests inject a fake). */
export interface PlainChart {
  destroy(): void;
  reflow?(): void;
}

export interface PlainChartModule {
  chart(container: HTMLElement, options: unknown): PlainChart;
}

let loading: Promise<PlainChartModule> | undefined;

export function loadHighchartsCore(): Promise<PlainChartModule> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "highcharts-core" */ 'highcharts/esm/highcharts.js'),
    import(/* webpackChunkName: "highcharts-core" */ './highcharts-palette'),
  ]).then(([core]) => core.default as unknown as PlainChartModule);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
