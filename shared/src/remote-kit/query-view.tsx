import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// Precise modules, not the shared/ui barrel: the barrel also holds Money (decimal.js).
import { Button } from '../ui/button';
import { EmptyState, type EmptyStateProps } from '../ui/empty-state';
import { SkeletonList } from '../ui/skeleton';
import './remote-kit.css';

/** The part of an RTK Query result a list needs. */
export interface ListQuery {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface QueryViewProps {
  /** The remote's i18n namespace; it holds `list.loadFailed` and `list.retry`. */
  ns: string;
  query: ListQuery;
  count: number;
  empty: EmptyStateProps;
  children: ReactNode;
}

/** Loading skeleton, error with retry, empty state (why + next action) or the list. */
export function QueryView({ ns, query, count, empty, children }: QueryViewProps) {
  const { t } = useTranslation(ns);
  if (query.isLoading) return <SkeletonList rows={4} />;
  if (query.isError) {
    return (
      <div className="ds-query-error" role="alert">
        <p className="ds-query-error__text">{t('list.loadFailed')}</p>
        <Button variant="secondary" onClick={() => query.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (count === 0) return <EmptyState {...empty} />;
  return <>{children}</>;
}
