import { Trans } from 'react-i18next';
import { useRemoteTranslation } from '#lib';
import styles from './products.module.css';

/**
 * The period of a past return ("2026-10-23 to 2026-11-24; past, not a promise"), each date a <time> that never
 * breaks inside itself (a narrow screen wraps around the dates, not at their hyphens).
 */
export function PastPeriod({ from, to }: { from: string; to: string }) {
  const { t } = useRemoteTranslation();
  return (
    <Trans
      t={t}
      i18nKey="products.pastPeriod"
      values={{ from, to }}
      components={{
        start: <time className={styles.date} dateTime={from} />,
        end: <time className={styles.date} dateTime={to} />,
      }}
    />
  );
}
