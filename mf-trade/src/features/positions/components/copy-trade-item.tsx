import { Link } from 'react-router';
import type { DataOf } from 'shared/contract';
import { Money, StatusBadge, type StatusTone } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import styles from './position-list.module.css';

type CopyOrder = DataOf<'productList'>[number];

/** Spec §4 copy-trade states and their badge tone. */
const TONES: Record<CopyOrder['state'], StatusTone> = {
  following: 'pending',
  lockup: 'warning',
  in_progress: 'info',
  ended: 'neutral',
};

/**
 * A copy-trade (follow) order: its product, state, the amount put in and its lock-up end, with the total profit
 * (signed, up/down colour) and the last day's. Opens the product in mf-copytrade.
 */
export function CopyTradeItem({ order }: { order: CopyOrder }) {
  const { t } = useRemoteTranslation();
  return (
    <li>
      <Link className={styles.item} to={`/home/follow?id=${order.product_id}`}>
        <span className={styles.main}>
          <span className={styles.name}>
            {order.product_name || t('positions.orderNumber', { id: order.order_no })}
          </span>
          <span className={styles.sub}>
            {t('positions.copyTrade.amount')} <Money value={order.amount} currency={order.currency} />
          </span>
          <span className={styles.sub}>
            {t('positions.copyTrade.lockEnd', { date: order.lock_ends_on ?? t('positions.copyTrade.lockPending') })}
          </span>
          <StatusBadge label={t(`positions.copyTrade.state.${order.state}`)} tone={TONES[order.state]} />
        </span>
        <span className={styles.figures}>
          <Money value={order.total_profit} currency={order.currency} signed />
          <span className={styles.sub}>{t('positions.copyTrade.total')}</span>
          <Money value={order.daily_profit} currency={order.currency} signed />
          <span className={styles.sub}>{t('positions.copyTrade.daily')}</span>
        </span>
      </Link>
    </li>
  );
}
