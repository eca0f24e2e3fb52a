import { memo, startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  EmptyState,
  PageFrame,
  PriceChange,
  SegmentedControl,
  Skeleton,
  SkeletonList,
  Tabs,
  tabPanelId,
  Button,
  CompactAmount,
} from 'shared/ui';
import { formatMoney } from 'shared/money';
import { ENDPOINTS, type Quote } from 'shared/contract';
import type { Language } from 'shared/mf';
import { earlyData } from 'shared/remote-kit';
import { useHost, useRemoteTranslation } from '#lib';
import { useGetStockDetailQuery } from '../api/get-stock-detail';
import type { ChartModule } from '../chart/chart-types';
import { QuoteStore, useQuoteSelect, type MarketLive, type QuoteSource } from '#lib/live';
import { CHART_PERIODS, SUB_CHARTS, VISIBLE_MONTHS, type ChartPeriod, type SubChart } from '../model/periods';
import { readStockRef } from '../model/stock-ref';
import { detailRequest, FIRST_PERIOD } from '../model/requests';
import { StockChart } from './stock-chart';
import styles from './stock-detail-screen.module.css';

// The route starts the screen's first requests with the navigation (routes.tsx): in the screen's own chunk, so a
// warmed page has it at the tap.
export { startStockRequests } from '../api/start-requests';

const PANELS = 'tr-chart';

export interface StockDetailScreenProps {
  live: MarketLive;
  /**
   * The trade slot, composed in by src/app: the order book (features/order-book) and the trade feature's Buy / Sell
   * bar, fixed above the shell's bottom menu (with a spacer that keeps the end of the page clear of it), whose
   * buttons open the trade form in a bottom sheet. Given the first loaded quote (the stock's identity) and the live
   * quote source, so ticks reach only the parts of the form that show the price. Called once per stock.
   */
  tradePanel?: (quote: Quote, source: QuoteSource) => ReactNode;
  /** The watch toggle, composed in by src/app (features/watchlist). */
  watchControl?: (quote: Quote) => ReactNode;
  /** Loads the chart library (tests inject a fake). */
  loadChart?: () => Promise<ChartModule>;
}

/** What the screen itself shows of the quote: none of it moves at tick rate. */
const selectFrame = (q: Quote | undefined) => (q ? { name: q.name, simulated: q.simulated } : undefined);

/**
 * /quotes/info?code=&market=: live quote header, Highcharts Stock chart with periods and sub charts,
 * and the trade panel slot.
 * Ticks never re-render this component: the quote lives in a QuoteStore (stream and poll, the newer
 * wins) and only the header, the indicator text and the chart (imperatively) follow it.
 */
export function StockDetailScreen({ live, tradePanel, watchControl, loadChart }: StockDetailScreenProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [params] = useSearchParams();
  const session = host.getSession();
  const stock = readStockRef(params, session.market);
  const [period, setPeriod] = useState<ChartPeriod>(FIRST_PERIOD);
  const [sub, setSub] = useState<SubChart>('macd');
  const { store, detail } = useDetailQuote(stock, live, session.language);
  const periodTabs = useMemo(
    () => (
      <Tabs
        items={CHART_PERIODS.map((key) => ({ key, label: t(`detail.period.${key}`) }))}
        value={period}
        onChange={setPeriod}
        label={t('detail.periods')}
        layout="scroll"
        idPrefix={PANELS}
      />
    ),
    [period, t],
  );
  const subPicker = useMemo(
    () => (
      <SegmentedControl
        label={t('detail.subChart')}
        value={sub}
        onChange={setSub}
        options={SUB_CHARTS.map((value) => ({ value, label: t(`detail.sub.${value}`) }))}
      />
    ),
    [sub, t],
  );

  const frame = useQuoteSelect(store, selectFrame);
  const hasQuote = frame !== undefined;
  const trade = useTradeSlot(hasQuote, tradePanel, store);
  const chart = useMemo(
    () => (
      <StockChart
        // The 3- and 6-month views draw the day chart's candles (one request): only a new chart shows their months in
        // view, so each of them is a chart of its own.
        key={VISIBLE_MONTHS[period] ? period : 'candles'}
        code={stock?.code ?? ''}
        market={stock?.market ?? 'jpy'}
        period={period}
        sub={sub}
        source={store}
        loadChart={loadChart}
      />
    ),
    [stock?.code, stock?.market, period, sub, store, loadChart],
  );

  if (!stock) return <MissingStock />;

  if (detail.isError && !hasQuote) return <DetailFailed code={stock.code} detail={detail} />;

  return (
    <PageFrame
      title={frame ? frame.name : t('detail.titleWithCode', { code: stock.code })}
      simulated={frame?.simulated}
    >
      {hasQuote ? <QuoteHeader source={store} live={live} watchControl={watchControl} /> : <HeaderSkeleton />}
      {periodTabs}
      <div
        role="tabpanel"
        id={tabPanelId(PANELS, period)}
        aria-labelledby={`${PANELS}-tab-${period}`}
        className={styles.charts}
      >
        <div className={styles.subPicker}>{subPicker}</div>
        {chart}
        {frame?.simulated ? <p className={styles.simulated}>{t('detail.chartSimulated')}</p> : null}
      </div>
      {trade ? <div className={styles.trade}>{trade}</div> : null}
    </PageFrame>
  );
}

