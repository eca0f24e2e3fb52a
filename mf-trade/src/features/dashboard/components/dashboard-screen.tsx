import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageFrame, PriceChange, SegmentedControl, Skeleton, SkeletonList, Tabs, tabPanelId } from 'shared/ui';
import type { Quote } from 'shared/contract';
import { baseApi } from 'shared/api';
import type { Market } from 'shared/mf';
import { useHost, useRemoteTranslation } from '#lib';
import { useGetMarketMoversQuery } from '../api/get-market-movers';
import { useGetInboxUnreadQuery } from '../api/get-unread';
import type { MarketLive } from '#lib/live';
import { DashboardIcon, type DashboardIconName } from './dashboard-icons';
import { PasskeyNudge } from './passkey-nudge';
import { TotalAssetsCard } from './total-assets-card';
import styles from './dashboard-screen.module.css';

/** The home dashboard's entry tiles (spec §2 "Screens by function"), each a route of its owner. */
const ENTRIES = [
  { key: 'newShare', to: '/home/newShare' },
  { key: 'blockTrade', to: '/home/large' },
  { key: 'copyTrading', to: '/home/qcList' },
  { key: 'dayTrading', to: '/home/withinDays' },
  { key: 'deposit', to: '/mine/stored' },
  { key: 'withdraw', to: '/mine/withdraw' },
  { key: 'exchange', to: '/mine/exchange' },
  { key: 'loan', to: '/mine/loan' },
] as const satisfies readonly { key: DashboardIconName; to: string }[];

const MARKETS: readonly Market[] = ['jpy', 'usd', 'cny'];
const MOVERS = 5;
const detailPath = (q: Quote) => `/quotes/info?code=${encodeURIComponent(q.code)}&market=${q.market}`;

/**
 * /home/index: the account's total assets, the three markets' main indices, the top movers of one
 * market, and the entry tiles.
 */
export function DashboardScreen({ live }: { live: MarketLive }) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const session = host.getSession();
  const [market, setMarket] = useState<Market>(MARKETS.includes(session.market) ? session.market : 'jpy');
  const [direction, setDirection] = useState<'desc' | 'asc'>('desc');
  const { mode } = live.useQuotes(market, []);
  const polling = { pollingInterval: mode === 'polling' ? live.pollMs : 0, skipPollingIfUnfocused: true };
  const lang = session.language;
  // Gainers of each market also carry its index: one call per market serves both sections.
  const jp = useGetMarketMoversQuery({ market: 'jpy', order: 'desc', size: MOVERS, lang }, polling);
  const us = useGetMarketMoversQuery({ market: 'usd', order: 'desc', size: MOVERS, lang }, polling);
  const cn = useGetMarketMoversQuery({ market: 'cny', order: 'desc', size: MOVERS, lang }, polling);
  const losers = useGetMarketMoversQuery(
    { market, order: 'asc', size: MOVERS, lang },
    { ...polling, skip: direction !== 'asc' },
  );
  const byMarket = { jpy: jp, usd: us, cny: cn };
  const movers = direction === 'desc' ? byMarket[market] : losers;
  const simulated = [jp, us, cn].some((q) => q.data?.simulated);
  const unread = useUnread(live);

  return (
    <PageFrame
      title={t('dashboard.title')}
      back={false}
      simulated={simulated}
      actions={<InboxButton unread={unread} onOpen={() => host.openPanel()} />}
    >
      <TotalAssetsCard />
      {session.token && session.account ? <PasskeyNudge account={session.account} /> : null}
      <IndicesSection byMarket={byMarket} live={live} />
      <EntryTiles />
      <section className={styles.section} aria-labelledby="tr-dashboard-movers">
        <div className={styles.headingRow}>
          <h2 id="tr-dashboard-movers" className={styles.heading}>
            {t('dashboard.topMovers')}
          </h2>
          <Link className={styles.more} to="/home/home">
            {t('dashboard.allQuotes')}
          </Link>
        </div>
        <Tabs
          items={MARKETS.map((key) => ({ key, label: t(`market.${key}`) }))}
          value={market}
          onChange={setMarket}
          label={t('dashboard.moversMarket')}
          idPrefix="tr-movers"
        />
        <div
          role="tabpanel"
          id={tabPanelId('tr-movers', market)}
          aria-labelledby={`tr-movers-tab-${market}`}
          className={styles.panel}
        >
          <SegmentedControl
            label={t('dashboard.moversDirection')}
            value={direction}
            onChange={setDirection}
            options={[
              { value: 'desc', label: t('dashboard.gainers') },
              { value: 'asc', label: t('dashboard.losers') },
            ]}
          />
          <MoversBody movers={movers} live={live} direction={direction} />
        </div>
      </section>
    </PageFrame>
  );
}

