/**
 * Loads Highcharts on demand, as mf-trade's stock chart does: only the product detail's value chart calls this,
 * after the screen's first paint, so Highcharts is a chunk of its own and never in the list or the records. The
 * value chart is one line, so the core is enough (no Stock module). The palette's colour variables come as a CSS
 * file with the core: the chart is made with `palette.injectCSS` false, as the Content-Security-Policy refuses the
 * <style> element Highcharts would add.
 */
export interface ChartLike {
  destroy(): void;
}

export interface ChartModule {
  chart(container: HTMLElement, options: unknown): ChartLike;
}

let loading: Promise<ChartModule> | undefined;

export function loadHighcharts(): Promise<ChartModule> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "highcharts-core" */ 'highcharts/esm/highcharts.js'),
    import(/* webpackChunkName: "highcharts-core" */ './highcharts-palette'),
  ]).then(([core]) => core.default as unknown as ChartModule);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
