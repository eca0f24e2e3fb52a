import { useState } from 'react';
import { Money, PageFrame } from 'shared/ui';
import { FUND_RECORD_TYPES, type DataOf } from 'shared/contract';
import { Decimal } from 'shared/money';
import { firstPage, layout, NextPage, QueryView, SelectField } from 'shared/remote-kit';
import { NAMESPACE, formatLocalTime, useRemoteTranslation } from '#lib';
import { useGetFundRecordsInfiniteQuery, type RecordType } from '../api/get-fund-records';
import styles from './fund-records.module.css';

type FundRecord = DataOf<'records'>['list'][number];

/** /mine/transactionRecords: fund records from the ledger, a type filter, and "load more" paging. */
export function FundRecordsScreen() {
  const { t } = useRemoteTranslation();
  const [type, setType] = useState<RecordType | 'all'>('all');
  const query = useGetFundRecordsInfiniteQuery(type === 'all' ? undefined : type, {
    refetchOnMountOrArgChange: true,
  });
  const pages = query.data?.pages ?? [];
  const records = pages.flatMap((page) => page.list);
  const total = pages.at(-1)?.total ?? 0;
  const emptyTitle =
    type === 'all' ? t('records.empty') : t('records.emptyOfType', { type: t(`records.type.${type}`) });
  return (
    <PageFrame title={t('records.title')} back={false}>
      <div className={layout.stack}>
        <SelectField
          label={t('records.filter')}
          value={type}
          onChange={(e) => setType(e.target.value as RecordType | 'all')}
          options={(['all', ...FUND_RECORD_TYPES] as const).map((value) => ({
            value,
            label: t(`records.type.${value}`),
          }))}
        />
      </div>
      <p className={layout.note}>{t('records.note')}</p>
      <QueryView
        ns={NAMESPACE}
        query={firstPage(query)}
        count={records.length}
        empty={{
          title: emptyTitle,
          hint: t('records.emptyHint'),
          action: { label: t('records.deposit'), to: '/mine/stored' },
        }}
      >
        <div className={layout.columns} aria-hidden="true">
          <span>{t('records.column.type')}</span>
          <span>{t('records.column.amount')}</span>
        </div>
        <ul className={layout.list} aria-label={t('records.title')}>
          {records.map((record) => (
            <RecordRow key={record.id} record={record} />
          ))}
        </ul>
        <NextPage
          ns={NAMESPACE}
          query={query}
          moreLabel={t('records.loadMore')}
          status={t('records.shown', { shown: records.length, total })}
        />
      </QueryView>
    </PageFrame>
  );
}

/**
 * One statement line (one event): its type, order number (a correction's memo), time; then the signed change of
 * the money, what the event froze or released (internal, never income), and the balance after it.
 */
function RecordRow({ record: r }: { record: FundRecord }) {
  const { t, i18n } = useRemoteTranslation();
  const frozen = new Decimal(r.frozen);
  return (
    <li className={layout.row}>
      <span className={`${layout.rowMain} ${styles.main}`}>
        <span className={layout.rowTitle}>{t(`records.type.${r.type}`)}</span>
        <span className={layout.rowSub}>{r.order_no ? t('records.orderNo', { order: r.order_no }) : '—'}</span>
        {r.type === 'correction' && r.memo ? <span className={layout.rowSub}>{r.memo}</span> : null}
        <span className={layout.rowSub}>{formatLocalTime(r.time, i18n.language)}</span>
      </span>
      <span className={styles.figures}>
        <Money value={r.amount} currency={r.currency} signed className={layout.num} />
        {frozen.isZero() ? null : (
          <span className={layout.rowSub}>
            {t(frozen.isNegative() ? 'records.releasedChange' : 'records.frozenChange')}{' '}
            <Money value={frozen.abs().toFixed()} className={styles.small} />
          </span>
        )}
        <span className={layout.rowSub}>
          {t('records.balance')} <Money value={r.balance} className={styles.small} />
        </span>
      </span>
    </li>
  );
}
