import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Skeleton } from 'shared/ui';
import { RouteError } from './route-error';

type ScreenLoader = () => Promise<ComponentType>;

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/home/newShare': () => import('../features/new-share/components/new-share-screen').then((m) => m.NewShareScreen),
  '/home/newShareInfo': () => import('../features/new-share/components/new-share-info-screen').then((m) => m.NewShareInfoScreen),
  '/mine/newShareOrder': () => import('../features/new-share/components/new-share-orders-screen').then((m) => m.NewShareOrdersScreen),
  '/home/large': () => import('../features/block-trade/components/block-trade-screen').then((m) => m.BlockTradeScreen),
  '/home/largeQc': () => import('../features/block-trade/components/block-variant-screen').then((m) => m.BlockQuantScreen),
  '/home/large2': () => import('../features/block-trade/components/block-variant-screen').then((m) => m.BlockDividendScreen),
  '/home/large3': () => import('../features/block-trade/components/block-variant-screen').then((m) => m.BlockFinancingScreen),
  '/home/large4': () => import('../features/block-trade/components/block-variant-screen').then((m) => m.BlockApplicationsScreen),
  '/home/largeInfo': () => import('../features/block-trade/components/block-trade-info-screen').then((m) => m.BlockTradeInfoScreen),
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
