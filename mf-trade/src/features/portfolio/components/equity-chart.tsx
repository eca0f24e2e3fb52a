import { useEffect, useRef, useState } from 'react';
import { Skeleton, useThemeMode } from 'shared/ui';
import { readChartColors } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { equityChartOptions, type EquitySeries, type PlainChartModule } from '../model/portfolio-view';
import styles from './portfolio-screen.module.css';

export interface EquityChartProps {
  series: EquitySeries;
  /** Loads Highcharts (core): composed in src/app/ from shared/remote-kit (highcharts.ts); tests inject a fake. */
  loadChart: () => Promise<PlainChartModule>;
}

/** One currency's equity line; Highcharts loads after the first paint (only this screen asks for it). */
export function EquityChart({ series, loadChart }: EquityChartProps) {
  const { t } = useRemoteTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [module, setModule] = useState<PlainChartModule | undefined>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadChart()
      .then((m) => !cancelled && setModule(() => m))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [loadChart]);

  // The mode the page shows: the chart takes its colours from the tokens as it is built, so it is built again in the
  // new mode's colours when the user's Appearance or the system's setting changes (the series is not asked for again).
  const mode = useThemeMode();
  useEffect(() => {
    if (!module || !container.current) return undefined;
    const chart = module.chart(
      container.current,
      equityChartOptions(series, { ...readChartColors(), name: t('portfolio.pnl') }),
    );
    return () => chart.destroy();
  }, [module, series, t, mode]);

  return (
    <div className={styles.chartWrap}>
      <div
        ref={container}
        className={styles.chart}
        data-testid={`tr-portfolio-chart-${series.currency}`}
        data-ready={module ? true : undefined}
        role="img"
        aria-label={t('portfolio.chartLabel', { currency: series.currency })}
      />
      {!module && !failed ? (
        <div className={styles.chartOverlay} role="status" aria-busy="true">
          <span className="ds-visually-hidden">{t('portfolio.chartLoading')}</span>
          <Skeleton shape="block" height="100%" />
        </div>
      ) : null}
      {failed ? <p className={styles.note}>{t('portfolio.chartFailed')}</p> : null}
    </div>
  );
}
