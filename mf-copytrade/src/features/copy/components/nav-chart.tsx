import { useEffect, useRef, useState } from 'react';
import { Button, Skeleton, useThemeMode } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { loadHighcharts, readChartColors, type PlainChartModule } from 'shared/remote-kit';
import { navChartOptions, type NavPoint } from '../chart/nav-chart-options';
import styles from './products.module.css';

/**
 * The product's unit value per trading day since its base date. Highcharts loads after the screen's first paint,
 * only here (its own chunk, shared/remote-kit highcharts.ts); until then a skeleton, and a retry when it cannot load.
 */
export function NavChart({ history }: { history: readonly NavPoint[] }) {
  const { t } = useRemoteTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [module, setModule] = useState<PlainChartModule | undefined>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // drawn again in the new colours when the mode changes (the user's Appearance or the system's)
  const mode = useThemeMode();

  useEffect(() => {
    let cancelled = false;
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        loadHighcharts()
          .then((m) => !cancelled && setModule(() => m))
          .catch(() => !cancelled && setFailed(true));
      }, 0);
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [attempt]);

  useEffect(() => {
    if (!module || !container.current || history.length === 0) return undefined;
    const chart = module.chart(
      container.current,
      navChartOptions(history, { series: t('detail.chart.series') }, readChartColors()),
    );
    return () => chart.destroy();
  }, [module, history, t, mode]);

  const first = history[0];
  const last = history.at(-1);
  const ready = !!module && history.length > 0;
  return (
    <div className={styles.chartWrap}>
      <div
        ref={container}
        className={styles.chart}
        data-testid="ct-nav-chart"
        data-ready={ready || undefined}
        role="img"
        aria-label={
          first && last
            ? t('detail.chart.label', { from: first.date, to: last.date, first: first.nav, last: last.nav })
            : t('detail.chart.empty')
        }
      />
      {!ready && !failed && history.length > 0 ? (
        <div className={styles.overlay} role="status" aria-busy="true">
          <span className="ds-visually-hidden">{t('detail.chart.loading')}</span>
          <Skeleton shape="block" height="100%" />
        </div>
      ) : null}
      {failed ? (
        <div className={styles.overlay} role="alert">
          <p className={styles.chartNote}>{t('detail.chart.failed')}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('list.retry')}
          </Button>
        </div>
      ) : null}
      {history.length === 0 ? <p className={styles.chartNote}>{t('detail.chart.empty')}</p> : null}
    </div>
  );
}
