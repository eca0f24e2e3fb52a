import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import type { ComponentProps } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Market } from 'shared/mf';
import { Card, Money, PageFrame, SegmentedControl, StatRow, Tabs, tabPanelId } from 'shared/ui';
import { MARKET_CURRENCY } from 'shared/money';
import { useHost, useRemoteTranslation } from '#lib';
import { useGetHoldingsQuery } from '../api/get-holdings';
import { useGetHoldingsHistoryQuery } from '../api/get-holdings-history';
import { openPositions, textField, totals, withLivePrice, type LivePrice } from '../model/position-rows';
import { HoldingsPanel } from './holdings-panel';
import { OrdersPanel } from './orders-panel';
import styles from './positions-screen.module.css';

type Kind = 'holdings' | 'orders' | 'subscriptions' | 'copyTrade';
export type Phase = 'open' | 'ended';

const MARKETS: readonly Market[] = ['jpy', 'usd', 'cny'];
const PANELS = 'tr-positions';
/** Open holdings are re-read while the screen is visible: the server values them at the live price. */
export const HOLDINGS_POLL_MS = 3_000;
/**
 * While a position is "preparing to close" it is re-read at the matcher's pace (it fills closes every second), so
 * the settled close leaves the list within one poll, without a reload.
 */
export const CLOSING_POLL_MS = 1_000;

/** The live-quote hook src/app hands over from the live feature (features never import each other). */
export interface LiveQuotesKit {
  useQuotes: (market: Market, codes: readonly string[]) => { quotes: Readonly<Record<string, LivePrice>> };
}

export interface PositionsScreenProps {
  /** The pending / history orders list, composed by src/app from the trade feature (absent: no orders tab). */
  ordersPanel?: ComponentType<{ market: Market }>;
  /** Streamed prices: holdings are revalued at each tick between the polls (absent: polling only). */
  live?: LiveQuotesKit;
}

const noQuotes = (): { quotes: Readonly<Record<string, LivePrice>> } => ({ quotes: {} });

/**
 * /position/index (the bottom menu's Trade tab): holdings in progress or ended with live P&L and a
 * close button, orders, new-share subscriptions and copy-trade (spec §2), per market, with the
 * holdings value and floating P&L (ccsz, fdyk) and the realised P&L (lsyk) of the spec §7 calls.
 */
export function PositionsScreen({ ordersPanel: OrdersList, live }: PositionsScreenProps) {
  const { t } = useRemoteTranslation();
  const [params, setParam] = useParam();
  const session = useHost().getSession();
  const sessionMarket = session.market ?? 'jpy';
  const market = (MARKETS as readonly string[]).includes(params.get('market') ?? '')
    ? (params.get('market') as Market)
    : sessionMarket;
  const kinds: Kind[] = OrdersList
    ? ['holdings', 'orders', 'subscriptions', 'copyTrade']
    : ['holdings', 'subscriptions', 'copyTrade'];
  const asked = params.get('tab') as Kind | null;
  const kind: Kind = asked && kinds.includes(asked) ? asked : 'holdings';
  const currency = MARKET_CURRENCY[market];
  const [closing, setClosing] = useState(false);
  const holdings = useGetHoldingsQuery(
    { market, lang: session.language },
    {
      pollingInterval: closing ? CLOSING_POLL_MS : HOLDINGS_POLL_MS,
      skipPollingIfUnfocused: true,
      refetchOnMountOrArgChange: true,
    },
  );
  const history = useGetHoldingsHistoryQuery({ market, lang: session.language }, { refetchOnMountOrArgChange: true });
  const anyClosing = Object.values(holdings.data?.list ?? {}).some((h) => h.status === 1);
  useEffect(() => setClosing(anyClosing), [anyClosing]);
  // A position that left the open list was closed (by the user or a margin call): the ended list and the
  // realised P&L follow at once.
  useRefetchOnClose(Object.keys(holdings.data?.list ?? {}).join(','), history.refetch);
  const { openRows, summary } = useLiveRows(live, market, holdings.data);

  return (
    <PageFrame
      title={t('positions.title')}
      back={false}
      actions={
        <Link className={styles.portfolio} to="/position/portfolio">
          {t('positions.portfolio')}
        </Link>
      }
    >
      <div className={styles.market}>
        <SegmentedControl
          label={t('positions.market')}
          value={market}
          onChange={(m: Market) => setParam('market', m)}
          options={MARKETS.map((m) => ({ value: m, label: t(`market.${m}`) }))}
        />
      </div>
      <SummaryCard
        summary={summary}
        history={history}
        currency={currency}
        busy={holdings.isLoading || history.isLoading}
      />
      <Tabs
        items={kinds.map((key) => ({ key, label: t(`positions.kind.${key}`) }))}
        value={kind}
        onChange={(k: Kind) => setParam('tab', k)}
        label={t('positions.kinds')}
        layout="scroll"
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, kind)} aria-labelledby={`${PANELS}-tab-${kind}`}>
        <KindPanel
          kind={kind}
          ordersList={OrdersList}
          market={market}
          holdings={holdings}
          openRows={openRows}
          history={history}
          currency={currency}
        />
      </div>
    </PageFrame>
  );
}

