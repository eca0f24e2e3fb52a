import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, PageFrame, Tabs, tabPanelId } from 'shared/ui';
import { useHost, useRemoteTranslation } from '#lib';
import { CHART_PERIODS, type ChartPeriod } from '../model/periods';
import { readStockRef } from '../model/stock-ref';
import { TradeForm } from './trade-form';
import styles from './stock-detail-screen.module.css';

const PANELS = 'tr-chart';

/**
 * /quotes/info?code=&market=: stock header, chart periods, main and sub chart areas and the trade
 * form. The chart (Highcharts, loaded only here) and prices arrive with the market-data release.
 */
export function StockDetailScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [params] = useSearchParams();
  const stock = readStockRef(params, host.getSession().market);
  const [period, setPeriod] = useState<ChartPeriod>('timeShare');

  if (!stock) {
    return (
      <PageFrame title={t('detail.title')}>
        <EmptyState title={t('detail.missing.title')} hint={t('detail.missing.hint')} action={{ label: t('detail.missing.action'), to: '/home/home' }} />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('detail.titleWithCode', { code: stock.code })}>
      <div className={styles.head}>
        <p className={styles.code}>
          {stock.code} <span className={styles.market}>{t(`market.${stock.market}`)}</span>
        </p>
        <p className={styles.note} role="note">{t('detail.pricePending')}</p>
      </div>
      <Tabs
        items={CHART_PERIODS.map((key) => ({ key, label: t(`detail.period.${key}`) }))}
        value={period}
        onChange={setPeriod}
        label={t('detail.periods')}
        layout="scroll"
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, period)} aria-labelledby={`${PANELS}-tab-${period}`} className={styles.charts}>
        <figure className={styles.mainChart} aria-label={t('detail.mainChart', { period: t(`detail.period.${period}`) })}>
          <figcaption className={styles.caption}>{t('detail.chartPending')}</figcaption>
        </figure>
        <figure className={styles.subChart} aria-label={t('detail.subChart')}>
          <figcaption className={styles.caption}>{t('detail.subChartHint')}</figcaption>
        </figure>
      </div>
      <TradeForm />
    </PageFrame>
  );
}
