/**
 * Trading services (fastify-plugin, registered after `market-services`): orders and positions, and
 * the matcher. The matcher runs as a job (modules/trade/matcher-job.ts) on a job runner of its own, every
 * `matcherIntervalMs` (1 s) while a market is open on the app clock, led by one instance at a time; a pass never
 * overlaps the previous one; closing the app waits for the pass in flight.
 */
import fp from 'fastify-plugin';
import { createJobRunner } from '../modules/jobs/job-runner';
import { createMatcher, type Matcher } from '../modules/trade/matcher';
import { matcherJob } from '../modules/trade/matcher-job';
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
    // The matcher is a job (modules/trade/matcher-job.ts) on a runner of its own, every matcherIntervalMs.
    const runner = createJobRunner({ db: app.db, now: app.config.now, jobs: [matcherJob(matcher)], log: app.log });
    runner.start(app.config.matcherIntervalMs);
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'trade-services', dependencies: ['config', 'db', 'market-services'] },
);
