import { useState } from 'react';
import type { PortfolioAnswer } from 'shared/contract';
import { Button, EmptyState, Money, PageFrame, SegmentedControl, SkeletonList, StatRow } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { useGetPortfolioQuery } from '../api/get-portfolio';
import {
  activeSeries,
  isEmptyPortfolio,
  PORTFOLIO_DAYS,
  seriesFigures,
  type PlainChartModule,
  type PortfolioDays,
} from '../model/portfolio-view';
import { EquityChart } from './equity-chart';
import styles from './portfolio-screen.module.css';

export interface PortfolioScreenProps {
  /** Loads Highcharts (core) for the equity lines: only this screen asks for it (composed in src/app/). */
  loadChart: () => Promise<PlainChartModule>;
}

/**
 * /position/portfolio: per currency over 7/30/90/365 days the performance net of cash flows (the line, the P&L and
 * the time-weighted return) and the balances apart; P&L by market after fees; recomputed per visit.
 */
export function PortfolioScreen({ loadChart }: PortfolioScreenProps) {
  const { t } = useRemoteTranslation();
  const [days, setDays] = useState<PortfolioDays>(30);
  const query = useGetPortfolioQuery({ days });
  const data = query.currentData;
  return (
    <PageFrame title={t('portfolio.title')} simulated={data?.simulated}>
      <div className={styles.screen}>
        <SegmentedControl
          label={t('portfolio.range')}
          value={String(days)}
          onChange={(v) => setDays(Number(v) as PortfolioDays)}
          options={PORTFOLIO_DAYS.map((d) => ({ value: String(d), label: t(`portfolio.days.d${d}`) }))}
        />
        {query.isError ? (
          <div className={styles.failed} role="alert">
            <p>{t('portfolio.failed')}</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('list.retry')}
            </Button>
          </div>
        ) : !data ? (
          <SkeletonList rows={4} />
        ) : isEmptyPortfolio(data) ? (
          <EmptyState
            title={t('portfolio.empty.title')}
            hint={t('portfolio.empty.hint')}
            action={{ label: t('portfolio.empty.action'), to: '/home/home' }}
          />
        ) : (
          <PortfolioFigures data={data} loadChart={loadChart} />
        )}
        {data ? (
          <p className={styles.note}>
            {t('portfolio.recomputed')}
            {data.simulated ? ` ${t('portfolio.simulated')}` : ''}
          </p>
        ) : null}
      </div>
    </PageFrame>
  );
}

function PortfolioFigures({
  data,
  loadChart,
}: {
  data: PortfolioAnswer;
  loadChart: PortfolioScreenProps['loadChart'];
}) {
  const { t } = useRemoteTranslation();
  return (
    <>
      {activeSeries(data).map((series) => {
        const figures = seriesFigures(series);
        return (
          <section key={series.currency} className={styles.card} aria-labelledby={`tr-equity-${series.currency}`}>
            {/* Performance net of cash flows (issue 35): a deposit or a credit is not a gain. */}
            <header className={styles.cardHead}>
              <h2 id={`tr-equity-${series.currency}`} className={styles.heading}>
                {t('portfolio.pnlIn', { currency: series.currency })}
              </h2>
              <span className={styles.figure} data-testid={`tr-portfolio-pnl-${series.currency}`}>
                <Money value={figures.pnl} currency={series.currency} signed />
                {figures.twr !== null ? (
                  <span className={styles.change} data-testid={`tr-portfolio-twr-${series.currency}`}>
                    {`${t('portfolio.twr')} `}
                    <Money value={figures.twr} signed />%
                  </span>
                ) : null}
              </span>
            </header>
            <EquityChart series={series} loadChart={loadChart} />
            {/* The balances apart, in neutral figures: what the account holds, and the money that came in. */}
            <h3 className={styles.heading}>{t('portfolio.balances')}</h3>
            <dl className={styles.balances}>
              <StatRow label={t('portfolio.equityNow')}>
                <Money value={figures.equity} currency={series.currency} />
              </StatRow>
              <StatRow label={t('portfolio.balanceNow')}>
                <Money value={figures.balance} currency={series.currency} />
              </StatRow>
              <StatRow label={t('portfolio.flowsIn')}>
                <span data-testid={`tr-portfolio-flows-${series.currency}`}>
                  <Money value={figures.flows} currency={series.currency} />
                </span>
              </StatRow>
            </dl>
          </section>
        );
      })}
      <p className={styles.note}>{t('portfolio.method')}</p>
      {data.by_market.length > 0 ? <MarketTable rows={data.by_market} /> : null}
    </>
  );
}

/** P&L by market: one column per market, one row per figure (fits a 360 px screen). */
function MarketTable({ rows }: { rows: PortfolioAnswer['by_market'] }) {
  const { t } = useRemoteTranslation();
  // Realised P&L after fees beside the gross figure and the fees (issue 35); the total is after fees.
  const figures = [
    { key: 'realisedNet', signed: true },
    { key: 'realised', signed: true },
    { key: 'fees', signed: false },
    { key: 'unrealised', signed: true },
    { key: 'total', signed: true },
  ] as const;
  const valueOf = (row: PortfolioAnswer['by_market'][number], key: (typeof figures)[number]['key']) =>
    key === 'realisedNet' ? row.realised_net : row[key];
  return (
    <section className={styles.card} aria-labelledby="tr-pnl-by-market">
      <h2 id="tr-pnl-by-market" className={styles.heading}>
        {t('portfolio.byMarket')}
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <td />
              {rows.map((row) => (
                <th key={row.market} scope="col">
                  {t(`market.${row.market}`)} <span className={styles.currency}>{row.currency}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures.map((figure) => (
              <tr key={figure.key} className={figure.key === 'total' ? styles.total : undefined}>
                <th scope="row">{t(`portfolio.figure.${figure.key}`)}</th>
                {rows.map((row) => (
                  <td key={row.market} data-testid={`tr-pnl-${row.market}-${figure.key}`}>
                    <Money value={valueOf(row, figure.key)} signed={figure.signed} />
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">{t('portfolio.figure.openPositions')}</th>
              {rows.map((row) => (
                <td key={row.market} data-testid={`tr-pnl-${row.market}-open`}>
                  {row.open_positions}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
