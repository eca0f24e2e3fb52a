import { useState } from 'react';
import type { PortfolioAnswer } from 'shared/contract';
import { Button, EmptyState, Money, PageFrame, SegmentedControl, SkeletonList } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { useGetPortfolioQuery } from '../api/get-portfolio';
import {
  activeSeries,
  equityChange,
  isEmptyPortfolio,
  PORTFOLIO_DAYS,
  type PlainChartModule,
  type PortfolioDays,
} from '../model/portfolio-view';
import { EquityChart } from './equity-chart';
import styles from './portfolio-screen.module.css';

export interface PortfolioScreenProps {
  /** Loads Highcharts (core) for the equity lines: only this screen asks for it (composed in src/app/). */
  loadChart: () => Promise<PlainChartModule>;
}

/** /position/portfolio: equity per currency over 7/30/90/365 days and P&L by market, recomputed per visit. */
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
        const { last, change } = equityChange(series);
        return (
          <section key={series.currency} className={styles.card} aria-labelledby={`tr-equity-${series.currency}`}>
            <header className={styles.cardHead}>
              <h2 id={`tr-equity-${series.currency}`} className={styles.heading}>
                {t('portfolio.equityIn', { currency: series.currency })}
              </h2>
              <span className={styles.figure}>
                <Money value={last} currency={series.currency} />
                <span className={styles.change}>
                  <Money value={change} signed />
                </span>
              </span>
            </header>
            <EquityChart series={series} loadChart={loadChart} />
          </section>
        );
      })}
      {data.by_market.length > 0 ? <MarketTable rows={data.by_market} /> : null}
    </>
  );
}

/** P&L by market: one column per market, one row per figure (fits a 360 px screen). */
function MarketTable({ rows }: { rows: PortfolioAnswer['by_market'] }) {
  const { t } = useRemoteTranslation();
  const figures = [
    { key: 'realised', signed: true },
    { key: 'fees', signed: false },
    { key: 'unrealised', signed: true },
    { key: 'total', signed: true },
  ] as const;
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
                    <Money value={row[figure.key]} signed={figure.signed} />
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
