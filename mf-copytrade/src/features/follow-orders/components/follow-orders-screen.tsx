import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CopyOrder } from 'shared/contract';
import { Money, PageFrame, StatusBadge, type StatusTone } from 'shared/ui';
import { formatMoney } from 'shared/money';
import { layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetFollowOrdersQuery } from '../api/get-follow-orders';
import listCard from 'shared/ui/list-card.module.css';
import styles from './follow-orders.module.css';

/** Badge tone of each spec §4 copy-trade state. */
const TONES: Record<CopyOrder['state'], StatusTone> = { following: 'pending', in_progress: 'info', ended: 'neutral' };

/**
 * /mine/followOrder: the reader's follow orders of the session's market: product, amount, units, daily and total
 * profit (from the product's unit value), state (following until the next close buys the units, in progress,
 * ended at the end of the lock-up with the amount returned) and the lock-up's last day.
 */
export function FollowOrdersScreen() {
  const { t } = useRemoteTranslation();
  const session = useHost().getSession();
  const market = session.market ?? 'jpy';
  const query = useGetFollowOrdersQuery({ market, lang: session.language }, { refetchOnMountOrArgChange: true });
  const rows: readonly CopyOrder[] = query.data ?? [];
  return (
    <PageFrame title={t('orders.title')}>
      <QueryView
        ns={NAMESPACE}
        query={query}
        count={rows.length}
        empty={{
          title: t('orders.empty'),
          hint: t('orders.emptyHint'),
          action: { label: t('orders.browse'), to: '/home/qcList' },
        }}
      >
        <ul className={layout.list} aria-label={t('orders.title')}>
          {rows.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      </QueryView>
    </PageFrame>
  );
}

function OrderRow({ order }: { order: CopyOrder }) {
  const { t } = useRemoteTranslation();
  const money = (value: string, signed?: boolean) => <Money value={value} currency={order.currency} signed={signed} />;
  return (
    <li className={listCard.card}>
      <span className={styles.head}>
        <Link className={styles.name} to={`/home/follow?id=${order.product_id}`}>
          {order.product_name}
        </Link>
        <StatusBadge label={t(`orders.state.${order.state}`)} tone={TONES[order.state]} />
      </span>
      <span className={styles.sub}>{t('orders.number', { id: order.order_no })}</span>
      <dl className={styles.facts}>
        <Fact label={t('orders.field.amount')}>{money(order.amount)}</Fact>
        <Fact label={t('orders.field.units')}>
          {order.units === null ? t('orders.unitsPending') : formatMoney(order.units, { decimals: 4 })}
        </Fact>
        <Fact label={t('orders.field.dailyProfit')}>{money(order.daily_profit, true)}</Fact>
        <Fact label={t('orders.field.totalProfit')}>{money(order.total_profit, true)}</Fact>
        <Fact label={t('orders.field.lockEnd')}>{order.lock_ends_on ?? t('orders.lockPending')}</Fact>
        {order.redeemed_amount !== null ? (
          <Fact label={t('orders.field.redeemed')}>{money(order.redeemed_amount)}</Fact>
        ) : null}
      </dl>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
