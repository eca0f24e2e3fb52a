import type { RouteObject } from 'react-router';
import { createRemoteRoutes, type ScreenLoader } from 'shared/remote-kit';
import { NAMESPACE } from '#lib';

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/home/newShare': () => import('../features/ipo/components/new-share-screen').then((m) => m.NewShareScreen),
  '/home/newShareInfo': () =>
    import('../features/ipo/components/new-share-info-screen').then((m) => m.NewShareInfoScreen),
  '/mine/newShareOrder': () =>
    import('../features/ipo/components/new-share-orders-screen').then((m) => m.NewShareOrdersScreen),
  '/home/large': () => import('../features/block/components/block-trade-screen').then((m) => m.BlockTradeScreen),
  '/home/largeQc': () => import('../features/block/components/block-variant-screen').then((m) => m.BlockVariantsScreen),
  '/home/large2': () => import('../features/block/components/block-variant-screen').then((m) => m.BlockDividendScreen),
  '/home/large3': () => import('../features/block/components/block-variant-screen').then((m) => m.BlockFinancingScreen),
  '/home/large4': () =>
    import('../features/block/components/block-variant-screen').then((m) => m.BlockApplicationsScreen),
  '/home/largeInfo': () =>
    import('../features/block/components/block-trade-info-screen').then((m) => m.BlockTradeInfoScreen),
};

/** Route objects with absolute paths; screens lazy; one translated error view for the whole remote. */
export function createRoutes(): RouteObject[] {
  return createRemoteRoutes(NAMESPACE, SCREENS);
}
