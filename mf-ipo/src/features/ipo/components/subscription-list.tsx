import { Link } from 'react-router';
import type { Market } from 'shared/mf';
import type { DataOf } from 'shared/contract';
import { Facts, Money, StatusBadge } from 'shared/ui';
import { formatMarketTime, layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetNewShareSubscriptionsQuery } from '../api/get-subscriptions';
import { applicationShown, type RecordsTab } from '../model/new-share-fields';
import { shareCount } from '../model/quantity';
import listCard from 'shared/ui/list-card.module.css';
import styles from './new-share.module.css';

type Subscription = DataOf<'newStockList'>[number];

/**
 * The user's subscriptions of a market from /trade/usernewstocklist: every one (records) or the drawn ones
 * (allotments), with quantity, amount, allotment and state; each opens its issue.
 */
export function SubscriptionList({ market, tab }: { market: Market; tab: RecordsTab }) {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const query = useGetNewShareSubscriptionsQuery({ market, tab, lang }, { refetchOnMountOrArgChange: true });
  const rows = query.data ?? [];
  return (
    <QueryView
      ns={NAMESPACE}
      query={query}
      count={rows.length}
      empty={{
        title: t(`orders.empty.${tab}`),
        hint: t(`orders.emptyHint.${tab}`),
        action: { label: t('orders.browse'), to: '/home/newShare' },
      }}
    >
      <ul className={layout.list} aria-label={t(`newShare.tab.${tab}`)}>
        {rows.map((row) => (
          <SubscriptionRow key={row.id} row={row} />
        ))}
      </ul>
    </QueryView>
  );
}

function SubscriptionRow({ row }: { row: Subscription }) {
  const { t, i18n } = useRemoteTranslation();
  return (
    <li>
      <Link className={`${listCard.card} ${styles.issue}`} to={`/home/newShareInfo?id=${row.issue_id}`}>
        <span className={listCard.head}>
          <span className={listCard.name}>{row.name}</span>
          <StatusBadge
            label={t(`info.applicationState.${applicationShown(row).key}`)}
            tone={applicationShown(row).tone}
          />
        </span>
        <span className={listCard.sub}>
          {`${row.code} · ${t(`newShare.marketName.${row.market}`)} · ${t('orders.orderNo', { order: row.order_no })}`}
        </span>
        <Facts
          items={[
            { label: t('info.field.subscriptionQuantity'), value: t('info.shares', shareCount(row.quantity)) },
            { label: t('info.field.subscribedAmount'), value: <Money value={row.amount} currency={row.currency} /> },
            {
              label: t('info.field.allottedQuantity'),
              value: row.allotted_quantity === null ? '—' : t('info.shares', shareCount(row.allotted_quantity)),
            },
            {
              label: t('orders.held'),
              value: row.rjmoney === '-' ? '—' : <Money value={row.rjmoney} currency={row.currency} />,
            },
            ...(row.state === 'won'
              ? [
                  {
                    label: t('info.field.payDeadline'),
                    value: formatMarketTime(row.pay_deadline, row.market, i18n.language),
                    wide: true,
                  },
                ]
              : []),
          ]}
        />
      </Link>
    </li>
  );
}
