import type { DayTrade } from 'shared/contract';
import { Facts, Money, StatusBadge } from 'shared/ui';
import { firstPage, layout, NextPage, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetDayTradeRecordsInfiniteQuery } from '../api/get-day-trade-records';
import { DAY_TONES } from '../model/day-states';
import listCard from 'shared/ui/list-card.module.css';
import styles from './day-trading.module.css';

/**
 * The Records tab: every application, newest first, "load more" paged: trade date, market, participation,
 * allowance, status, and the settled P&L with its sign (or why there is none yet); a rejection's review note.
 */
export function RecordsPanel() {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const query = useGetDayTradeRecordsInfiniteQuery(lang, { refetchOnMountOrArgChange: true });
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.list);
  const total = pages.at(-1)?.total ?? 0;
  return (
    <QueryView
      ns={NAMESPACE}
      query={firstPage(query)}
      count={rows.length}
      empty={{
        title: t('day.records.empty'),
        hint: t('day.records.emptyHint'),
        action: { label: t('day.today.apply'), to: '/home/withinDays?tab=apply' },
      }}
    >
      <ul className={layout.list} aria-label={t('day.records.title')}>
        {rows.map((row) => (
          <RecordRow key={row.id} record={row} />
        ))}
      </ul>
      <NextPage
        ns={NAMESPACE}
        query={query}
        moreLabel={t('day.records.loadMore')}
        status={t('day.records.shown', { shown: rows.length, total })}
      />
    </QueryView>
  );
}

function RecordRow({ record }: { record: DayTrade }) {
  const { t } = useRemoteTranslation();
  const money = (value: string, signed?: boolean) => <Money value={value} currency={record.currency} signed={signed} />;
  return (
    <li className={listCard.card}>
      <span className={styles.head}>
        <span className={styles.name}>
          {t('day.today.cardTitle', { market: t(`products.market.${record.market}`), date: record.trade_date })}
        </span>
        <StatusBadge label={t(`day.state.${record.status}`)} tone={DAY_TONES[record.status]} />
      </span>
      <span className={styles.sub}>{t('day.positions.number', { id: record.order_no })}</span>
      <Facts
        items={[
          { label: t('day.field.tradeDate'), value: record.trade_date },
          { label: t('day.field.market'), value: t(`products.market.${record.market}`) },
          { label: t('day.field.participation'), value: money(record.participation) },
          { label: t('day.field.allowance'), value: money(record.allowance) },
          {
            label: t('day.field.settledPnl'),
            value:
              record.status === 'filled'
                ? money(record.pnl, true)
                : record.status === 'failed'
                  ? t('day.records.noPnl')
                  : t('day.records.pnlPending'),
            wide: true,
          },
          ...(record.status === 'filled' && record.fees !== '0'
            ? [{ label: t('day.field.fees'), value: money(record.fees) }]
            : []),
          ...(record.status === 'failed'
            ? [
                {
                  label: t('day.field.failedReason'),
                  value: t(`day.records.failed.${record.failed_reason ?? 'expired'}`),
                  wide: true,
                },
              ]
            : []),
          ...(record.review_note && record.failed_reason === 'rejected'
            ? [{ label: t('day.field.reviewNote'), value: record.review_note, wide: true }]
            : []),
        ]}
      />
    </li>
  );
}
