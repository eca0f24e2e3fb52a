/**
 * What the portfolio screen shows of a /trade/portfolio answer: the currencies with money in them, the
 * empty state for a new user, and the equity line's Highcharts options (plain line chart, core only).
 * Amounts stay decimal strings; only the chart's y values are numbers (pixels, never sums).
 */
import type { PortfolioAnswer } from 'shared/contract';
import { Decimal, formatMoney } from 'shared/money';

/** The slice of Highcharts (core) the equity chart uses; src/app/ passes lib/highcharts.ts's loader. */
export interface PlainChartModule {
  chart(container: HTMLElement, options: unknown): { destroy(): void };
}

export const PORTFOLIO_DAYS = [7, 30, 90, 365] as const;
export type PortfolioDays = (typeof PORTFOLIO_DAYS)[number];

export type EquitySeries = PortfolioAnswer['series'][number];

const zero = (value: string) => new Decimal(value).isZero();

/** The currencies whose balance or equity was not zero on some day of the range. */
export function activeSeries(answer: PortfolioAnswer): EquitySeries[] {
  return answer.series.filter((s) => s.points.some((p) => !zero(p.equity) || !zero(p.balance)));
}

/** A new user: no money in any currency over the range and no positions. */
export function isEmptyPortfolio(answer: PortfolioAnswer): boolean {
  return answer.by_market.length === 0 && activeSeries(answer).length === 0;
}

/** Equity at the last day's end, and its change over the range (decimal strings). */
export function equityChange(series: EquitySeries): { last: string; change: string } {
  const first = series.points[0];
  const last = series.points.at(-1);
  if (!first || !last) return { last: '0', change: '0' };
  return { last: last.equity, change: new Decimal(last.equity).minus(first.equity).toFixed() };
}

export interface EquityChartLook {
  line: string;
  text: string;
  grid: string;
  /** Translated series name ("Equity"). */
  name: string;
}

/** Highcharts (core) options of one currency's equity line: x the local date, y the equity. */
export function equityChartOptions(series: EquitySeries, look: EquityChartLook) {
  const axisLabels = { style: { color: look.text, fontSize: '10px' } };
  return {
    chart: { type: 'line', animation: false, height: 180, spacing: [8, 4, 8, 4], backgroundColor: 'transparent' },
    accessibility: { enabled: false },
    credits: { enabled: false },
    // No <style> element of Highcharts' own (the CSP allows none): the palette comes as a CSS file (lib/highcharts.ts).
    palette: { injectCSS: false },
    title: { text: undefined },
    legend: { enabled: false },
    time: { timezone: 'UTC' },
    xAxis: { type: 'datetime', lineColor: look.grid, tickColor: look.grid, labels: axisLabels },
    yAxis: {
      title: { text: undefined },
      gridLineColor: look.grid,
      opposite: true,
      labels: { ...axisLabels, align: 'left', x: 2 },
    },
    tooltip: {
      animation: false,
      shadow: false,
      xDateFormat: '%Y-%m-%d',
      pointFormatter(this: { options: { equity?: string } }) {
        return `${look.name}: <b>${formatMoney(this.options.equity ?? '0')} ${series.currency}</b>`;
      },
    },
    plotOptions: { series: { animation: false, marker: { enabled: series.points.length <= 31, radius: 2 } } },
    series: [
      {
        type: 'line',
        name: look.name,
        color: look.line,
        lineWidth: 1.5,
        data: series.points.map((p) => ({
          x: Date.parse(`${p.date}T00:00:00Z`),
          y: Number(p.equity),
          equity: p.equity,
        })),
      },
    ],
  };
}
