/**
 * Loads Highcharts on demand, as mf-trade's stock chart does: only the product detail's value chart calls this,
 * after the screen's first paint, so Highcharts is a chunk of its own and never in the list or the records. The
 * value chart is one line, so the core is enough (no Stock module).
 */
export interface ChartLike {
  destroy(): void;
}

export interface ChartModule {
  chart(container: HTMLElement, options: unknown): ChartLike;
}

let loading: Promise<ChartModule> | undefined;

export function loadHighcharts(): Promise<ChartModule> {
  loading ??= import(/* webpackChunkName: "highcharts-core" */ 'highcharts/esm/highcharts.js').then(
    (core) => core.default as unknown as ChartModule,
  );
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
