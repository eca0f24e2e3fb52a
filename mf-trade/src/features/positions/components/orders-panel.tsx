import { Money, StatusBadge } from 'shared/ui';
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
  const all: ReadonlyArray<Record<string, unknown> & { id: string; status: number }> =
    (kind === 'subscriptions' ? subscriptions.data : copyTrade.data) ?? [];
  const rows = all.filter((o) => (o.status === activeStatus) === (phase === 'open'));
  const amountField = kind === 'subscriptions' ? 'rjmoney' : 'money';
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
              <span className={styles.name}>
                {textField(order, 'name') ?? t('positions.orderNumber', { id: order.id })}
              </span>
              <StatusBadge
                label={t(phase === 'open' ? `positions.status.${kind}Open` : 'positions.status.ended')}
                tone={phase === 'open' ? 'info' : 'neutral'}
              />
            </span>
            <span className={styles.figures}>
              <Money value={textField(order, amountField)} currency={currency} />
            </span>
          </li>
        ))}
      </ul>
    </QueryView>
  );
}
