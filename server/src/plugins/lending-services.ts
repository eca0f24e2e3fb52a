/**
 * Securities lending and borrowing (fastify-plugin, after `market-services`): modules/lending's services, built once
 * here so the /lending/ handlers only read `app.lending` (docs/decisions/0023-securities-lending.md).
 */
import fp from 'fastify-plugin';
import { createBorrowService, type BorrowService } from '../modules/lending/borrow-service';
import { createLendingService, type LendingService } from '../modules/lending/lending-service';

declare module 'fastify' {
  interface FastifyInstance {
    lending: { lending: LendingService; borrow: BorrowService };
  }
}

export const lendingServicesPlugin = fp(
  async (app) => {
    const context = { db: app.db, now: app.config.now, provider: app.market.provider };
    app.decorate('lending', { lending: createLendingService(context), borrow: createBorrowService(context) });
  },
  { name: 'lending-services', dependencies: ['config', 'db', 'market-services'] },
);
