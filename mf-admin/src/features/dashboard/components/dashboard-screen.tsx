import { Link } from 'react-router';
import { Skeleton } from 'shared/ui';
import {
  adminStyles,
  QUEUES,
  QUEUE_IDS,
  useAdminAccess,
  useGetAdminListQuery,
  useRemoteTranslation,
  wireStatusOf,
  type QueueId,
} from '#lib';
import styles from './dashboard.module.css';

/** One queue's pending count (its list's `total` with status pending), linking to the queue. */
function QueueCount({ id }: { id: QueueId }) {
  const { t } = useRemoteTranslation();
  const queue = QUEUES[id];
  const { data, isError } = useGetAdminListQuery({ name: queue.list, status: wireStatusOf(queue, 'pending'), page: 1 });
  const title = t(`queue.${id}.title`);
  return (
    <li>
      <Link className={styles.card} to={`${queue.path}?status=pending`} data-queue={id}>
        <span className={styles.label}>{title}</span>
        {data ? (
          <span className={styles.count} aria-label={t('dashboard.pendingCount', { count: data.total })}>
            {data.total}
          </span>
        ) : isError ? (
          <span className={styles.failed}>{t('dashboard.countFailed')}</span>
        ) : (
          <Skeleton width="48px" height="32px" />
        )}
        <span className={styles.hint}>{t('dashboard.pending')}</span>
      </Link>
    </li>
  );
}

/** /admin/index: the pending count of every queue the operator's roles may read, each linking to its queue. */
export function DashboardScreen() {
  const { t } = useRemoteTranslation();
  const access = useAdminAccess();
  const ids = access.state === 'ok' ? QUEUE_IDS.filter((id) => access.may(QUEUES[id].list)) : [];
  return (
    <div>
      <h1 className={adminStyles.heading}>{t('dashboard.title')}</h1>
      <p className={styles.intro}>{t('dashboard.intro')}</p>
      <ul className={styles.grid}>
        {ids.map((id) => (
          <QueueCount key={id} id={id} />
        ))}
      </ul>
    </div>
  );
}
