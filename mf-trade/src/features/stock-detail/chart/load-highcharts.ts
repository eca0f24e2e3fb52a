/**
 * Loads Highcharts Stock on demand: only the stock-detail chart calls this, after the screen's
 * first paint, so Highcharts is in chunks of its own and never in the shell or a list screen.
 * Two dynamic imports keep each chunk under the build's asset budget; they download in parallel.
 * No indicator modules: the sub charts are drawn from model/indicators.ts (see the controller).
 * The palette's colour variables come as a CSS file with the core: the charts are made with `palette.injectCSS`
 * false (chart-options.ts), as the Content-Security-Policy refuses the <style> element Highcharts would add.
 */
import type { ChartModule } from './chart-types';

let loading: Promise<ChartModule> | undefined;

export function loadHighcharts(): Promise<ChartModule> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "highcharts-core" */ 'highcharts/esm/highcharts.js'),
    import(/* webpackChunkName: "highcharts-stock" */ 'highcharts/esm/modules/stock.js'),
    import(/* webpackChunkName: "highcharts-core" */ './highcharts-palette'),
  ]).then(([core]) => core.default as unknown as ChartModule);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
