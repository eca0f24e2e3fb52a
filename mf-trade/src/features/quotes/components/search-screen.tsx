import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, Field, PageFrame, PriceChange, SkeletonList } from 'shared/ui';
import { formatMoney } from 'shared/money';
import type { Quote } from 'shared/contract';
import { useHost, useRemoteTranslation } from '#lib';
import { useSearchStocksQuery } from '../api/search-stocks';
import styles from './search-screen.module.css';

/** Wait after the last keystroke before searching (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchScreenProps {
  /** The add-to-watchlist control of a result, composed in by src/app (features/watchlist). */
  watchControl?: (quote: Quote) => ReactNode;
}

/** /quotes/search: debounced search by code or by a name in any of the three languages. */
export function SearchScreen({ watchControl }: SearchScreenProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const result = useSearchStocksQuery({ q: query, lang: host.getSession().language }, { skip: query === '' });
  const list = result.data?.list ?? [];

  let body: ReactNode;
  if (!query) body = <EmptyState title={t('quotes.searchIdle.title')} hint={t('quotes.searchIdle.hint')} />;
  else if (result.isFetching && list.length === 0) body = <SkeletonList rows={3} />;
  else if (result.isError)
    body = (
      <p className={styles.error} role="alert">
        {t('quotes.searchFailed')}
      </p>
    );
  else if (list.length === 0) {
    body = (
      <EmptyState
        title={t('quotes.noResults.title', { query })}
        hint={t('quotes.noResults.hint')}
        action={{ label: t('quotes.browse'), to: '/home/home' }}
      />
    );
  } else {
    body = (
      <ul className={styles.list} aria-label={t('quotes.results', { query })}>
        {list.map((q) => (
          <li key={`${q.market}:${q.code}`} className={styles.item}>
            <Link className={styles.link} to={`/quotes/info?code=${encodeURIComponent(q.code)}&market=${q.market}`}>
              <span className={styles.nameCell}>
                <span className={styles.name}>{q.name}</span>
                <span className={styles.code}>
                  {q.code} · {t(`market.${q.market}`)}
                </span>
              </span>
              <span className={styles.figures}>
                <span className={styles.price}>{formatMoney(q.price)}</span>
                <PriceChange value={q.change_ratio} percent />
              </span>
            </Link>
            {watchControl ? <span className={styles.watch}>{watchControl(q)}</span> : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PageFrame title={t('quotes.searchTitle')} simulated={result.data?.simulated}>
      <form
        className={styles.form}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(text.trim());
        }}
      >
        <Field
          label={t('quotes.searchLabel')}
          type="search"
          inputMode="search"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={32}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
      <div aria-live="polite">{body}</div>
    </PageFrame>
  );
}
