/**
 * Handler of /trade/portfolio (modules/portfolio): equity per currency over time and P&L by market,
 * recomputed from the ledger and the market data on each call. The service is made on first use from
 * the app's database, clock and market data provider (no plugin of its own: it holds no state).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createPortfolioService, type PortfolioService } from '../../modules/portfolio/portfolio-service';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createPortfolioHandlers(app: FastifyInstance): HandlerGroup<'portfolio'> {
  let service: PortfolioService | undefined;
  const portfolio = () =>
    (service ??= createPortfolioService({ db: app.db, now: app.config.now, provider: app.market.provider }));
  return {
    async portfolio(input, request) {
      return { data: await portfolio().portfolio(userOf(request), input) };
    },
  };
}
