import { useState } from 'react';
import { Button, EmptyState, Money, PageFrame, SkeletonList } from 'shared/ui';
import { FUND_RECORD_TYPES } from 'shared/contract';
import { layout, QueryView, SelectField } from 'shared/remote-kit';
import { NAMESPACE, formatLocalTime, useRemoteTranslation } from '#lib';
import { useGetFundRecordsQuery } from '../api/get-fund-records';
import styles from './fund-records.module.css';

type RecordType = (typeof FUND_RECORD_TYPES)[number];
const PAGE_SIZE = 20;

/** /mine/transactionRecords: fund records from the ledger, a type filter, and "load more" paging. */
export function FundRecordsScreen() {
  const { t } = useRemoteTranslation();
  const [type, setType] = useState<RecordType | 'all'>('all');
  const [pages, setPages] = useState(1);
  const filter = type === 'all' ? undefined : type;
  const first = useGetFundRecordsQuery({ page: 1, size: PAGE_SIZE, type: filter }, { refetchOnMountOrArgChange: true });
  const total = first.data?.total ?? 0;
  const emptyTitle =
    type === 'all' ? t('records.empty') : t('records.emptyOfType', { type: t(`records.type.${type}`) });
  return (
    <PageFrame title={t('records.title')} back={false}>
      <div className={layout.stack}>
        <SelectField
          label={t('records.filter')}
          value={type}
          onChange={(e) => {
            setType(e.target.value as RecordType | 'all');
            setPages(1);
          }}
          options={(['all', ...FUND_RECORD_TYPES] as const).map((value) => ({
            value,
            label: t(`records.type.${value}`),
          }))}
        />
      </div>
      <QueryView
        ns={NAMESPACE}
        query={first}
        count={first.data?.list.length ?? 0}
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
          {Array.from({ length: pages }, (_, i) => (
            <RecordsPage key={`${type}-${i + 1}`} page={i + 1} type={filter} />
          ))}
        </ul>
        <div className={layout.stack}>
          <p className={layout.note} role="status">
            {t('records.shown', { shown: Math.min(pages * PAGE_SIZE, total), total })}
          </p>
          {pages * PAGE_SIZE < total ? (
            <Button variant="secondary" block onClick={() => setPages(pages + 1)}>
              {t('records.loadMore')}
            </Button>
          ) : null}
        </div>
      </QueryView>
    </PageFrame>
  );
}

/** One page of records (each page its own cached query, so "load more" keeps the earlier pages). */
function RecordsPage({ page, type }: { page: number; type: RecordType | undefined }) {
  const { t, i18n } = useRemoteTranslation();
  const query = useGetFundRecordsQuery({ page, size: PAGE_SIZE, type }, { refetchOnMountOrArgChange: true });
  if (query.isLoading)
    return (
      <li>
        <SkeletonList rows={3} />
      </li>
    );
  if (query.isError) {
    return (
      <li className={styles.pageError} role="alert">
        <span>{t('list.loadFailed')}</span>
        <Button variant="secondary" onClick={() => query.refetch()}>
          {t('list.retry')}
        </Button>
      </li>
    );
  }
  if (!query.data || query.data.list.length === 0)
    return page === 1 ? (
      <li>
        <EmptyState title={t('records.empty')} />
      </li>
    ) : null;
  return (
    <>
      {query.data.list.map((r) => (
        <li key={r.id} className={layout.row}>
          <span className={`${layout.rowMain} ${styles.main}`}>
            <span className={layout.rowTitle}>{t(`records.type.${r.type}`)}</span>
            <span className={layout.rowSub}>{r.order_no ? t('records.orderNo', { order: r.order_no }) : '—'}</span>
            {r.type === 'correction' && r.memo ? <span className={layout.rowSub}>{r.memo}</span> : null}
            <span className={layout.rowSub}>{formatLocalTime(r.time, i18n.language)}</span>
          </span>
          <Money value={r.amount} currency={r.currency} signed className={layout.num} />
        </li>
      ))}
    </>
  );
}
