/**
 * What the portfolio screen shows of a /trade/portfolio answer: the currencies with money in them, the
 * empty state for a new user, and the equity line's Highcharts options (plain line chart, core only).
 * Amounts stay decimal strings; only the chart's y values are numbers (pixels, never sums).
 */
import type { PortfolioAnswer } from 'shared/contract';
import { Decimal, formatMoney } from 'shared/money';

/** The slice of Highcharts (core) the equity chart uses; src/app/ passes the kit's loader (shared/remote-kit). */
export type { PlainChartModule } from 'shared/remote-kit';

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

/**
 * A currency's figures over the range (issue 35): performance net of cash flows (the last point's `pnl`, the
 * time-weighted return) apart from the balances (equity and cash at the last day's end, net cash in over the range).
 * A deposit moves the balances, never the performance. Decimal strings.
 */
export function seriesFigures(series: EquitySeries): {
  pnl: string;
  twr: string | null;
  equity: string;
  balance: string;
  flows: string;
} {
  const last = series.points.at(-1);
  const flows = series.points.reduce((sum, p) => sum.plus(p.flows ?? 0), new Decimal(0));
  return {
    pnl: last?.pnl ?? '0',
    twr: series.twr ?? null,
    equity: last?.equity ?? '0',
    balance: last?.balance ?? '0',
    flows: flows.toFixed(),
  };
}

/**
 * The points the line draws: from the last day with no money yet (the start, 0) when the range begins before the
 * account had any, so a new account's chart is not weeks of a flat 0 before its first deposit.
 */
export function chartedPoints(series: EquitySeries): EquitySeries['points'] {
  const first = series.points.findIndex(
    (p) => !zero(p.equity) || !zero(p.balance) || !zero(p.flows ?? '0') || !zero(p.pnl ?? '0'),
  );
  return first <= 0 ? series.points : series.points.slice(first - 1);
}

export interface EquityChartLook {
  line: string;
  text: string;
  grid: string;
  /** Translated series name ("P&L net of cash flows"). */
  name: string;
}

/**
 * Highcharts (core) options of one currency's performance line: x the local date, y the P&L net of cash flows since
 * the range's start (issue 35: a deposit is not a gain, so the line never jumps with one).
 */
export function equityChartOptions(series: EquitySeries, look: EquityChartLook) {
  const axisLabels = { style: { color: look.text, fontSize: '10px' } };
  const points = chartedPoints(series);
  return {
    chart: { type: 'line', animation: false, height: 180, spacing: [8, 4, 8, 4], backgroundColor: 'transparent' },
    accessibility: { enabled: false },
    credits: { enabled: false },
    // No <style> element of Highcharts' own (the CSP allows none): the palette is a CSS file (remote-kit).
    palette: { injectCSS: false },
    title: { text: undefined },
    legend: { enabled: false },
    time: { timezone: 'UTC' },
    // A date label is never cut to an ellipsis ("10月…"): moved inside the plot at the edges instead.
    xAxis: {
      type: 'datetime',
      lineColor: look.grid,
      tickColor: look.grid,
      labels: { ...axisLabels, overflow: 'justify', style: { ...axisLabels.style, textOverflow: 'none' } },
    },
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
      pointFormatter(this: { options: { pnl?: string } }) {
        return `${look.name}: <b>${formatMoney(this.options.pnl ?? '0', { sign: true })} ${series.currency}</b>`;
      },
    },
    plotOptions: { series: { animation: false, marker: { enabled: points.length <= 31, radius: 2 } } },
    series: [
      {
        type: 'line',
        name: look.name,
        color: look.line,
        lineWidth: 1.5,
        data: points.map((p) => ({
          x: Date.parse(`${p.date}T00:00:00Z`),
          y: Number(p.pnl ?? '0'),
          pnl: p.pnl ?? '0',
        })),
      },
    ],
  };
}
