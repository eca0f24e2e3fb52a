/** One daily point of the unit value as the contract sends it. */
export interface NavPoint {
  date: string;
  nav: string;
}

export interface NavChartLabels {
  /** Series name ("Unit value"). */
  series: string;
}

export interface NavChartColors {
  line: string;
  text: string;
  grid: string;
}

/** Midday UTC of a YYYY-MM-DD day: the same calendar day in every zone the axis could be read in. */
export const dayValue = (date: string): number => Date.parse(`${date}T12:00:00Z`);

/**
 * Highcharts options of the unit-value line: one point per trading day (x the day, y the value read from its
 * decimal string only for drawing; every figure shown as text comes from the strings), no legend, no credits,
 * dates on the axis in UTC so a day stays its own day.
 */
export function navChartOptions(history: readonly NavPoint[], labels: NavChartLabels, colors: NavChartColors) {
  return {
    chart: { type: 'line', height: 220, spacingLeft: 4, spacingRight: 8, animation: false },
    title: { text: undefined },
    credits: { enabled: false },
    // No <style> element of Highcharts' own: the Content-Security-Policy allows none (docs/decisions/0033); its colour
    // variables come from highcharts-palette.css, loaded with Highcharts (shared/remote-kit highcharts.ts).
    palette: { injectCSS: false },
    legend: { enabled: false },
    accessibility: { enabled: false },
    time: { timezone: 'UTC' },
    xAxis: { type: 'datetime', labels: { style: { color: colors.text } }, lineColor: colors.grid },
    yAxis: {
      title: { text: undefined },
      gridLineColor: colors.grid,
      labels: { style: { color: colors.text }, format: '{value:.4f}' },
    },
    tooltip: { xDateFormat: '%Y-%m-%d', valueDecimals: 4 },
    plotOptions: { series: { animation: false, marker: { enabled: false } } },
    series: [
      {
        name: labels.series,
        color: colors.line,
        data: history.map((p) => [dayValue(p.date), Number(p.nav)]),
      },
    ],
  };
}
