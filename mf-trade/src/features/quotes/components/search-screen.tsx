import { useState } from 'react';
import { EmptyState, Field, PageFrame } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import styles from './search-screen.module.css';

/** /quotes/search: search by code or name; results arrive with the market-data release. */
export function SearchScreen() {
  const { t } = useRemoteTranslation();
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  return (
    <PageFrame title={t('search.title')}>
      <form className={styles.form} role="search" onSubmit={(e) => e.preventDefault()}>
        <Field
          label={t('search.label')}
          type="search"
          inputMode="search"
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      {trimmed ? (
        <EmptyState
          title={t('search.noResults.title', { query: trimmed })}
          hint={t('search.noResults.hint')}
          action={{ label: t('search.browse'), to: '/home/home' }}
        />
      ) : (
        <EmptyState title={t('search.idle.title')} hint={t('search.idle.hint')} />
      )}
    </PageFrame>
  );
}
