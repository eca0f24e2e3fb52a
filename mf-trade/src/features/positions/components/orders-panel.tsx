import { Money, StatusBadge } from 'shared/ui';
import type { DataOf } from 'shared/contract';
import type { Market } from 'shared/mf';
import { QueryView, useGetNewStockListQuery, useGetProductListQuery } from 'shared/remote-kit';
import { NAMESPACE, useRemoteTranslation } from '#lib';
import { textField } from '../model/position-rows';
import type { Phase } from './positions-screen';
import styles from './position-list.module.css';

interface OrdersPanelProps {
  kind: 'subscriptions' | 'copyTrade';
  phase: Phase;
  market: Market;
  currency: string;
}

/** One row of either list: its number, status, the name the server gives it and its amount. */
interface OrderRow {
  id: string;
  status: number;
  name: string | undefined;
  amount: string | undefined;
}

/** A new-share subscription (/trade/usernewstocklist) names its stock in `name`; rjmoney '-' is nothing yet. */
const subscriptionRow = (order: DataOf<'newStockList'>[number]): OrderRow => ({
  id: order.id,
  status: order.status,
  name: textField(order, 'name'),
  amount: order.rjmoney,
});

/** A copy-trade order (/trade/userproductlist) names its product in `product_name`. */
const copyTradeRow = (order: DataOf<'productList'>[number]): OrderRow => ({
  id: order.id,
  status: order.status,
  name: textField(order, 'product_name'),
  amount: order.money,
});

/**
 * New-share subscriptions (/trade/usernewstocklist) and copy-trade orders (/trade/userproductlist).
 * "In progress" is what the asset formula of spec §4 counts as frozen: a new-share order at
 * status 1, a copy-trade order at status 0; everything else is ended.
 */
export function OrdersPanel({ kind, phase, market, currency }: OrdersPanelProps) {
  const { t } = useRemoteTranslation();
  const subscriptions = useGetNewStockListQuery(market, { skip: kind !== 'subscriptions' });
  const copyTrade = useGetProductListQuery(market, { skip: kind !== 'copyTrade' });
  const query = kind === 'subscriptions' ? subscriptions : copyTrade;
  const activeStatus = kind === 'subscriptions' ? 1 : 0;
  const all: OrderRow[] =
    kind === 'subscriptions'
      ? (subscriptions.data ?? []).map(subscriptionRow)
      : (copyTrade.data ?? []).map(copyTradeRow);
  const rows = all.filter((o) => (o.status === activeStatus) === (phase === 'open'));
  return (
    <QueryView
      ns={NAMESPACE}
      query={query}
      count={rows.length}
      empty={{
        title: t(`positions.empty.${kind}`),
        hint: t(`positions.empty.${kind}Hint`),
        action:
          kind === 'subscriptions'
            ? { label: t('positions.empty.browseNewShares'), to: '/home/newShare' }
            : { label: t('positions.empty.browseProducts'), to: '/home/qcList' },
      }}
    >
      <ul className={styles.list} aria-label={t(`positions.kind.${kind}`)}>
        {rows.map((order) => (
          <li key={order.id} className={styles.item}>
            <span className={styles.main}>
              <span className={styles.name}>{order.name ?? t('positions.orderNumber', { id: order.id })}</span>
              <StatusBadge
                label={t(phase === 'open' ? `positions.status.${kind}Open` : 'positions.status.ended')}
                tone={phase === 'open' ? 'info' : 'neutral'}
              />
            </span>
            <span className={styles.figures}>
              <Money value={order.amount} currency={currency} />
            </span>
          </li>
        ))}
      </ul>
    </QueryView>
  );
}
