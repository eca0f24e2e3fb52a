import { useState } from 'react';
import { EmptyState, PageFrame } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import styles from './watchlist-screen.module.css';

/** /quotes/self: the watchlist with an Edit / Done toggle (spec §2). */
export function WatchlistScreen() {
  const { t } = useRemoteTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <PageFrame
      title={t('watchlist.title')}
      actions={
        <button type="button" className={styles.toggle} aria-pressed={editing} onClick={() => setEditing((v) => !v)}>
          {editing ? t('watchlist.done') : t('watchlist.edit')}
        </button>
      }
    >
      {editing ? <p className={styles.note} role="note">{t('watchlist.editHint')}</p> : null}
      <EmptyState
        title={t('watchlist.empty.title')}
        hint={t('watchlist.empty.hint')}
        action={{ label: t('watchlist.empty.action'), to: '/home/home' }}
      />
    </PageFrame>
  );
}