/** The watch toggle of the stock (re-made only when the stock's identity changes, never per tick). */
function WatchSlot({ source, watchControl }: { source: QuoteSource; watchControl: (quote: Quote) => ReactNode }) {
  const id = useQuoteSelect(source, (q) => (q ? `${q.market}:${q.code}:${q.name}` : ''));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => (source.get() ? watchControl(source.get()!) : null), [id, watchControl]);
}

/** The quote's figures: the one part of the screen that re-renders at tick rate. */
const QuoteHeader = memo(function QuoteHeader({
  source,
  live,
  watchControl,
}: {
  source: QuoteSource;
  live: MarketLive;
  watchControl?: (quote: Quote) => ReactNode;
}) {
  const { t, i18n } = useRemoteTranslation();
  const quote = useQuoteSelect(source, (q) => q)!;
  // Volume and turnover run to 13+ digits: shortened by language (万/亿, 万/億, K/M/B), the full figure on tap,
  // each on a whole line so nothing is cut at 360 px.
  const stats: [string, ReactNode, boolean?][] = [
    [t('detail.open'), formatMoney(quote.open)],
    [t('detail.prevClose'), formatMoney(quote.prev_close)],
    [t('detail.high'), formatMoney(quote.high)],
    [t('detail.low'), formatMoney(quote.low)],
    [t('detail.limitUp'), quote.limit_up === null ? t('detail.noLimit') : formatMoney(quote.limit_up)],
    [t('detail.limitDown'), quote.limit_down === null ? t('detail.noLimit') : formatMoney(quote.limit_down)],
    [
      t('detail.volume'),
      <CompactAmount value={quote.volume} language={i18n.language} full={formatMoney(quote.volume, { decimals: 0 })} />,
      true,
    ],
    [
      t('detail.amount'),
      <CompactAmount
        value={quote.amount}
        language={i18n.language}
        full={formatMoney(quote.amount)}
        unit={quote.currency}
      />,
      true,
    ],
  ];
  return (
    <section className={styles.head} aria-label={t('detail.quote')}>
      <div className={styles.titleRow}>
        <p className={styles.code}>
          {quote.code}
          <span className={styles.market}>{t(`market.${quote.market}`)}</span>
          <span className={styles.status}>{t(`detail.status.${quote.status}`)}</span>
        </p>
        {watchControl ? <WatchSlot source={source} watchControl={watchControl} /> : null}
      </div>
      <div className={styles.priceRow}>
        <live.Price value={quote.price} className={styles.price} />
        <span className={styles.currency}>{quote.currency}</span>
        <PriceChange value={quote.change} className={styles.change} />
        <PriceChange value={quote.change_ratio} percent className={styles.change} />
      </div>
      <live.StatusNote status={quote.status} nextOpen={quote.next_open} clock={quote.market} />
      <dl className={styles.stats}>
        {stats.map(([label, value, wide]) => (
          <div key={label} className={wide ? `${styles.stat} ${styles.wide}` : styles.stat}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
});

function HeaderSkeleton() {
  return (
    <div className={styles.head}>
      <Skeleton width="40%" />
      <Skeleton width="60%" height="32px" />
      <SkeletonList rows={2} lines={2} />
    </div>
  );
}

/**
 * The stock's quote: one store per stock (a new stock never shows the previous one's quote), fed by the newer of
 * the streamed and the polled quote (/stock/detail, polled while the stream is down).
 */
function useDetailQuote(
  stock: ReturnType<typeof readStockRef>,
  live: StockDetailScreenProps['live'],
  language: Language,
) {
  const host = useHost();
  const { source: streamed, mode } = live.useQuoteSource(stock?.market ?? 'jpy', stock?.code);
  const stockKey = stock ? `${stock.market}:${stock.code.toUpperCase()}` : '';
  const request = detailRequest(stock ?? { code: '', market: 'jpy' }, language);
  // One store per stock: a new stock never shows the previous one's quote. Opened by a deep link, it starts from the
  // quote index.html asked for before any JavaScript (docs/decisions/0030-early-quote-from-html.md): the price at the
  // first render, no skeleton; the query and the stream below replace it with anything newer.
  const store = useMemo(
    () => new QuoteStore(stock, stock ? earlyData(host, ENDPOINTS.stockDetail, request) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stockKey],
  );
  const detail = useGetStockDetailQuery(request, {
    skip: !stock,
    pollingInterval: mode === 'polling' ? live.pollMs : 0,
    skipPollingIfUnfocused: true,
  });

  // The newer of the streamed and the polled quote.
  // currentData: never the previous stock's answer while the next one loads.
  useEffect(() => store.offer(detail.currentData), [store, detail.currentData]);
  useEffect(() => {
    store.offer(streamed.get());
    return streamed.subscribe(() => store.offer(streamed.get()));
  }, [streamed, store]);
  return { store, detail };
}

/** The trade panel of the stock, mounted in a transition once the price shows (made once per stock, not per tick). */
function useTradeSlot(hasQuote: boolean, tradePanel: StockDetailScreenProps['tradePanel'], store: QuoteStore) {
  // The order book and the Buy / Sell bar mount in a transition after the commit that shows the price: the price
  // and the chart's requests come first (issue 15: a tap on a list row to the price).
  const [tradeShown, setTradeShown] = useState(false);
  useEffect(() => {
    if (hasQuote) startTransition(() => setTradeShown(true));
  }, [hasQuote]);
  // Called once per stock (not per tick) with the quote of that moment: identity only.
  const trade = useMemo(
    () => (hasQuote && tradeShown && tradePanel ? tradePanel(store.get()!, store) : null),
    [hasQuote, tradeShown, tradePanel, store],
  );
  return trade;
}

/** No stock in the address. */
function MissingStock() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame title={t('detail.title')}>
      <EmptyState
        title={t('detail.missing.title')}
        hint={t('detail.missing.hint')}
        action={{ label: t('detail.missing.action'), to: '/home/home' }}
      />
    </PageFrame>
  );
}

/** The quote could not be loaded: an unknown stock, or a failure with a retry. */
function DetailFailed({ code, detail }: { code: string; detail: ReturnType<typeof useGetStockDetailQuery> }) {
  const { t } = useRemoteTranslation();
  const notFound = (detail.error as { kind?: string; msg?: string } | undefined)?.kind === 'business';
  return (
    <PageFrame title={t('detail.titleWithCode', { code: code })}>
      {notFound ? (
        <EmptyState
          title={t('detail.notFound.title', { code: code })}
          hint={t('detail.notFound.hint')}
          action={{ label: t('detail.missing.action'), to: '/quotes/search' }}
        />
      ) : (
        <div className={styles.error} role="alert">
          <p>{t('detail.loadFailed')}</p>
          <Button variant="secondary" onClick={() => detail.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      )}
    </PageFrame>
  );
}
