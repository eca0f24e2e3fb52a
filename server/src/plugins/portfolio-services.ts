/**
 * The portfolio view (fastify-plugin, after `market-services`): modules/portfolio's service (no state of its own:
 * it recomputes from the ledger and the market data on each call), built once here for /trade/portfolio.
 */
import fp from 'fastify-plugin';
import { createPortfolioService, type PortfolioService } from '../modules/portfolio/portfolio-service';

declare module 'fastify' {
  interface FastifyInstance {
    portfolio: PortfolioService;
  }
}

export const portfolioServicesPlugin = fp(
  async (app) => {
    app.decorate(
      'portfolio',
      createPortfolioService({ db: app.db, now: app.config.now, provider: app.market.provider }),
    );
  },
  { name: 'portfolio-services', dependencies: ['config', 'db', 'market-services'] },
);