/**
 * The open positions revalued at tick rate by the stream (the poll keeps statuses and the list current), and the
 * holdings value and floating P&L: from the live rows once a quote streamed, else the server's.
 */
function useLiveRows(live: PositionsScreenProps['live'], market: Market, data: HoldingsData | undefined) {
  const holdings = { data };
  // The stream revalues holding positions at tick rate; the poll keeps statuses and the list current.
  const useQuotes = live?.useQuotes ?? noQuotes;
  const polled = useMemo(() => openPositions(holdings.data), [holdings.data]);
  const codes = useMemo(
    () =>
      [...new Set(polled.filter((r) => r.record.status === 0).map((r) => textField(r.record, 'code') ?? ''))].filter(
        Boolean,
      ),
    [polled],
  );
  const { quotes } = useQuotes(market, codes);
  const openRows = useMemo(
    () => polled.map((r) => withLivePrice(r, quotes[(textField(r.record, 'code') ?? '').toUpperCase()])),
    [polled, quotes],
  );
  const summary = holdings.data
    ? Object.keys(quotes).length > 0
      ? totals(openRows)
      : { ccsz: holdings.data.ccsz, fdyk: holdings.data.fdyk }
    : undefined;
  return { openRows, summary };
}

type HoldingsData = ReturnType<typeof useGetHoldingsQuery>['data'];

/** The market's holdings value, floating P&L and realised P&L (after fees). */
function SummaryCard({
  summary,
  history,
  currency,
  busy,
}: {
  summary: { ccsz: string; fdyk: string } | undefined;
  history: ReturnType<typeof useGetHoldingsHistoryQuery>;
  currency: string;
  busy: boolean;
}) {
  const { t } = useRemoteTranslation();
  return (
    <Card title={t('positions.summary')} className={styles.summary} aria-busy={busy}>
      <dl className={styles.stats}>
        <StatRow label={t('positions.marketValue')}>
          {summary ? <Money value={summary.ccsz} currency={currency} /> : '—'}
        </StatRow>
        <StatRow label={t('positions.floatingPnl')}>
          {summary ? <Money value={summary.fdyk} currency={currency} signed /> : '—'}
        </StatRow>
        <StatRow label={t('positions.realisedPnl')}>
          {/* After the opening and closing fees (issue 35): what the balance gained. */}
          {history.data ? <Money value={history.data.lsyk_net ?? history.data.lsyk} currency={currency} signed /> : '—'}
        </StatRow>
      </dl>
    </Card>
  );
}

/** A position that left the open list was closed (by the user or a margin call): the ended list and the realised
 * P&L follow at once. */
function useRefetchOnClose(openIds: string, refetchHistory: () => unknown) {
  const previousIds = useRef(openIds);
  useEffect(() => {
    const before = previousIds.current.split(',').filter(Boolean);
    previousIds.current = openIds;
    const now = new Set(openIds.split(','));
    if (before.some((id) => !now.has(id))) void refetchHistory();
  }, [openIds, refetchHistory]);
}

interface KindPanelProps {
  kind: Kind;
  ordersList: PositionsScreenProps['ordersPanel'];
  market: Market;
  holdings: ComponentProps<typeof HoldingsPanel>['open'];
  openRows: ReturnType<typeof useLiveRows>['openRows'];
  history: ComponentProps<typeof HoldingsPanel>['closed'];
  currency: string;
}

/** The tab's content: the orders list, or open / ended holdings, subscriptions or copy trades. */
function KindPanel({ kind, ordersList: OrdersList, market, holdings, openRows, history, currency }: KindPanelProps) {
  const { t } = useRemoteTranslation();
  const [phase, setPhase] = useState<Phase>('open');
  return kind === 'orders' && OrdersList ? (
    <OrdersList market={market} />
  ) : (
    <>
      <div className={styles.phase}>
        <SegmentedControl
          label={t('positions.phase')}
          value={phase}
          onChange={setPhase}
          options={[
            { value: 'open', label: t('positions.open') },
            { value: 'ended', label: t('positions.ended') },
          ]}
        />
      </div>
      {kind === 'holdings' ? (
        <HoldingsPanel phase={phase} open={holdings} openRows={openRows} closed={history} currency={currency} />
      ) : (
        <OrdersPanel kind={kind as 'subscriptions' | 'copyTrade'} phase={phase} market={market} currency={currency} />
      )}
    </>
  );
}

/** The address's parameters, and a way to set one of them in place (the market, the tab). */
function useParam(): [URLSearchParams, (name: string, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const setParam = (name: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return [params, setParam];
}
