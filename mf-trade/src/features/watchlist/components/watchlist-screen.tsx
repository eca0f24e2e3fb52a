import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame, PriceChange } from 'shared/ui';
import type { Quote } from 'shared/contract';
import type { Market } from 'shared/mf';
import { QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetWatchlistQuery } from '../api/get-watchlist';
import { useRemoveFromWatchlistMutation } from '../api/remove-from-watchlist';
import type { MarketLive } from '#lib/live';
import styles from './watchlist-screen.module.css';

const codesOf = (list: readonly Quote[], market: Market) => list.filter((q) => q.market === market).map((q) => q.code);

/** /quotes/self: the watchlist with live prices; Edit shows a remove button per stock, Done ends it (spec §2). */
export function WatchlistScreen({ live }: { live: MarketLive }) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [editing, setEditing] = useState(false);
  // The stream's mode (no codes): while it is down the watchlist is refetched every few seconds.
  const { mode } = live.useQuotes('jpy', []);
  const query = useGetWatchlistQuery(
    { lang: host.getSession().language },
    { pollingInterval: mode === 'polling' ? live.pollMs : 0, skipPollingIfUnfocused: true },
  );
  const list = query.data?.list ?? [];
  // One subscription per market (a fixed number of hooks).
  const jp = live.useQuotes('jpy', codesOf(list, 'jpy'));
  const us = live.useQuotes('usd', codesOf(list, 'usd'));
  const cn = live.useQuotes('cny', codesOf(list, 'cny'));
  const streamed = { jpy: jp.quotes, usd: us.quotes, cny: cn.quotes };
  const [remove] = useRemoveFromWatchlistMutation();
  const [removing, setRemoving] = useState<string | undefined>();

  return (
    <PageFrame
      title={t('watchlist.title')}
      simulated={query.data?.simulated}
      actions={
        list.length > 0 || editing ? (
          <button type="button" className={styles.toggle} onClick={() => setEditing((v) => !v)}>
            {editing ? t('watchlist.done') : t('watchlist.edit')}
          </button>
        ) : null
      }
    >
      {editing ? (
        <p className={styles.note} role="note">
          {t('watchlist.editHint')}
        </p>
      ) : null}
      <QueryView
        ns={NAMESPACE}
        query={query}
        count={list.length}
        empty={{
          title: t('watchlist.empty.title'),
          hint: t('watchlist.empty.hint'),
          action: { label: t('watchlist.empty.action'), to: '/quotes/search' },
        }}
      >
        <ul className={styles.list} aria-label={t('watchlist.title')}>
          {list.map((item) => {
            const q = streamed[item.market][item.code.toUpperCase()] ?? item;
            const id = `${item.market}:${item.code}`;
            return (
              <li key={id} className={styles.item}>
                <Link className={styles.row} to={`/quotes/info?code=${encodeURIComponent(q.code)}&market=${q.market}`}>
                  <span className={styles.nameCell}>
                    <span className={styles.name}>{q.name}</span>
                    <span className={styles.code}>
                      {q.code} · {t(`market.${q.market}`)}
                    </span>
                  </span>
                  <live.Price value={q.price} className={styles.num} />
                  <PriceChange value={q.change_ratio} percent className={styles.num} />
                </Link>
                {editing ? (
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={t('watchlist.removeNamed', { name: q.name })}
                    disabled={removing === id}
                    onClick={async () => {
                      setRemoving(id);
                      try {
                        await remove({ code: item.code, market: item.market });
                      } finally {
                        setRemoving(undefined);
                      }
                    }}
                  >
                    <svg
                      viewBox="0 0 24 24"
                      width="20"
                      height="20"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      aria-hidden="true"
                    >
                      <circle cx="12" cy="12" r="9" />
                      <path d="M8 12h8" />
                    </svg>
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </QueryView>
    </PageFrame>
  );
}
