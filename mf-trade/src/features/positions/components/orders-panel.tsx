import { Link } from 'react-router';
import { Money, StatusBadge, type StatusTone } from 'shared/ui';
import type { DataOf } from 'shared/contract';
import type { Market } from 'shared/mf';
import { QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetPositionCopyOrdersQuery } from '../api/get-copy-orders';
import { useGetPositionSubscriptionsQuery } from '../api/get-subscriptions';
import { textField } from '../model/position-rows';
import { CopyTradeItem } from './copy-trade-item';
import type { Phase } from './positions-screen';
import styles from './position-list.module.css';
import { shareCount } from 'shared/money';

interface OrdersPanelProps {
  kind: 'subscriptions' | 'copyTrade';
  phase: Phase;
  market: Market;
  currency: string;
}

type Subscription = DataOf<'newStockList'>[number];
type CopyOrder = DataOf<'productList'>[number];

/** One row of either list: its number, status, the name the server gives it and its amount. */
interface OrderRow {
  id: string;
  status: number;
  name: string | undefined;
  amount: string | undefined;
  /** A new-share subscription's own fields (code, quantity, state, the amount held). */
  subscription?: Subscription;
  /** A copy-trade order's own fields (product, state, amount, profits, lock-up end). */
  copyTrade?: CopyOrder;
}

/** Spec §4 subscriber states and their badge tone. */
const SUBSCRIPTION_TONES: Record<Subscription['state'], StatusTone> = {
  awaiting_draw: 'pending',
  won: 'warning',
  subscribed: 'success',
  not_won: 'neutral',
  abstained: 'neutral',
  failed: 'danger',
};

/** A new-share subscription (/trade/usernewstocklist): its stock, quantity, state and the amount it holds. */
const subscriptionRow = (order: Subscription): OrderRow => ({
  id: order.id,
  status: order.status,
  name: textField(order, 'name'),
  amount: order.rjmoney === '-' ? order.amount : order.rjmoney,
  subscription: order,
});

/** A copy-trade order (/trade/userproductlist) names its product in `product_name`. */
const copyTradeRow = (order: CopyOrder): OrderRow => ({
  id: order.id,
  status: order.status,
  name: textField(order, 'product_name'),
  amount: order.amount,
  copyTrade: order,
});

/**
 * New-share subscriptions (/trade/usernewstocklist) and copy-trade orders (/trade/userproductlist).
 * "In progress" is what the asset formula of spec §4 counts as frozen: a new-share order at
 * status 1, a copy-trade order at status 0; everything else is ended.
 */
export function OrdersPanel({ kind, phase, market, currency }: OrdersPanelProps) {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const subscriptions = useGetPositionSubscriptionsQuery(
    { market, lang },
    {
      skip: kind !== 'subscriptions',
      refetchOnMountOrArgChange: true,
    },
  );
  const copyTrade = useGetPositionCopyOrdersQuery(
    { market, lang },
    { skip: kind !== 'copyTrade', refetchOnMountOrArgChange: true },
  );
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
        {rows.map((order) =>
          order.subscription ? (
            <SubscriptionItem key={order.id} order={order.subscription} />
          ) : order.copyTrade ? (
            <CopyTradeItem key={order.id} order={order.copyTrade} />
          ) : (
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
          ),
        )}
      </ul>
    </QueryView>
  );
}

/**
 * A new-share subscription: name, code and quantity, its state (spec §4), and the amount it holds now (rjmoney,
 * counted in frozen) or, once released or paid into a holding, the amount subscribed. Opens the issue in mf-ipo.
 */
function SubscriptionItem({ order }: { order: Subscription }) {
  const { t } = useRemoteTranslation();
  const held = order.rjmoney !== '-';
  return (
    <li>
      <Link className={styles.item} to={`/home/newShareInfo?id=${order.issue_id}`}>
        <span className={styles.main}>
          <span className={styles.name}>{order.name}</span>
          <span className={styles.sub}>
            {t('positions.subscription.detail', { code: order.code, ...shareCount(order.quantity) })}
          </span>
          <StatusBadge
            label={t(`positions.subscription.state.${order.state}`)}
            tone={SUBSCRIPTION_TONES[order.state]}
          />
        </span>
        <span className={styles.figures}>
          <Money value={held ? order.rjmoney : order.amount} currency={order.currency} />
          <span className={styles.sub}>
            {t(held ? 'positions.subscription.held' : 'positions.subscription.subscribed')}
          </span>
        </span>
      </Link>
    </li>
  );
}
