/**
 * New-share services (fastify-plugin, after `services` and `market-services`): the investor's calls
 * and the back office's (modules/ipo). At start-up it tops up the demonstration issues
 * relative to the app clock (seed-issues.ts; off under jest). The clock-driven steps (drawIssue,
 * expireUnpaid) are run by the background-job runner.
 */
import fp from 'fastify-plugin';
import { NO_PRICES, type PriceSource } from '../modules/assets/price-source';
import { createAdminNewShares, type AdminNewShares } from '../modules/ipo/ipo-admin';
import { createNewShareService, type NewShareService } from '../modules/ipo/ipo-service';
import { seedingEnabled, seedNewShares } from '../modules/ipo/seed-issues';

export interface NewShareServices {
  service: NewShareService;
  admin: AdminNewShares;
}

declare module 'fastify' {
  interface FastifyInstance {
    ipo: NewShareServices;
  }
}

export const ipoServicesPlugin = fp(
  async (app) => {
    const provider = (): PriceSource => (app.hasDecorator('market') ? app.market.provider : NO_PRICES);
    const prices: PriceSource = app.config.prices ?? {
      lastPrice: (market, code) => provider().lastPrice(market, code),
      nameOf: (market, code, lang) => provider().nameOf?.(market, code, lang),
    };
    const context = { db: app.db, now: app.config.now, prices };
    app.decorate('ipo', {
      service: createNewShareService({ ...context, fundPasswords: app.fundPasswords }),
      admin: createAdminNewShares(context),
    });
    if (seedingEnabled(app.config.demoData)) {
      app.addHook('onReady', async () => {
        const created = await seedNewShares(app.db, app.config.now());
        if (created > 0) app.log.info({ created }, 'demonstration new-share issues added');
      });
    }
  },
  { name: 'ipo-services', dependencies: ['config', 'db', 'services'] },
);
