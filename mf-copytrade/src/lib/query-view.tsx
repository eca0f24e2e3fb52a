import type { ReactNode } from 'react';
import { Button, EmptyState, SkeletonList, type EmptyStateProps } from 'shared/ui';
import { useRemoteTranslation } from './i18n';
import styles from './query-view.module.css';

/** The part of an RTK Query result a list needs. */
export interface ListQuery {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface QueryViewProps {
  query: ListQuery;
  count: number;
  empty: EmptyStateProps;
  children: ReactNode;
}

/** Loading skeleton, error with retry, empty state (why + next action) or the list. */
export function QueryView({ query, count, empty, children }: QueryViewProps) {
  const { t } = useRemoteTranslation();
  if (query.isLoading) return <SkeletonList rows={4} />;
  if (query.isError) {
    return (
      <div className={styles.error} role="alert">
        <p className={styles.text}>{t('list.loadFailed')}</p>
        <Button variant="secondary" onClick={() => query.refetch()}>{t('list.retry')}</Button>
      </div>
    );
  }
  if (count === 0) return <EmptyState {...empty} />;
  return <>{children}</>;
}
