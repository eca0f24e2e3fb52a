import { Money, PageFrame, StatusBadge } from 'shared/ui';
import type { DataOf } from 'shared/contract';
import { MARKET_CURRENCY } from 'shared/money';
import { layout, QueryView, useGetProductListQuery } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';

/** A copy-trade order of /trade/userproductlist as the contract types it (the product's name is `product_name`). */
type FollowOrder = DataOf<'productList'>[number];

/** The product's name, else the order's number. */
const productName = (order: FollowOrder): string | undefined =>
  typeof order.product_name === 'string' && order.product_name !== '' ? order.product_name : undefined;

/** /mine/followOrder: the user's copy-trade orders (status 0 = following, anything else ended). */
export function FollowOrdersScreen() {
  const { t } = useRemoteTranslation();
  const market = useHost().getSession().market ?? 'jpy';
  const query = useGetProductListQuery(market);
  const rows: readonly FollowOrder[] = query.data ?? [];
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
                    {productName(order) ?? t('common.orderNumber', { id: order.id })}
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
