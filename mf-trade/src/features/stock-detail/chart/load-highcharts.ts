/**
 * Loads Highcharts Stock with the MACD and RSI indicators, on demand: only the stock-detail chart
 * calls this, after the screen's first paint, so Highcharts is in chunks of its own and never in
 * the shell or a list screen. Separate dynamic imports keep each chunk under the build's asset
 * budget; they download in parallel.
 */
import type { ChartModule } from './chart-types';

let loading: Promise<ChartModule> | undefined;

export function loadHighcharts(): Promise<ChartModule> {
  loading ??= (async () => {
    const [core] = await Promise.all([
      import(/* webpackChunkName: "highcharts-core" */ 'highcharts/esm/highcharts.js'),
      import(/* webpackChunkName: "highcharts-stock" */ 'highcharts/esm/modules/stock.js'),
    ]);
    await import(/* webpackChunkName: "highcharts-indicators" */ 'highcharts/esm/indicators/indicators.js');
    await Promise.all([
      import(/* webpackChunkName: "highcharts-indicators" */ 'highcharts/esm/indicators/macd.js'),
      import(/* webpackChunkName: "highcharts-indicators" */ 'highcharts/esm/indicators/rsi.js'),
    ]);
    return core.default as unknown as ChartModule;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
