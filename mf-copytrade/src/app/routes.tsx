import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RemoteRouteError, RemoteRouteLoading } from 'shared/remote-kit';
import { NAMESPACE } from '#lib';

type ScreenLoader = () => Promise<ComponentType>;

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/home/qcList': () => import('../features/products/components/products-screen').then((m) => m.ProductsScreen),
  '/home/follow': () => import('../features/products/components/follow-screen').then((m) => m.FollowScreen),
  '/mine/followOrder': () => import('../features/follow-orders/components/follow-orders-screen').then((m) => m.FollowOrdersScreen),
  '/home/withinDays': () => import('../features/day-trading/components/day-trading-screen').then((m) => m.DayTradingScreen),
};

/** Route objects with absolute paths; screens lazy; one translated error view for the whole remote. */
export function createRoutes(): RouteObject[] {
  const errorElement = <RemoteRouteError namespace={NAMESPACE} />;
  const hydrateFallbackElement = <RemoteRouteLoading />;
  return Object.entries(SCREENS).map(([path, load]) => ({
    path,
    lazy: async () => ({ Component: await load() }),
    errorElement,
    hydrateFallbackElement,
  }));
}
