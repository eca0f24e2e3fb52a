/**
 * Price alerts and watchlist groups (fastify-plugin, after `market-services`): modules/alerts and
 * modules/watch-groups. Alerts fire from the job runner (plugins/jobs.ts) and reach open sockets through the stream
 * plugin (docs/decisions/0022-alerts-and-watchlist-groups.md).
 */
import fp from 'fastify-plugin';
import { createAlertsService, type AlertsService } from '../modules/alerts/alerts-service';
import { createWatchGroupsService, type WatchGroupsService } from '../modules/watch-groups/watch-groups-service';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: { service: AlertsService; groups: WatchGroupsService };
  }
}

export const alertsServicesPlugin = fp(
  async (app) => {
    app.decorate('alerts', {
      service: createAlertsService({ db: app.db, now: app.config.now, provider: app.market.provider }),
      groups: createWatchGroupsService({ db: app.db, now: app.config.now }),
    });
  },
  { name: 'alerts-services', dependencies: ['config', 'db', 'market-services'] },
);
