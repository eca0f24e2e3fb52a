import type { RouteObject } from 'react-router';
import { createRemoteRoutes, type ScreenLoader } from 'shared/remote-kit';
import { NAMESPACE } from '#lib';

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/home/index': () => import('../features/dashboard/components/dashboard-screen').then((m) => m.DashboardScreen),
  '/home/home': () => import('../features/quotes/components/quotes-screen').then((m) => m.QuotesScreen),
  '/quotes/search': () => import('../features/quotes/components/search-screen').then((m) => m.SearchScreen),
  '/quotes/self': () => import('../features/watchlist/components/watchlist-screen').then((m) => m.WatchlistScreen),
  '/quotes/info': () => import('../features/stock-detail/components/stock-detail-screen').then((m) => m.StockDetailScreen),
  '/position/index': () => import('../features/positions/components/positions-screen').then((m) => m.PositionsScreen),
  '/position/info': () => import('../features/positions/components/position-detail-screen').then((m) => m.PositionDetailScreen),
};

/** Route objects with absolute paths; screens lazy; one translated error view for the whole remote. */
export function createRoutes(): RouteObject[] {
  return createRemoteRoutes(NAMESPACE, SCREENS);
}
