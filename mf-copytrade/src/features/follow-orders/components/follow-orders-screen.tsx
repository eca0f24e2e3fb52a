import { Money, PageFrame, StatusBadge } from 'shared/ui';
import { MARKET_CURRENCY } from 'shared/money';
import { layout, QueryView, useGetProductListQuery } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';

/** /mine/followOrder: the user's copy-trade orders (status 0 = following, anything else ended). */
export function FollowOrdersScreen() {
  const { t } = useRemoteTranslation();
  const market = useHost().getSession().market ?? 'jpy';
  const query = useGetProductListQuery(market);
  const rows = query.data ?? [];
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
          {rows.map((order) => {
            const active = order.status === 0;
            return (
              <li key={order.id} className={layout.row}>
                <span className={layout.rowMain}>
                  <span className={layout.rowTitle}>
                    {typeof order.name === 'string' ? order.name : t('common.orderNumber', { id: order.id })}
                  </span>
                  <StatusBadge
                    label={t(active ? 'orders.state.following' : 'orders.state.ended')}
                    tone={active ? 'info' : 'neutral'}
                  />
                </span>
                <span className={layout.num}>
                  <span className={layout.rowSub}>{t('orders.amount')}</span>{' '}
                  <Money value={order.money} currency={MARKET_CURRENCY[market]} />
                </span>
              </li>
            );
          })}
        </ul>
      </QueryView>
    </PageFrame>
  );
}
