/**
 * Copy-trading services (fastify-plugin, after `services` and `market-services`): the investor's calls
 * and the back office's (modules/copy), valued from the market data's daily candles. At
 * start-up it adds the demonstration products relative to the app clock (seed-products.ts; off under
 * jest). Pricing, redemption and the nightly valuation are background jobs (plugins/jobs.ts).
 */
import fp from 'fastify-plugin';
import { createCopyAdmin, type CopyAdmin } from '../modules/copy/copy-admin';
import { createCopyService, type CopyService } from '../modules/copy/copy-service';
import { copySeedingEnabled, seedCopyProducts } from '../modules/copy/seed-products';

export interface CopyServices {
  service: CopyService;
  admin: CopyAdmin;
}

declare module 'fastify' {
  interface FastifyInstance {
    copytrade: CopyServices;
  }
}

export const copyServicesPlugin = fp(
  async (app) => {
    const provider = app.market.provider;
    const context = { db: app.db, now: app.config.now, provider };
    app.decorate('copytrade', {
      service: createCopyService({ ...context, fundPasswords: app.fundPasswords }),
      admin: createCopyAdmin(context),
    });
    if (copySeedingEnabled(app.config.demoData)) {
      app.addHook('onReady', async () => {
        const created = await seedCopyProducts(app.db, app.config.now());
        if (created > 0) app.log.info({ created }, 'demonstration copy-trading products added');
      });
    }
  },
  { name: 'copy-services', dependencies: ['config', 'db', 'services', 'market-services'] },
);
