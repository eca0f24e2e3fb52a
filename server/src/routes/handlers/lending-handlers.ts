/**
 * Handlers of securities lending and borrowing under /lending/ (shared/src/contract/areas/lending.ts). Rules live in
 * modules/lending (docs/decisions/0023-securities-lending.md); a handler reads the session user and the
 * Idempotency-Key, and calls `app.lending` (plugins/lending-services.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { toI18nLang } from '../../modules/wire/lang';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type LendingName =
  'lendingOverview' | 'lend' | 'recall' | 'borrowQuote' | 'borrow' | 'borrowReturn' | 'borrowings';

const userOf = (request: FastifyRequest) => requireUser(request).userId;
const keyOf = (request: FastifyRequest) => idempotencyKeyOf(request.headers);

export function createLendingHandlers(app: FastifyInstance): HandlerGroup<LendingName> {
  return {
    async lendingOverview(input, request) {
      return { data: await app.lending.lending.overview(userOf(request), toI18nLang(input.lang)) };
    },
    async lend(input, request) {
      return app.lending.lending.lend(userOf(request), input, keyOf(request));
    },
    async recall(input, request) {
      return app.lending.lending.recall(userOf(request), input);
    },
    async borrowQuote(input, request) {
      return { data: await app.lending.borrow.quote(userOf(request), input) };
    },
    async borrow(input, request) {
      return app.lending.borrow.borrow(userOf(request), input, keyOf(request));
    },
    async borrowReturn(input, request) {
      return app.lending.borrow.giveBack(userOf(request), input, keyOf(request));
    },
    async borrowings(input, request) {
      return { data: await app.lending.borrow.list(userOf(request), toI18nLang(input.lang)) };
    },
  };
}
