/**
 * Market data (fastify-plugin, registered after `services`): the provider (the deterministic
 * simulator on the app's injectable clock, seed from MARKET_SEED) and the watchlist service.
 * The live tick loop starts with the app and stops when it closes; quotes never depend on it
 * (every call advances the simulator to the clock itself).
 */
import fp from 'fastify-plugin';
import { MarketSimulator } from '../modules/market/simulator';
import type { MarketDataProvider } from '../modules/market/provider';
import { createWatchlistService, type WatchlistService } from '../modules/market/watchlist-service';

export interface MarketServices {
  provider: MarketDataProvider;
  watchlist: WatchlistService;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketServices;
  }
}

export const DEFAULT_MARKET_SEED = 'kabu-simulator-1';

export const marketServicesPlugin = fp(
  async (app, options: { seed?: string }) => {
    const provider = new MarketSimulator({
      seed: options.seed ?? process.env.MARKET_SEED ?? DEFAULT_MARKET_SEED,
      now: app.config.now,
    });
    app.decorate('market', {
      provider,
      watchlist: createWatchlistService({ db: app.db, now: app.config.now, provider }),
    });
    provider.start();
    app.addHook('onClose', async () => provider.stop());
  },
  { name: 'market-services', dependencies: ['config', 'db'] },
);
