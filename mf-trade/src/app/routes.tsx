import type { ComponentType, ReactNode } from 'react';
import type { Quote } from 'shared/contract';
import type { QuoteSource } from '#lib/live';
import type { RouteObject } from 'react-router';
import {
  createRemoteRoutes,
  loadHighcharts,
  loadHighchartsStock,
  type RouteStart,
  type ScreenLoader,
  type WarmPlan,
} from 'shared/remote-kit';
import { NAMESPACE, getHost } from '#lib';
import { loadDashboard, loadQuotes, loadSearch, loadStockDetail, loadWatchlist } from './market-screens';

/**
 * The order book (features/order-book) above the trade feature's order form, composed into the stock
 * detail with the screen's live quote source (not a quote prop: a tick must not re-render the form,
 * only its price and estimate). A tapped level of the book fills the form's limit price (PricePicks).
 */
const tradePanel = () =>
  Promise.all([import('../features/trade'), import('../features/order-book'), import('#lib/live')]).then(
    ([{ TradePanel }, { OrderBook }, { PricePicks }]) =>
      function tradePanelFor(quote: Quote, source: QuoteSource): ReactNode {
        const picks = new PricePicks();
        // Keyed by stock: moving to another stock starts a fresh form (no price or refusal carried over).
        const key = `${quote.market}:${quote.code}`;
        return (
          <>
            {quote.kind === 'stock' ? (
              <OrderBook key={`book:${key}`} code={quote.code} market={quote.market} onPick={(p) => picks.pick(p)} />
            ) : null}
            <TradePanel key={key} code={quote.code} market={quote.market} source={source} picks={picks} />
          </>
        );
      },
  );

/** Positions with the trade feature's orders list as its Orders tab and live prices (#lib/live). */
function loadPositions(): Promise<ComponentType> {
  return Promise.all([
    import('../features/positions/components/positions-screen'),
    import('../features/trade'),
    import('#lib/live'),
  ]).then(([m, trade, live]) => {
    function Positions() {
      return <m.PositionsScreen ordersPanel={trade.TradeOrders} live={live.liveKit} />;
    }
    return Positions;
  });
}

/**
 * The portfolio view with the kit's Highcharts loader (shared/remote-kit highcharts.ts, the core only): Highcharts
 * downloads only when this screen draws its equity lines.
 */
function loadPortfolio(): Promise<ComponentType> {
  return import('../features/portfolio').then((m) => {
    function Portfolio() {
      return <m.PortfolioScreen loadChart={loadHighcharts} />;
    }
    return Portfolio;
  });
}

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/home/index': loadDashboard,
  '/home/home': loadQuotes,
  '/quotes/search': loadSearch,
  '/quotes/self': loadWatchlist,
  '/quotes/info': loadStockDetail(tradePanel),
  '/position/index': loadPositions,
  '/position/portfolio': loadPortfolio,
  '/position/info': () =>
    import('../features/positions/components/position-detail-screen').then((m) => m.PositionDetailScreen),
};

/**
 * The screens whose rows lead to the stock page warm it at idle once they have rendered: its chunks, then Highcharts
 * (evaluated in an idle period of its own), so a tap on a row shows the price and the chart without waiting for them.
 * The positions list warms a position's detail likewise.
 */
const TO_STOCK: WarmPlan = { screens: ['/quotes/info'], then: [loadHighchartsStock] };
const WARM: Record<string, WarmPlan> = {
  '/home/index': TO_STOCK,
  '/home/home': TO_STOCK,
  '/quotes/self': TO_STOCK,
  '/quotes/search': TO_STOCK,
  '/position/index': { screens: ['/position/info'] },
};

/**
 * The requests a screen makes first, started when the navigation to it starts (a tap on a row), beside its chunks:
 * the stock page's quote and candles (features/stock-detail/api/start-requests.ts, in the screen's own chunk, which
 * the lists above have warmed).
 */
const STARTS: Record<string, RouteStart> = {
  '/quotes/info': (url) =>
    import('../features/stock-detail/components/stock-detail-screen').then((m) => m.startStockRequests(url, getHost())),
};

/** Route objects with absolute paths; screens lazy; one translated error view for the whole remote. */
export function createRoutes(): RouteObject[] {
  return createRemoteRoutes(NAMESPACE, SCREENS, WARM, STARTS);
}
