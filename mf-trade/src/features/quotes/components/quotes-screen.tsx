import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame, PriceChange, SkeletonList, Tabs, tabPanelId } from 'shared/ui';
import type { ListSort, Quote } from 'shared/contract';
import type { Market } from 'shared/mf';
import { NextPage, QueryView, firstPage } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetStockListInfiniteQuery } from '../api/get-stock-list';
import { MARKET_TABS, initialMarket } from '../model/markets';
import type { MarketLive } from '#lib/live';
import { QuoteRow } from './quote-row';
import styles from './quotes-screen.module.css';

const PANELS = 'tr-quotes';
export const QUOTES_PAGE_SIZE = 20;
type SortKey = Extract<ListSort, 'code' | 'price' | 'change_ratio'>;
interface SortState {
  sort: SortKey;
  order: 'asc' | 'desc';
}
const SORT_KEYS: readonly string[] = ['code', 'price', 'change_ratio'];

/** The sort kept in the address (`?sort=price&order=desc`), so Back from a stock restores it; code ascending else. */
export function sortFromParams(params: URLSearchParams): SortState {
  const key = params.get('sort') ?? '';
  const order = params.get('order');
  if (!SORT_KEYS.includes(key)) return { sort: 'code', order: 'asc' };
  return { sort: key as SortKey, order: order === 'desc' ? 'desc' : 'asc' };
}

/** /home/home: quotes by market (Japan, US, China) with live prices, sorting and "load more". */
export function QuotesScreen({ live }: { live: MarketLive }) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const language = host.getSession().language;
  const [market, setMarket] = useState<Market>(() => initialMarket(host.getSession().market));
  const [sort, sortBy] = useSortParams();
  const { mode } = live.useQuotes(market, []);
  const polling = mode === 'polling' ? live.pollMs : 0;
  // One infinite query per market and sort; "load more" fetches its next page.
  const pages = useGetStockListInfiniteQuery(
    { market, ...sort, size: QUOTES_PAGE_SIZE, lang: language },
    { pollingInterval: polling, skipPollingIfUnfocused: true },
  );
  const first = pages.data?.pages[0];
  const total = first?.total ?? 0;
  const index = first?.index;
  const rows = pages.currentData?.pages.flatMap((page) => page.list);
  const shown = rows?.length ?? 0;
  // A failed next page keeps the rows loaded so far, with its own retry below them.

  const choose = (next: Market) => {
    setMarket(next);
    host.setSession({ market: next });
  };
  const marketName = t(`market.${market}`);

  return (
    <PageFrame title={t('quotes.title')} back={false} simulated={first?.simulated} actions={<QuotesActions />}>
      <Tabs
        items={MARKET_TABS.map((key) => ({ key, label: t(`market.${key}`) }))}
        value={market}
        onChange={choose}
        label={t('quotes.markets')}
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, market)} aria-labelledby={`${PANELS}-tab-${market}`}>
        {index ? <IndexLine quote={index} live={live} /> : null}
        {index ? (
          <live.StatusNote status={index.status} nextOpen={index.next_open} clock={index.market} market={marketName} />
        ) : null}
        <SortHeader sort={sort} onSort={sortBy} />
        <QueryView
          ns={NAMESPACE}
          query={firstPage(pages)}
          count={first?.list.length ?? 0}
          empty={{
            title: t('quotes.empty.title'),
            hint: t('quotes.empty.hint', { market: marketName }),
            action: { label: t('quotes.empty.action'), to: '/quotes/search' },
          }}
        >
          <ul className={styles.list} aria-label={t('quotes.listLabel', { market: marketName })}>
            {rows ? <QuoteRows market={market} rows={rows} live={live} sort={sort} /> : null}
            {rows ? null : (
              <li>
                <SkeletonList rows={4} />
              </li>
            )}
          </ul>
          <NextPage
            ns={NAMESPACE}
            query={pages}
            moreLabel={t('quotes.loadMore')}
            status={t('quotes.shown', { shown, total })}
          />
        </QueryView>
      </div>
    </PageFrame>
  );
}

