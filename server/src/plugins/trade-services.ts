/**
 * Trading services (fastify-plugin, registered after `market-services`): orders and positions, and
 * the matcher. The matcher runs every `matcherIntervalMs` (1 s) while a market is open on the app
 * clock; a pass never overlaps the previous one; closing the app waits for the pass in flight.
 */
import fp from 'fastify-plugin';
import { createMatcher, type Matcher } from '../modules/trade/matcher';
import { createTradeService, type TradeService } from '../modules/trade/trade-service';

export interface TradeServices {
  service: TradeService;
  matcher: Matcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    trade: TradeServices;
  }
}

export const tradeServicesPlugin = fp(
  async (app) => {
    const context = {
      db: app.db,
      now: app.config.now,
      provider: app.market.provider,
      notices: app.notices,
      log: app.log,
    };
    const matcher = createMatcher(context);
    app.decorate('trade', { service: createTradeService(context), matcher });
    const period = app.config.matcherIntervalMs;
    if (period <= 0) return;
    let inFlight: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      if (inFlight || !matcher.anyMarketOpen()) return;
      inFlight = matcher
        .runOnce()
        .catch((error: unknown) => app.log.error({ err: error }, 'order matcher pass failed'))
        .finally(() => {
          inFlight = undefined;
        });
    }, period);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await inFlight;
    });
  },
  { name: 'trade-services', dependencies: ['config', 'db', 'market-services'] },
);
