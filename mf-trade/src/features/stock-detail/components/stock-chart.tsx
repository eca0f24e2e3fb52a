import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Button, Skeleton, useThemeMode } from 'shared/ui';
import { formatMoney } from 'shared/money';
import type { Candle } from 'shared/contract';
import type { Market } from 'shared/mf';
import { useHost, useRemoteTranslation } from '#lib';
import { useGetCandlesQuery, useLazyGetCandlesQuery } from '../api/get-candles';
import { loadHighchartsStock, readChartColors } from 'shared/remote-kit';
import type { ChartModule } from '../chart/chart-types';
import { StockChartController } from '../chart/stock-chart-controller';
import type { ChartPeriod, SubChart } from '../model/periods';
import { candlesRequest } from '../model/requests';
import { useQuoteSelect, type QuoteSource } from '#lib/live';
import { IndicatorSummary } from './indicator-summary';
import { CandlesPreview } from './candles-preview';
import styles from './stock-chart.module.css';

export interface StockChartProps {
  code: string;
  market: Market;
  period: ChartPeriod;
  sub: SubChart;
  /** The latest quote (stream or poll), read imperatively: drawn at most once a second, never a re-render per tick. */
  source: QuoteSource;
  /** Loads the chart library; tests inject a fake. */
  loadChart?: () => Promise<ChartModule>;
}

/** The kit's Highcharts with the Stock module, as the stock chart uses it. */
const loadStockChart = () => loadHighchartsStock<ChartModule>();

/** The quote's previous close as a number (undefined without a quote). */
function prevCloseOf(quote: { prev_close: string } | undefined): number | undefined {
  const value = quote ? Number(quote.prev_close) : NaN;
  return Number.isFinite(value) ? value : undefined;
}

type Translation = ReturnType<typeof useRemoteTranslation>;
type CandlesAnswer = NonNullable<ReturnType<typeof useGetCandlesQuery>['currentData']>;

/** What a chart is built with besides its element, the library, the candles and the sub chart. */
interface BuildContext {
  period: ChartPeriod;
  market: Market;
  source: QuoteSource;
  t: Translation['t'];
  i18n: Translation['i18n'];
  onNewSession: () => void;
  fetchLatest: () => Promise<Candle[]>;
}

/** The Highcharts chart of `answer` in `element`, and the controller that keeps it live. */
function buildChart(
  element: HTMLElement,
  H: ChartModule,
  answer: CandlesAnswer,
  sub: SubChart,
  { period, market, source, t, i18n, onNewSession, fetchLatest }: BuildContext,
): StockChartController {
  return new StockChartController(H, element, {
    period,
    sub,
    candles: answer.list,
    colors: readChartColors(),
    labels: {
      open: t('detail.open'),
      high: t('detail.high'),
      low: t('detail.low'),
      close: t('detail.close'),
      price: t('detail.price'),
      volume: t('detail.volume'),
      macd: 'MACD',
      signal: t('detail.signal'),
      histogram: t('detail.histogram'),
      rsi: 'RSI',
      prevClose: t('detail.prevClose'),
    },
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    formatPrice: (v) => formatMoney(String(v)),
    language: i18n.language,
    market,
    prevClose: prevCloseOf(source.get()),
    onNewSession,
    fetchLatest,
  });
}

/**
 * At the first commit, before the shell releases index.html's early paint: its day chart moves into the overlay (a
 * node React does not own, inside an empty slot; it goes when the slot does: drawn, or another period chosen).
 * True while it stands in the overlay.
 */
