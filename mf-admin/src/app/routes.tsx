import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { createRemoteRoutes, type ScreenLoader } from 'shared/remote-kit';
import { CATALOGUE_IDS, CATALOGUE_ROUTES, NAMESPACE, type CatalogueId, type QueueId } from '#lib';
import { AdminFrame } from './admin-frame';

/** A screen inside the back office's frame (navigation, /admin/me gate). */
const framed = (Screen: ComponentType): ComponentType =>
  function FramedScreen() {
    return (
      <AdminFrame>
        <Screen />
      </AdminFrame>
    );
  };

/** The one queue screen, described for one queue. */
const queue =
  (id: QueueId): ScreenLoader =>
  () =>
    import('../features/review-queues/components/queue-screen').then((m) =>
      framed(function QueueRoute() {
        return <m.QueueScreen queue={id} />;
      }),
    );

/** The one catalogue screen, described for one catalogue or setting. */
const catalogue =
  (id: CatalogueId): ScreenLoader =>
  () =>
    import('../features/catalogues/components/catalogue-screen').then((m) =>
      framed(function CatalogueRoute() {
        return <m.CatalogueScreen catalogue={id} />;
      }),
    );

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/admin/index': () =>
    import('../features/dashboard/components/dashboard-screen').then((m) => framed(m.DashboardScreen)),
  '/admin/deposits': queue('deposits'),
  '/admin/withdrawals': queue('withdrawals'),
  '/admin/realnames': queue('realnames'),
  '/admin/loans': queue('loans'),
  '/admin/block': queue('block'),
  '/admin/daytrade': queue('daytrade'),
  '/admin/approvals': queue('approvals'),
  '/admin/audit': () => import('../features/audit/components/audit-screen').then((m) => framed(m.AuditScreen)),
  '/admin/users': () => import('../features/users/components/users-screen').then((m) => framed(m.UsersScreen)),
  ...Object.fromEntries(CATALOGUE_IDS.map((id) => [CATALOGUE_ROUTES[id].path, catalogue(id)])),
};

/** Route objects with absolute paths; screens lazy; one translated error view for the whole remote. */
export function createRoutes(): RouteObject[] {
  return createRemoteRoutes(NAMESPACE, SCREENS);
}