function IndexCard({
  market,
  quote,
  failed,
  live,
}: {
  market: Market;
  quote: Quote | undefined;
  failed: boolean;
  live: MarketLive;
}) {
  const { t } = useRemoteTranslation();
  const { quotes } = live.useQuotes(market, quote ? [quote.code] : []);
  const q = quote ? (quotes[quote.code.toUpperCase()] ?? quote) : undefined;
  return (
    <li className={styles.indexCard}>
      <span className={styles.indexMarket}>{t(`market.${market}`)}</span>
      {q ? (
        <>
          <span className={styles.indexName}>{q.name}</span>
          <live.Price value={q.price} className={styles.indexPrice} />
          <PriceChange value={q.change_ratio} percent className={styles.indexChange} />
          <span className={styles.indexStatus}>{t(`dashboard.status.${q.status}`)}</span>
        </>
      ) : failed ? (
        <span className={styles.note}>{t('list.loadFailed')}</span>
      ) : (
        <span aria-hidden="true" className={styles.indexSkeleton}>
          <Skeleton width="80%" />
          <Skeleton width="60%" height="20px" />
          <Skeleton width="40%" />
        </span>
      )}
    </li>
  );
}

function MoverList({ quotes, live, label }: { quotes: Quote[]; live: MarketLive; label: string }) {
  const { t } = useRemoteTranslation();
  const market = quotes[0]?.market ?? 'jpy';
  const { quotes: streamed } = live.useQuotes(
    market,
    quotes.map((q) => q.code),
  );
  if (quotes.length === 0) return <p className={styles.note}>{t('dashboard.noMovers')}</p>;
  return (
    <ol className={styles.movers} aria-label={label}>
      {quotes.map((item) => {
        const q = streamed[item.code.toUpperCase()] ?? item;
        return (
          <li key={q.code}>
            <Link className={styles.mover} to={detailPath(q)}>
              <span className={styles.moverName}>
                <span className={styles.name}>{q.name}</span>
                <span className={styles.code}>{q.code}</span>
              </span>
              <live.Price value={q.price} className={styles.num} />
              <PriceChange value={q.change_ratio} percent className={styles.num} />
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The inbox count: fetched once, then as the stream pushes it (a message arrived or was read). A pushed count means
 * the server wrote to the inbox (a review decided, a draw, a redemption); each may move money, so the total assets
 * refetch (the card stayed at its old total until a reload).
 */
function useUnread(live: MarketLive): number {
  const host = useHost();
  const fetchedUnread = useGetInboxUnreadQuery(undefined, { refetchOnMountOrArgChange: true }).data?.unread;
  const pushedUnread = live.useInboxUnread();
  useEffect(() => {
    if (pushedUnread !== undefined) host.store.dispatch(baseApi.util.invalidateTags(['Assets', 'Funds']));
  }, [pushedUnread, host]);
  return pushedUnread ?? fetchedUnread ?? 0;
}

/** The avatar that opens the host's panel, with the inbox's unread count. */
function InboxButton({ unread, onOpen }: { unread: number; onOpen: () => void }) {
  const { t } = useRemoteTranslation();
  return (
    <button
      type="button"
      className={styles.avatar}
      aria-label={unread ? t('dashboard.openPanelUnread', { count: unread }) : t('dashboard.openPanel')}
      onClick={onOpen}
    >
      <DashboardIcon name="user" />
      {unread ? (
        <span className={styles.badge} aria-hidden="true" data-testid="inbox-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}

/** The three markets' main indices (from each market's gainers call). */
function IndicesSection({ byMarket, live }: { byMarket: Record<Market, MoversQuery>; live: MarketLive }) {
  const { t } = useRemoteTranslation();
  return (
    <section aria-labelledby="tr-dashboard-indices">
      <h2 id="tr-dashboard-indices" className={styles.heading}>
        {t('dashboard.indices')}
      </h2>
      <ul className={styles.indices}>
        {MARKETS.map((m) => (
          <IndexCard key={m} market={m} quote={byMarket[m].data?.index} failed={byMarket[m].isError} live={live} />
        ))}
      </ul>
    </section>
  );
}

/** The entry tiles. */
function EntryTiles() {
  const { t } = useRemoteTranslation();
  return (
    <nav aria-label={t('dashboard.entries')}>
      <ul className={styles.tiles}>
        {ENTRIES.map((entry) => (
          <li key={entry.key}>
            <Link className={styles.tile} to={entry.to}>
              <span className={styles.glyph} aria-hidden="true">
                <DashboardIcon name={entry.key} />
              </span>
              <span className={styles.label}>{t(`dashboard.entry.${entry.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The movers of the tab: loading, failed, or the list. */
function MoversBody({ movers, live, direction }: { movers: MoversQuery; live: MarketLive; direction: 'desc' | 'asc' }) {
  const { t } = useRemoteTranslation();
  return movers.isLoading || (movers.isFetching && !movers.data) ? (
    <SkeletonList rows={MOVERS} lines={1} />
  ) : movers.isError ? (
    <p className={styles.note} role="alert">
      {t('list.loadFailed')}
    </p>
  ) : (
    <MoverList
      quotes={movers.data?.list ?? []}
      live={live}
      label={direction === 'desc' ? t('dashboard.gainers') : t('dashboard.losers')}
    />
  );
}

type MoversQuery = ReturnType<typeof useGetMarketMoversQuery>;
