import { Link, useSearchParams } from 'react-router';
import type { CopyOrder } from 'shared/contract';
import { Card, EmptyState, Money, PageFrame, StatusBadge } from 'shared/ui';
import { apiErrorOf, layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetCopyProductQuery } from '../api/get-product';
import { FollowForm } from './follow-form';
import { HoldingsCard } from './holdings-card';
import { NavChart } from './nav-chart';
import { ProductCard } from './product-card';

/**
 * /home/follow?id=: one product: its facts, the chart of its unit value since the base date (Highcharts, loaded
 * only here), its holdings with their weights, the reader's follows of it, and the follow form while it is open.
 */
export function FollowScreen() {
  const { t } = useRemoteTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')?.trim());
  const valid = Number.isInteger(id) && id > 0;
  const lang = useHost().getSession().language;
  const query = useGetCopyProductQuery({ id, lang }, { skip: !valid, refetchOnMountOrArgChange: true });
  const missingState = {
    title: t('follow.missing'),
    hint: t('follow.missingHint'),
    action: { label: t('follow.browse'), to: '/home/qcList' },
  };
  if (!valid) {
    return (
      <PageFrame title={t('detail.title')}>
        <EmptyState {...missingState} />
      </PageFrame>
    );
  }
  const info = query.data;
  return (
    <PageFrame title={info?.product.product_name ?? t('detail.title')}>
      {apiErrorOf(query.error)?.msg === 'product_unavailable' ? (
        <EmptyState {...missingState} />
      ) : (
        <QueryView ns={NAMESPACE} query={query} count={info ? 1 : 0} empty={missingState}>
          {info ? (
            <>
              <ProductCard product={info.product} />
              <Card title={t('detail.chart.title')} className={layout.card}>
                <NavChart history={info.history} />
                <p className={layout.note}>{t('detail.chart.note')}</p>
              </Card>
              <HoldingsCard holdings={info.holdings} />
              {info.orders.length > 0 ? <MyFollows orders={info.orders} /> : null}
              {info.product.state === 'open' ? (
                <FollowForm product={info.product} />
              ) : (
                <p className={layout.purpose} role="note">
                  {t(`detail.closedNote.${info.product.state}`)}
                </p>
              )}
            </>
          ) : null}
        </QueryView>
      )}
    </PageFrame>
  );
}

/** The reader's follows of this product: amount, state and total profit; the records hold the rest. */
function MyFollows({ orders }: { orders: readonly CopyOrder[] }) {
  const { t } = useRemoteTranslation();
  return (
    <Card
      title={t('detail.mine')}
      extra={
        <Link className="ds-button ds-button--ghost" to="/mine/followOrder">
          {t('products.myOrders')}
        </Link>
      }
      className={layout.card}
    >
      <ul className={layout.list} aria-label={t('detail.mine')}>
        {orders.map((order) => (
          <li key={order.id} className={layout.row}>
            <span className={layout.rowMain}>
              <span className={layout.rowTitle}>
                <Money value={order.amount} currency={order.currency} />
              </span>
              <StatusBadge
                label={t(`orders.state.${order.state}`)}
                tone={order.state === 'ended' ? 'neutral' : 'info'}
              />
            </span>
            <span className={layout.num}>
              <span className={layout.rowSub}>{t('orders.field.totalProfit')}</span>{' '}
              <Money value={order.total_profit} currency={order.currency} signed />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
