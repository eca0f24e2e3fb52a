import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SegmentedControl, SkeletonList } from 'shared/ui';
import {
  adminStyles,
  DataTable,
  FieldValue,
  NoticeLine,
  Pager,
  QUEUES,
  QUEUE_FILTERS,
  pageSizeOf,
  screenStyles,
  useAdminAccess,
  useGetAdminListQuery,
  useFieldColumns,
  useRemoteTranslation,
  wireStatusOf,
  type QueueFilter,
  type QueueId,
  type Notice,
} from '#lib';
import { QUEUE_FIELDS } from '../model/queue-fields';
import { ReviewPane } from './review-pane';
import styles from './queues.module.css';

const filterOf = (value: string | null): QueueFilter =>
  QUEUE_FILTERS.includes(value as QueueFilter) ? (value as QueueFilter) : 'pending';

/** The address's parameters, and a patch of them (null deletes one) that replaces the history entry. */
function useAddress() {
  const [params, setParams] = useSearchParams();
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return [params, update] as const;
}

/** The queue's title and its status filter. */
function QueueHead(props: { title: string; filter: QueueFilter; onFilter: (value: QueueFilter) => void }) {
  const { t } = useRemoteTranslation();
  return (
    <header className={screenStyles.head}>
      <h1 className={adminStyles.heading}>{props.title}</h1>
      <div className={styles.filter}>
        <SegmentedControl
          label={t('filter.label')}
          options={QUEUE_FILTERS.map((value) => ({ value, label: t(`filter.${value}`) }))}
          value={props.filter}
          onChange={props.onFilter}
        />
      </div>
    </header>
  );
}

/**
 * One review queue (deposits, identity checks, withdrawals, loans, block-trade and day-trade applications): the
 * status filter and page in the address (`?status=&page=&id=`), the table, and the selected row's detail pane with
 * its decision. What the queue shows comes from QUEUE_FIELDS; what the operator may do from /admin/me.
 */
export function QueueScreen({ queue: id }: { queue: QueueId }) {
  const { t } = useRemoteTranslation();
  const access = useAdminAccess();
  const [params, update] = useAddress();
  const [notice, setNotice] = useState<Notice | null>(null);
  const queue = QUEUES[id];
  const fields = QUEUE_FIELDS[id];
  const columns = useFieldColumns(fields.columns, (row: Record<string, unknown>, spec) => (
    <FieldValue row={row} spec={spec} />
  ));
  const filter = filterOf(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selectedId = params.get('id');
  const { data, isLoading, isError, refetch } = useGetAdminListQuery({
    name: queue.list,
    status: wireStatusOf(queue, filter),
    page,
  });
  const rows = data?.list ?? [];
  const selected = rows.find((row) => String(row.id) === selectedId);
  const mayReview = access.state === 'ok' && access.may(queue.review);
  const own =
    !!selected && !!fields.requesterKey && access.state === 'ok' && access.me.account === selected[fields.requesterKey];

  const title = t(`queue.${id}.title`);
  return (
    <div className={screenStyles.screen} data-queue={id}>
      <QueueHead title={title} filter={filter} onFilter={(value) => update({ status: value, page: null, id: null })} />
      {notice ? <NoticeLine notice={notice} /> : null}
      <div className={screenStyles.split}>
        <section className={adminStyles.panel} aria-label={title}>
          {isLoading ? <SkeletonList rows={5} /> : null}
          {isError ? (
            <div className={adminStyles.empty} role="alert">
              <p>{t('table.failed')}</p>
              <button type="button" className="ds-button ds-button--secondary" onClick={() => void refetch()}>
                {t('frame.retry')}
              </button>
            </div>
          ) : null}
          {data && rows.length === 0 ? <p className={adminStyles.empty}>{t(`table.empty.${filter}`)}</p> : null}
          {rows.length > 0 ? (
            <DataTable
              caption={title}
              columns={columns}
              rows={rows}
              rowKey={(row) => String(row.id)}
              selectedKey={selectedId}
              wrap={fields.wrapCells}
              onSelect={(rowId) => update({ id: rowId })}
            />
          ) : null}
          {data ? (
            <Pager
              page={page}
              total={data.total}
              pageSize={pageSizeOf(queue)}
              onPage={(next) => update({ page: String(next), id: null })}
            />
          ) : null}
        </section>
        <aside className={screenStyles.side}>
          {selected ? (
            <ReviewPane
              key={String(selected.id)}
              queue={queue}
              fields={fields}
              row={selected}
              mayReview={mayReview}
              own={own}
              onNotice={setNotice}
            />
          ) : (
            <p className={styles.choose}>{t('detail.choose')}</p>
          )}
        </aside>
      </div>
    </div>
  );
}
