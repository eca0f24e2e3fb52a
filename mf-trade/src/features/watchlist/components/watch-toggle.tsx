import type { Market } from 'shared/mf';
import { useHost, useRemoteTranslation } from '#lib';
import { useGetWatchlistQuery } from '../api/get-watchlist';
import { useAddToWatchlistMutation } from '../api/add-to-watchlist';
import { useRemoveFromWatchlistMutation } from '../api/remove-from-watchlist';
import styles from './watch-toggle.module.css';

export interface WatchToggleProps {
  code: string;
  market: Market;
  /** The stock's name, for the button's accessible name. */
  name: string;
  /** `icon` is a star only (lists); `full` shows the text too (detail header). */
  variant?: 'icon' | 'full';
}

/** Adds or removes a stock from the watchlist; the state comes from the watchlist itself. */
export function WatchToggle({ code, market, name, variant = 'icon' }: WatchToggleProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const watchlist = useGetWatchlistQuery({ lang: host.getSession().language });
  const [add, adding] = useAddToWatchlistMutation();
  const [remove, removing] = useRemoveFromWatchlistMutation();
  const watched = !!watchlist.data?.list.some(
    (q) => q.market === market && q.code.toUpperCase() === code.toUpperCase(),
  );
  const busy = watchlist.isLoading || adding.isLoading || removing.isLoading || watchlist.isFetching;
  const label = watched ? t('watchlist.removeNamed', { name }) : t('watchlist.addNamed', { name });
  return (
    <button
      type="button"
      className={variant === 'full' ? styles.full : styles.icon}
      aria-pressed={watched}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void (watched ? remove({ code, market }) : add({ code, market }))}
    >
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill={watched ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.8l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" />
      </svg>
      {variant === 'full' ? (
        <span aria-hidden="true">{watched ? t('watchlist.watching') : t('watchlist.watch')}</span>
      ) : null}
    </button>
  );
}
