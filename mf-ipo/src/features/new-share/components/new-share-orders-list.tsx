import { Money, StatusBadge } from 'shared/ui';
import { MARKET_CURRENCY } from 'shared/money';
import { layout, QueryView, useGetNewStockListQuery } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { isCounted } from '../model/new-share-fields';

/** The user's subscriptions from /trade/usernewstocklist, with their amount and state. */
export function NewShareOrdersList() {
  const { t } = useRemoteTranslation();
  const market = useHost().getSession().market ?? 'jpy';
  const query = useGetNewStockListQuery(market);
  const rows = query.data ?? [];
  return (
    <QueryView
      ns={NAMESPACE}
      query={query}
      count={rows.length}
      empty={{
        title: t('orders.empty'),
        hint: t('orders.emptyHint'),
        action: { label: t('orders.browse'), to: '/home/newShare' },
      }}
    >
      <ul className={layout.list} aria-label={t('orders.title')}>
        {rows.map((order) => (
          <li key={order.id} className={layout.row}>
            <span className={layout.rowMain}>
              <span className={layout.rowTitle}>
                {typeof order.name === 'string' ? order.name : t('common.orderNumber', { id: order.id })}
              </span>
              <StatusBadge
                label={t(isCounted(order.status) ? 'orders.state.subscribed' : 'orders.state.other')}
                tone={isCounted(order.status) ? 'info' : 'neutral'}
              />
            </span>
            <span className={layout.num}>
              <span className={layout.rowSub}>{t('orders.amount')}</span>{' '}
              <Money value={order.rjmoney} currency={MARKET_CURRENCY[market]} />
            </span>
          </li>
        ))}
      </ul>
    </QueryView>
  );
}