/**
 * The loaded rows with their streamed prices (one subscription for every row loaded). Sorted by price
 * or change, the loaded rows keep that order as prices move (the server chose which rows are loaded;
 * the order on screen follows the live figures, as a broker's quote list does).
 */
function QuoteRows({
  market,
  rows,
  live,
  sort,
}: {
  market: Market;
  rows: readonly Quote[];
  live: MarketLive;
  sort: SortState;
}) {
  const { quotes } = live.useQuotes(
    market,
    rows.map((q) => q.code),
  );
  const shown = rows.map((q) => quotes[q.code.toUpperCase()] ?? q);
  if (sort.sort !== 'code') {
    const key = sort.sort;
    const sign = sort.order === 'asc' ? 1 : -1;
    // Decimal strings of a quote list compare exactly enough as numbers for ordering.
    shown.sort((a, b) => sign * (Number(a[key]) - Number(b[key])));
  }
  return (
    <>
      {shown.map((q) => (
        <QuoteRow key={q.code} quote={q} live={live} />
      ))}
    </>
  );
}

/** The market's main index above the list (Nikkei 225, S&P 500, SSE Composite). */
function IndexLine({ quote, live }: { quote: Quote; live: MarketLive }) {
  const { quotes } = live.useQuotes(quote.market, [quote.code]);
  const q = quotes[quote.code.toUpperCase()] ?? quote;
  return (
    <div className={styles.index}>
      <span className={styles.indexName}>{q.name}</span>
      <live.Price value={q.price} className={styles.indexPrice} />
      <PriceChange value={q.change_ratio} percent />
    </div>
  );
}

/** The list's sort, kept in the address (?sort=&order=): tapping the sorted column reverses it. */
function useSortParams(): [SortState, (key: SortKey) => void] {
  const [params, setParams] = useSearchParams();
  const sort = sortFromParams(params);
  const sortBy = (key: SortKey) => {
    const next: SortState =
      sort.sort === key
        ? { sort: key, order: sort.order === 'asc' ? 'desc' : 'asc' }
        : { sort: key, order: key === 'code' ? 'asc' : 'desc' };
    setParams(
      (prev) => {
        const search = new URLSearchParams(prev);
        search.set('sort', next.sort);
        search.set('order', next.order);
        return search;
      },
      { replace: true },
    );
  };
  return [sort, sortBy];
}

/** The screen's actions: search and the watchlist. */
function QuotesActions() {
  const { t } = useRemoteTranslation();
  return (
    <>
      <Link className={styles.action} to="/quotes/search" aria-label={t('quotes.searchAction')}>
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="6.5" />
          <path d="M16 16l4.5 4.5" />
        </svg>
      </Link>
      <Link className={styles.action} to="/quotes/self" aria-label={t('quotes.watchlistAction')}>
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.8l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" />
        </svg>
      </Link>
    </>
  );
}

/** The sortable columns, in the order they stand (the name column first, then the figures). */
const SORT_COLUMNS = [
  { key: 'code', label: 'quotes.column.name' },
  { key: 'price', label: 'quotes.column.price' },
  { key: 'change_ratio', label: 'quotes.column.change' },
] as const satisfies ReadonlyArray<{ key: SortKey; label: string }>;

/** The column heads as sort buttons, the sorted one marked with its order. */
function SortHeader({ sort, onSort }: { sort: SortState; onSort: (key: SortKey) => void }) {
  const { t } = useRemoteTranslation();
  const sortMark = (key: SortKey) =>
    sort.sort === key ? (
      <>
        <span aria-hidden="true">{sort.order === 'asc' ? '▲' : '▼'}</span>
        <span className="ds-visually-hidden">{t(`quotes.sorted.${sort.order}`)}</span>
      </>
    ) : null;
  return (
    <div className={styles.header} role="group" aria-label={t('quotes.sortBy')}>
      {SORT_COLUMNS.map(({ key, label }) => (
        <button
          key={key}
          type="button"
          className={key === 'code' ? styles.sortButton : `${styles.sortButton} ${styles.numHead}`}
          aria-pressed={sort.sort === key}
          onClick={() => onSort(key)}
        >
          {t(label)} {sortMark(key)}
        </button>
      ))}
    </div>
  );
}
