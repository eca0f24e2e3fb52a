import type { RouteObject } from 'react-router';
import { createRemoteRoutes, type ScreenLoader } from 'shared/remote-kit';
import { NAMESPACE } from '#lib';

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/home/qcList': () => import('../features/copy/components/products-screen').then((m) => m.ProductsScreen),
  '/home/follow': () => import('../features/copy/components/follow-screen').then((m) => m.FollowScreen),
  '/mine/followOrder': () =>
    import('../features/copy/components/follow-orders-screen').then((m) => m.FollowOrdersScreen),
  '/home/withinDays': () =>
    import('../features/daytrade/components/day-trading-screen').then((m) => m.DayTradingScreen),
};

/** Route objects with absolute paths; screens lazy; one translated error view for the whole remote. */
export function createRoutes(): RouteObject[] {
  return createRemoteRoutes(NAMESPACE, SCREENS);
}
