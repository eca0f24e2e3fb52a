import type { RouteObject } from 'react-router';
import { createRemoteRoutes, type ScreenLoader } from 'shared/remote-kit';
import { NAMESPACE } from '#lib';
import { loadDashboard, loadQuotes, loadSearch, loadStockDetail, loadWatchlist } from './market-screens';

/** The trade panel composed into the stock detail (replaced by features/trade's panel). */
const tradePanel = () => import('../features/stock-detail/components/trade-form').then(({ TradeForm }) => () => <TradeForm />);

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/home/index': loadDashboard,
  '/home/home': loadQuotes,
  '/quotes/search': loadSearch,
  '/quotes/self': loadWatchlist,
  '/quotes/info': loadStockDetail(tradePanel),
  '/position/index': () => import('../features/positions/components/positions-screen').then((m) => m.PositionsScreen),
  '/position/info': () => import('../features/positions/components/position-detail-screen').then((m) => m.PositionDetailScreen),
};

/** Route objects with absolute paths; screens lazy; one translated error view for the whole remote. */
export function createRoutes(): RouteObject[] {
  return createRemoteRoutes(NAMESPACE, SCREENS);
}
