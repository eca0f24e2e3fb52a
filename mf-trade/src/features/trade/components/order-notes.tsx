import { Trans } from 'react-i18next';
import type { Market } from 'shared/mf';
import { Button } from 'shared/ui';
import { formatMarketTime } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import styles from './trade-panel.module.css';

/** The notes of the trade form around its button: market closed (the order waits), rules not loaded. */

/** While the market is not open: the order is accepted and waits for the open (issue 13), with when that is. */
export function ClosedNote({
  id,
  status,
  nextOpen,
  market,
}: {
  id: string;
  status: string;
  nextOpen: string | null;
  market: Market;
}) {
  const { t, i18n } = useRemoteTranslation();
  // The next open never breaks inside a date: formatMarketTime joins date, time and zone with no-break spaces.
  return (
    <p id={id} className={styles.closed} role="status">
      <Trans
        t={t}
        i18nKey={status === 'lunch' ? 'trade.adv.waitLunch' : 'trade.adv.waitClosed'}
        values={{ time: formatMarketTime(nextOpen, market, i18n.language) }}
        components={{ when: <time className={styles.when} dateTime={nextOpen ?? undefined} /> }}
      />
    </p>
  );
}

/** The trading rules (/trade/config) could not be loaded: no order yet, and a retry. */
export function ConfigFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useRemoteTranslation();
  return (
    <div className={styles.refusal} role="alert">
      <p className={styles.refusalText}>{t('trade.configFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('trade.retry')}
      </Button>
    </div>
  );
}
