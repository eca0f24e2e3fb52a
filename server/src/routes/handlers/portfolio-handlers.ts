/**
 * Handler of /trade/portfolio (modules/portfolio): equity per currency over time and P&L by market,
 * recomputed from the ledger and the market data on each call, by `app.portfolio` (plugins/portfolio-services.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createPortfolioHandlers(app: FastifyInstance): HandlerGroup<'portfolio'> {
  return {
    async portfolio(input, request) {
      return { data: await app.portfolio.portfolio(userOf(request), input) };
    },
  };
}
