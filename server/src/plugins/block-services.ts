/**
 * Block-trade services (fastify-plugin, registered after `market-services`): the user's side and the
 * back office's (modules/block), built with the database, the app clock, the market data (live
 * price and names) and the passwords module's hasher (channel passwords are hashed like passwords).
 * When the app is ready the seeded listings are inserted once (block-seeds.ts). The dividends of
 * dividend blocks are paid by the job runner (plugins/jobs.ts, `block-trades:dividends`), or here on
 * demand (tests).
 */
import fp from 'fastify-plugin';
import { createBlockAdminService, type BlockAdminService } from '../modules/block/block-admin';
import { payDueDividends } from '../modules/block/block-dividends';
import { PUBLISHED_SEED_SCRYPT, seedBlockListings } from '../modules/block/block-seeds';
import { createPasswordHasher } from '../security/password';
import { createBlockService, type BlockService } from '../modules/block/block-service';
import type { PriceLookup } from '../modules/block/block-wire';

export interface BlockServices {
  service: BlockService;
  admin: BlockAdminService;
  /** Pays the dividends due at the app clock's now; answers how many were paid. */
  payDividends(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    block: BlockServices;
  }
}

export const blockServicesPlugin = fp(
  async (app) => {
    const provider = app.market.provider;
    const prices: PriceLookup & { isStock(market: string, code: string): boolean } = {
      simulated: provider.simulated,
      lastPrice: (market, code) => provider.lastPrice(market, code),
      nameOf: (market, code, lang) => provider.nameOf(market, code, lang),
      isStock: (market, code) => provider.quote(market as 'jpy', code, 'en')?.kind === 'stock',
    };
    const context = { db: app.db, now: app.config.now, prices, hasher: app.fundPasswords.hasher };
    const payDividends = () => payDueDividends(app.db, app.config.now());
    app.decorate('block', {
      service: createBlockService({ ...context, fundPasswords: app.fundPasswords }),
      admin: createBlockAdminService(context),
      payDividends,
    });
    // The seeded listings' channel passwords are published (ADR 0017), so their hashes are made at a
    // cost that secures nothing less: full-cost hashes of six public words held up start-up by 20 s
    // on a busy machine (past Fastify's plugin timeout). Verification reads the cost from each hash.
    const { passwordCost } = app.config;
    const seedHasher = createPasswordHasher({
      cost: passwordCost.N < PUBLISHED_SEED_SCRYPT.N ? passwordCost : PUBLISHED_SEED_SCRYPT,
    });
    // Demonstration data: only when asked (DEMO_DATA; config.demoData false in production unless DEMO_DATA=1).
    if (app.config.demoData !== false) {
      app.addHook('onReady', async () => {
        await seedBlockListings(app.db, app.config.now(), prices, seedHasher);
      });
    }
  },
  { name: 'block-services', dependencies: ['config', 'db', 'services', 'market-services'] },
);
