import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame, PriceChange } from 'shared/ui';
import type { Quote, WatchGroup } from 'shared/contract';
import type { Market } from 'shared/mf';
import { QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetWatchlistQuery } from '../api/get-watchlist';
import { useRemoveFromWatchlistMutation } from '../api/remove-from-watchlist';
import { useGetWatchGroupsQuery } from '../api/watch-groups';
import { GroupChips, type GroupFilter } from './group-chips';
import { ManageGroupsSheet } from './manage-groups-sheet';
import { WatchEditControls } from './watch-edit-controls';
import type { MarketLive } from '#lib/live';
import styles from './watchlist-screen.module.css';

const codesOf = (list: readonly Quote[], market: Market) => list.filter((q) => q.market === market).map((q) => q.code);
const keyOf = (q: { market: string; code: string }) => `${q.market}:${q.code.toUpperCase()}`;

interface Placed<Q> {
  quote: Q;
  groupId: number;
  first: boolean;
  last: boolean;
}

/** The watchlist in the server's group order (default group first), filtered to one group unless `all`. */
function arrange<Q extends Quote>(list: readonly Q[], groups: readonly WatchGroup[], filter: GroupFilter): Placed<Q>[] {
  if (groups.length === 0) return list.map((quote, i) => ({ quote, groupId: 0, first: i === 0, last: false }));
  const byKey = new Map(list.map((q) => [keyOf(q), q]));
  const placed: Placed<Q>[] = [];
  const seen = new Set<string>();
  for (const group of groups) {
    const items = group.items.filter((item) => byKey.has(keyOf(item)));
    items.forEach((item, i) => {
      seen.add(keyOf(item));
      if (filter === 'all' || filter === group.id)
        placed.push({
          quote: byKey.get(keyOf(item))!,
          groupId: group.id,
          first: i === 0,
          last: i === items.length - 1,
        });
    });
  }
  // A stock added since the groups were read shows in the default group until they are read again.
  if (filter === 'all' || filter === 0)
    for (const q of list) if (!seen.has(keyOf(q))) placed.push({ quote: q, groupId: 0, first: true, last: true });
  return placed;
}

/**
 * /quotes/self: the watchlist with live prices, by group (chips; Groups… manages them); Edit shows per stock its
 * group, up/down within the group and remove, Done ends it (spec §2; decision 0022).
 */
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
  const { removing, removeItem } = useRemoving();
  const groupsQuery = useGetWatchGroupsQuery({ lang: host.getSession().language });
  const groups = groupsQuery.data?.groups ?? [];
  const [filter, setFilter] = useState<GroupFilter>('all');
  const [managing, setManaging] = useState(false);
  const shownFilter = filter === 'all' || groups.some((g) => g.id === filter) ? filter : 'all';
  const placed = arrange(list, groups, shownFilter);

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
      {list.length > 0 ? (
        <GroupChips groups={groups} selected={shownFilter} onSelect={setFilter} onManage={() => setManaging(true)} />
      ) : null}
      {managing ? <ManageGroupsSheet groups={groups} onClose={() => setManaging(false)} /> : null}
      {list.length > 0 && placed.length === 0 ? <p className={styles.note}>{t('watchGroups.emptyGroup')}</p> : null}
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
          {placed.map(({ quote: item, groupId, first, last }) => {
            const id = `${item.market}:${item.code}`;
            return (
              <WatchItem
                key={id}
                item={item}
                quote={streamed[item.market][item.code.toUpperCase()] ?? item}
                place={{ groupId, first, last }}
                groups={groups}
                editing={editing}
                removing={removing === id}
                live={live}
                onRemove={() => void removeItem(item)}
              />
            );
          })}
        </ul>
      </QueryView>
    </PageFrame>
  );
}

/** Removing a stock from the watchlist: the one being removed (its Remove disabled meanwhile). */
function useRemoving() {
  const [remove] = useRemoveFromWatchlistMutation();
  const [removing, setRemoving] = useState<string | undefined>();
  const removeItem = async (item: Pick<Quote, 'code' | 'market'>) => {
    setRemoving(`${item.market}:${item.code}`);
    try {
      await remove({ code: item.code, market: item.market });
    } finally {
      setRemoving(undefined);
    }
  };
  return { removing, removeItem };
}

interface WatchItemProps {
  /** The watchlist's entry, and the quote shown for it (the streamed one when there is one). */
  item: Quote;
  quote: Quote;
  /** Its group and whether it is the first or last of it (the up/down controls). */
  place: Omit<Placed<Quote>, 'quote'>;
  groups: readonly WatchGroup[];
  editing: boolean;
  removing: boolean;
  live: MarketLive;
  onRemove: () => void;
}

/** One stock of the watchlist: its row to the stock page, and while editing its group controls and Remove. */
function WatchItem({ item, quote, place, groups, editing, removing, live, onRemove }: WatchItemProps) {
  const { t } = useRemoteTranslation();
  return (
    <li className={editing ? `${styles.item} ${styles.editing}` : styles.item}>
      <Link className={styles.row} to={`/quotes/info?code=${encodeURIComponent(quote.code)}&market=${quote.market}`}>
        <span className={styles.nameCell}>
          <span className={styles.name}>{quote.name}</span>
          <span className={styles.code}>
            {quote.code} · {t(`market.${quote.market}`)}
          </span>
        </span>
        <live.Price value={quote.price} className={styles.num} />
        <PriceChange value={quote.change_ratio} percent className={styles.num} />
      </Link>
      {editing ? (
        <WatchEditControls
          market={item.market}
          code={item.code}
          name={quote.name}
          groups={groups}
          groupId={place.groupId}
          first={place.first}
          last={place.last}
        />
      ) : null}
      {editing ? (
        <button
          type="button"
          className={styles.remove}
          aria-label={t('watchlist.removeNamed', { name: quote.name })}
          disabled={removing}
          onClick={onRemove}
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
}
