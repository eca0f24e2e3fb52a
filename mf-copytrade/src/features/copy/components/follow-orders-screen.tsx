import { Link, useSearchParams } from 'react-router';
import type { CopyOrder } from 'shared/contract';
import { Facts, Money, PageFrame, StatusBadge, Tabs, tabPanelId, type StatusTone } from 'shared/ui';
import { formatMoney } from 'shared/money';
import { layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { FOLLOW_TABS, useGetFollowOrdersQuery, type FollowTab } from '../api/get-follow-orders';
import listCard from 'shared/ui/list-card.module.css';
import styles from './follow-orders.module.css';

/** Badge tone of each spec §4 copy-trade state. */
const TONES: Record<CopyOrder['state'], StatusTone> = {
  following: 'pending',
  lockup: 'warning',
  in_progress: 'info',
  ended: 'neutral',
};
const PANELS = 'ct-follow-orders';
const isTab = (value: string | null): value is FollowTab => FOLLOW_TABS.includes(value as FollowTab);

/**
 * /mine/followOrder: the reader's follow orders of the session's market: product, amount, units, daily and total
 * profit (from the product's unit value), state (following until the next close buys the units, in lock-up until
 * the close of its last day, in progress while the redemption is booked, ended with the amount returned) and the
 * lock-up's last day. Tabs (all, active, lock-up, ended; ?tab=) are filtered by the server at the app clock.
 */
export function FollowOrdersScreen() {
  const { t } = useRemoteTranslation();
  const session = useHost().getSession();
  const market = session.market ?? 'jpy';
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: FollowTab = isTab(asked) ? asked : 'all';
  const query = useGetFollowOrdersQuery({ market, lang: session.language, tab }, { refetchOnMountOrArgChange: true });
  const rows: readonly CopyOrder[] = query.data ?? [];
  return (
    <PageFrame title={t('orders.title')}>
      <Tabs
        items={FOLLOW_TABS.map((key) => ({ key, label: t(`orders.tab.${key}`) }))}
        value={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
        label={t('orders.tabs')}
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, tab)} aria-labelledby={`${PANELS}-tab-${tab}`}>
        <QueryView
          ns={NAMESPACE}
          query={query}
          count={rows.length}
          empty={
            tab === 'all'
              ? {
                  title: t('orders.empty'),
                  hint: t('orders.emptyHint'),
                  action: { label: t('orders.browse'), to: '/home/qcList' },
                }
              : { title: t(`orders.emptyTab.${tab}`), hint: t('orders.emptyTabHint') }
          }
        >
          <ul className={layout.list} aria-label={t('orders.title')}>
            {rows.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        </QueryView>
      </div>
    </PageFrame>
  );
}

function OrderRow({ order }: { order: CopyOrder }) {
  const { t } = useRemoteTranslation();
  const money = (value: string, signed?: boolean) => <Money value={value} currency={order.currency} signed={signed} />;
  return (
    <li className={listCard.card}>
      <span className={listCard.head}>
        <Link className={styles.name} to={`/home/follow?id=${order.product_id}`}>
          {order.product_name}
        </Link>
        <StatusBadge label={t(`orders.state.${order.state}`)} tone={TONES[order.state]} />
      </span>
      <span className={listCard.sub}>{t('orders.number', { id: order.order_no })}</span>
      <Facts
        items={[
          { label: t('orders.field.amount'), value: money(order.amount) },
          {
            label: t('orders.field.units'),
            value: order.units === null ? t('orders.unitsPending') : formatMoney(order.units, { decimals: 4 }),
          },
          { label: t('orders.field.dailyProfit'), value: money(order.daily_profit, true) },
          { label: t('orders.field.totalProfit'), value: money(order.total_profit, true) },
          { label: t('orders.field.lockEnd'), value: order.lock_ends_on ?? t('orders.lockPending') },
          ...(order.redeemed_amount !== null
            ? [{ label: t('orders.field.redeemed'), value: money(order.redeemed_amount) }]
            : []),
        ]}
      />
    </li>
  );
}
