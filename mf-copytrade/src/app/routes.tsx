import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Skeleton } from 'shared/ui';
import { RouteError } from './route-error';

type ScreenLoader = () => Promise<ComponentType>;

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/home/qcList': () => import('../features/products/components/products-screen').then((m) => m.ProductsScreen),
  '/home/follow': () => import('../features/products/components/follow-screen').then((m) => m.FollowScreen),
  '/mine/followOrder': () => import('../features/follow-orders/components/follow-orders-screen').then((m) => m.FollowOrdersScreen),
  '/home/withinDays': () => import('../features/day-trading/components/day-trading-screen').then((m) => m.DayTradingScreen),
};
/** Shown while a screen's chunk loads on the first visit (decorative: the region is marked busy). */
function RouteLoading() {
  return (
    <div className="ds-page" aria-busy="true">
      <Skeleton shape="block" height="48px" />
      <Skeleton width="70%" />
      <Skeleton width="45%" />
    </div>
  );
}

/** Route objects with absolute paths; screens lazy; one translated error view for the whole remote. */
export function createRoutes(): RouteObject[] {
  const errorElement = <RouteError />;
  const hydrateFallbackElement = <RouteLoading />;
  return Object.entries(SCREENS).map(([path, load]) => ({
    path,
    lazy: async () => ({ Component: await load() }),
    errorElement,
    hydrateFallbackElement,
  }));
}
