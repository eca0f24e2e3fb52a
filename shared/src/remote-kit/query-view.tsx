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

/** The part of an RTK Query infinite query result a "load more" list needs. */
export interface PagedQuery extends ListQuery {
  data?: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The first page's states of a paged list, for `QueryView`: once a page is shown, a later page
 * that fails is retried in place by {@link NextPage}, below the rows already shown.
 */
export function firstPage(query: PagedQuery): ListQuery {
  return { isLoading: query.isLoading, isError: query.isError && !query.data, refetch: query.refetch };
}

export interface NextPageProps {
  /** The remote's i18n namespace; it holds `list.loadFailed` and `list.retry`. */
  ns: string;
  query: PagedQuery;
  /** Label of the "load more" button. */
  moreLabel: string;
  /** A line above the button, e.g. "20 of 143 shown". */
  status?: string;
}

/** Under the rows of a paged list: the next page loading, its failure with a retry, and "load more". */
export function NextPage({ ns, query, moreLabel, status }: NextPageProps) {
  const { t } = useTranslation(ns);
  return (
    <div className="ds-next-page">
      {query.isFetchingNextPage ? <SkeletonList rows={3} /> : null}
      {query.isFetchNextPageError ? (
        <div className="ds-next-page__error" role="alert">
          <span>{t('list.loadFailed')}</span>
          <Button variant="secondary" onClick={() => query.fetchNextPage()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : null}
      {status ? (
        <p className="ds-next-page__status" role="status">
          {status}
        </p>
      ) : null}
      {query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError ? (
        <Button variant="secondary" block onClick={() => query.fetchNextPage()}>
          {moreLabel}
        </Button>
      ) : null}
    </div>
  );
}
