import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import type { TradePosition } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Button } from 'shared/ui';
import { formatMarketTime } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import styles from './trade-panel.module.css';

/** The notes of the trade form around its button: market closed, rules not loaded, order placed. */

/** Why the button is disabled while the market is not open, with when it opens. */
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
        i18nKey={status === 'lunch' ? 'trade.status.lunch' : 'trade.status.closed'}
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

/** The order just placed: filled or pending, with the way to its list. */
export function PlacedNote({ placed }: { placed: TradePosition }) {
  const { t } = useRemoteTranslation();
  const pending = placed.state === 'pending';
  return (
    <div className={styles.placed} role="status">
      <p className={styles.refusalText}>
        {t(pending ? 'trade.placed.pending' : 'trade.placed.filled', { orderNo: placed.order_no })}
      </p>
      <Link className="ds-button ds-button--secondary" to={pending ? '/position/index?tab=orders' : '/position/index'}>
        {t(pending ? 'trade.placed.toOrders' : 'trade.placed.toPositions')}
      </Link>
    </div>
  );
}