function useEarlyChart(
  previewSlot: RefObject<HTMLDivElement | null>,
  market: Market,
  code: string,
  period: ChartPeriod,
): boolean {
  const host = useHost();
  const [preview, setPreview] = useState(false);
  useLayoutEffect(() => {
    const slot = previewSlot.current;
    const picture = slot ? host.earlyChart?.(market, code) : undefined;
    if (!slot || !picture) return;
    slot.appendChild(picture);
    setPreview(true);
    // once, at the first commit: the early chart exists only then
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // It is the day chart: another period drops it for good (coming back to Day before Highcharts shows the skeleton).
  useEffect(() => {
    if (period !== 'day') setPreview(false);
  }, [period]);
  return preview;
}

/** The chart library, loaded after the first paint (again on "Try again"); `loadFailed` also when a build threw. */
function useChartModule(loadChart: () => Promise<ChartModule>, attempt: number) {
  const [module, setModule] = useState<ChartModule | undefined>();
  const [loadFailed, setLoadFailed] = useState(false);
  // After the first paint: the screen shows its header and skeleton before the library downloads.
  useEffect(() => {
    let cancelled = false;
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        loadChart()
          .then((m) => !cancelled && setModule(() => m))
          .catch(() => !cancelled && setLoadFailed(true));
      }, 0);
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [loadChart, attempt]);
  return { module, loadFailed, setLoadFailed };
}

/** Builds the chart of the answer on screen; returns the answer the chart on screen was built from. */
function useChartBuild({
  container,
  controller,
  module,
  data,
  attempt,
  sub,
  context,
  onFailed,
}: {
  container: RefObject<HTMLDivElement | null>;
  controller: RefObject<StockChartController | undefined>;
  module: ChartModule | undefined;
  data: CandlesAnswer | undefined;
  attempt: number;
  sub: SubChart;
  context: BuildContext;
  onFailed: () => void;
}): CandlesAnswer | undefined {
  // The answer the Highcharts chart on screen was built from: until it is this period's, the overlay shows.
  const [drawn, setDrawn] = useState<typeof data>(undefined);
  // The mode the page shows: the chart takes its colours from the tokens as it is built, so it is built again in the
  // new mode's colours when the user's Appearance or the system's setting changes.
  const mode = useThemeMode();
  // The sub chart chosen by now (it may change between the answer and the build).
  const subNow = useRef(sub);
  subNow.current = sub;
  useEffect(() => {
    if (!module || !data || !container.current || data.list.length === 0) return undefined;
    const element = container.current;
    let made: StockChartController | undefined;
    // Built after a paint: the candles' preview (below) shows first, then Highcharts takes about half a second of
    // the main thread at 4× CPU to make the chart from the same answer (issue 15: warm tap → chart).
    const pending = afterPaint(() => {
      try {
        made = buildChart(element, module, data, subNow.current, context);
      } catch (error) {
        // as a chart library that failed to load: the refusal to draw and "Try again", not the drawing for good
        console.error('[mf_trade] stock chart', error);
        onFailed();
        return;
      }
      controller.current = made;
      const latest = context.source.get();
      if (latest) made.push(latest);
      setDrawn(data);
    });
    return () => {
      pending.cancel();
      made?.destroy();
      if (made && controller.current === made) controller.current = undefined;
    };
    // The chart is rebuilt for new candles (period change), a new mode and on "Try again" only; sub and quotes update
    // it in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [module, data, attempt, mode]);
  return drawn;
}

/** The chart on screen follows the sub chart chosen and the quotes, in place. */
function useLiveChart(controller: RefObject<StockChartController | undefined>, sub: SubChart, source: QuoteSource) {
  useEffect(() => {
    controller.current?.setSub(sub);
  }, [controller, sub]);

  // Ticks go straight to the controller (which buffers them until its next redraw).
  useEffect(
    () =>
      source.subscribe(() => {
        const quote = source.get();
        if (quote) controller.current?.push(quote);
      }),
    [controller, source],
  );
}

/** The overlay while the chart is drawn: index.html's day chart, the candles' preview, else a skeleton. */
function ChartLoading({
  period,
  preview,
  previewSlot,
  candles,
}: {
  period: ChartPeriod;
  preview: boolean;
  previewSlot: RefObject<HTMLDivElement | null>;
  candles: Candle[] | undefined;
}) {
  const { t } = useRemoteTranslation();
  // index.html's drawing of the day candles when the screen took it (a deep link), else this answer's own
  const candlesPreview = !preview && candles && candles.length > 0 ? <CandlesPreview candles={candles} /> : null;
  return (
    <div className={styles.overlay} role="status" aria-busy="true">
      <span className="ds-visually-hidden">{t('detail.chartLoading')}</span>
      {period === 'day' ? (
        <div ref={previewSlot} className={styles.preview} data-preview={preview || undefined} />
      ) : null}
      {candlesPreview}
      {(preview && period === 'day') || candlesPreview ? null : <Skeleton shape="block" height="100%" />}
    </div>
  );
}

/**
 * Main chart (candlestick or time-share line, volume) and the sub chart; Highcharts loads after first paint. Opened by
 * a deep link, the day chart index.html drew (HostContext.earlyChart) stands in for the skeleton until Highcharts
 * has drawn: a slow phone sees the chart throughout, never a chart, then a skeleton, then the chart again.
 */
export function StockChart({ code, market, period, sub, source, loadChart = loadStockChart }: StockChartProps) {
  const { t, i18n } = useRemoteTranslation();
  const container = useRef<HTMLDivElement>(null);
  const previewSlot = useRef<HTMLDivElement>(null);
  const controller = useRef<StockChartController | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  // Time-share: the last whole session's 1-minute bars (the chart keeps the last trading day's).
  const args = candlesRequest({ code, market }, period);
  const candles = useGetCandlesQuery(args);
  const [fetchLatest] = useLazyGetCandlesQuery();
  const preview = useEarlyChart(previewSlot, market, code, period);
  const { module, loadFailed, setLoadFailed } = useChartModule(loadChart, attempt);

  // Only the candles of the period on screen (never the previous period's while the new one loads).
  const data = candles.currentData;
  const drawn = useChartBuild({
    container,
    controller,
    module,
    data,
    attempt,
    sub,
    onFailed: () => setLoadFailed(true),
    context: {
      period,
      market,
      source,
      t,
      i18n,
      onNewSession: () => void candles.refetch(),
      fetchLatest: () =>
        fetchLatest({ ...args, limit: 3 })
          .unwrap()
          .then((r) => r.list),
    },
  });
  useLiveChart(controller, sub, source);

  const failed = loadFailed || candles.isError;
  const ready = !!data && data.list.length > 0 && drawn === data;
  return (
    <div className={styles.wrap}>
      <div
        ref={container}
        className={styles.chart}
        data-testid="tr-stock-chart"
        data-period={period}
        data-sub={sub}
        data-ready={ready || undefined}
        role="img"
        aria-label={t('detail.chartLabel', { period: t(`detail.period.${period}`), sub: t(`detail.sub.${sub}`) })}
      />
      {!ready && !failed ? (
        <ChartLoading period={period} preview={preview} previewSlot={previewSlot} candles={data?.list} />
      ) : null}
      {failed ? (
        <div className={styles.overlay} role="alert">
          <p className={styles.failed}>{t('detail.chartFailed')}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setLoadFailed(false);
              setAttempt((n) => n + 1);
              if (candles.isError) void candles.refetch();
            }}
          >
            {t('list.retry')}
          </Button>
        </div>
      ) : null}
      {data && data.list.length === 0 ? <p className={styles.failed}>{t('detail.noCandles')}</p> : null}
      {data && data.list.length > 0 ? <LiveIndicatorSummary candles={data.list} sub={sub} source={source} /> : null}
    </div>
  );
}

/** Runs `fn` after the next paint (an animation frame, then a task); `cancel` before it ran stops it. */
function afterPaint(fn: () => void): { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return {
    cancel: () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

const selectPrice = (q: { price: string } | undefined) => q?.price;

/** The indicator text follows the price: the only part of the chart block React re-renders on a tick. */
function LiveIndicatorSummary({ candles, sub, source }: { candles: Candle[]; sub: SubChart; source: QuoteSource }) {
  const price = useQuoteSelect(source, selectPrice);
  return <IndicatorSummary candles={candles} sub={sub} price={price} />;
}
