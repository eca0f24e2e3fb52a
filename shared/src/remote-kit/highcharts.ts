/**
 * Highcharts for every remote that draws a chart: the one on-demand loader and the one palette.
 *
 * Only a chart calls the loader, after its screen's first paint, so Highcharts is in chunks of its own and never in
 * the shell, a list screen or a register chunk (nothing here imports Highcharts statically; the remote's webpack
 * builds these chunks from this source, one copy per remote: Highcharts is not a Module Federation singleton).
 * `loadHighcharts` loads the core (plain line charts); `loadHighchartsStock` adds the Stock module (the stock
 * detail's candles and navigator) in a chunk of its own, so each stays under the build's asset budget and the two
 * download in parallel. Each is loaded once per page; a failed load is tried again on the next call. No
 * accessibility or indicator modules: every chart sets `accessibility.enabled` false and draws its own indicators.
 *
 * Palette: Highcharts' colour variables come as a CSS file with the core (highcharts-palette.css, given the tokens'
 * values by shared/ui/tokens.css), as charts are made with `palette.injectCSS` false: the Content-Security-Policy
 * refuses the <style> element Highcharts would add (docs/decisions/0033-content-security-policy.md). The colours a
 * chart takes as options are read from the design tokens by `readChartColors`, as the chart is made (made again
 * when the mode changes: shared/ui `useThemeMode`).
 */

/** The slice of the Highcharts API a plain chart uses (tests inject a fake). */
export interface PlainChart {
  destroy(): void;
  reflow?(): void;
}

/** The Highcharts core as a plain chart uses it. */
export interface PlainChartModule {
  chart(container: HTMLElement, options: unknown): PlainChart;
}

/** The Highcharts core with the Stock module, as a stock chart uses it (a remote names its own slice of it). */
export interface StockChartModule {
  stockChart(container: HTMLElement, options: unknown): unknown;
}

/** A loader that loads once: its promise is kept until it fails, so the next call after a failure tries again. */
function loadOnce(load: () => Promise<unknown>): () => Promise<unknown> {
  let loading: Promise<unknown> | undefined;
  return () => {
    if (loading) return loading;
    const started = load();
    loading = started;
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
    return started;
  };
}

/** The Highcharts core with its palette (the "highcharts-core" chunk). */
const loadCore = loadOnce(() =>
  Promise.all([
    import(/* webpackChunkName: "highcharts-core" */ 'highcharts/esm/highcharts.js'),
    import(/* webpackChunkName: "highcharts-core" */ 'highcharts/css/highcharts-palette.css'),
  ]).then(([m]) => m.default),
);

/** The core and the Stock module (its own "highcharts-stock" chunk, downloaded in parallel with the core). */
const loadStock = loadOnce(() =>
  Promise.all([loadCore(), import(/* webpackChunkName: "highcharts-stock" */ 'highcharts/esm/modules/stock.js')]).then(
    ([m]) => m,
  ),
);

/** The Highcharts core (plain line charts), loaded on demand with its palette. */
export function loadHighcharts<M extends PlainChartModule = PlainChartModule>(): Promise<M> {
  return loadCore() as Promise<M>;
}

/** Highcharts with the Stock module (`stockChart`), loaded on demand with its palette; the core is loaded once. */
export function loadHighchartsStock<M extends StockChartModule = StockChartModule>(): Promise<M> {
  return loadStock() as Promise<M>;
}

/** The colours a chart takes as options, from the design tokens. */
export interface ChartColors {
  /** The rising candle or bar (the user's up/down convention). */
  up: string;
  down: string;
  /** A chart's line (the brand colour). */
  line: string;
  /** Axis labels and notes. */
  text: string;
  /** Grid and axis lines. */
  grid: string;
  /** The indicator sub-charts' lines: MACD and its signal, KDJ's K, D and J. */
  macd: string;
  signal: string;
  k: string;
  d: string;
  j: string;
}

/** Each chart colour's token, with the light mode's value for a page without the tokens (a test). */
const CHART_TOKENS: Readonly<Record<keyof ChartColors, readonly [token: string, fallback: string]>> = {
  up: ['--color-up', '#d0202b'],
  down: ['--color-down', '#0b7a3b'],
  line: ['--color-brand', '#1a3fb8'],
  text: ['--color-text-3', '#626c82'],
  grid: ['--color-border', '#e1e5ee'],
  macd: ['--color-brand', '#1a3fb8'],
  signal: ['--color-warning', '#8f5200'],
  k: ['--color-brand', '#1a3fb8'],
  d: ['--color-warning', '#8f5200'],
  j: ['--color-text-2', '#454f66'],
};

/** The chart colours the page's tokens give now (the mode it shows), read from `doc`'s root element. */
export function readChartColors(doc: Document = document): ChartColors {
  const css = doc.defaultView?.getComputedStyle(doc.documentElement);
  const colors = {} as ChartColors;
  for (const [key, [token, fallback]] of Object.entries(CHART_TOKENS) as [
    keyof ChartColors,
    readonly [string, string],
  ][]) {
    colors[key] = css?.getPropertyValue(token).trim() || fallback;
  }
  return colors;
}
