/**
 * Handlers of the /block/ area and the back office's block-trade calls (/admin/block*; api-routes
 * runs requireAdmin first). Rules live in modules/block (plugins/block-services.ts); a handler
 * only reads the session user, the operator and the Idempotency-Key header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../modules/ledger/money-tx';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type BlockName =
  | 'blockList'
  | 'blockInfo'
  | 'blockApply'
  | 'blockApplications'
  | 'blockApplicationInfo'
  | 'adminBlockCreate'
  | 'adminBlockClose'
  | 'adminBlockListings'
  | 'adminBlockApplications'
  | 'adminBlockReview';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createBlockHandlers(app: FastifyInstance): HandlerGroup<BlockName> {
  const block = () => app.block;
  return {
    async blockList(input, request) {
      return { data: await block().service.list(userOf(request), input) };
    },
    async blockInfo(input, request) {
      return { data: await block().service.info(userOf(request), input) };
    },
    async blockApply(input, request) {
      return block().service.apply(userOf(request), input, idempotencyKeyOf(request.headers));
    },
    async blockApplications(input, request) {
      return { data: await block().service.applications(userOf(request), input) };
    },
    async blockApplicationInfo(input, request) {
      return { data: await block().service.applicationInfo(userOf(request), input) };
    },
    async adminBlockCreate(input, request) {
      return block().admin.create(userOf(request), input);
    },
    async adminBlockClose(input, request) {
      return block().admin.close(userOf(request), input);
    },
    async adminBlockListings(input) {
      return { data: await block().admin.listings(input) };
    },
    async adminBlockApplications(input) {
      return { data: await block().admin.applications(input) };
    },
    async adminBlockReview(input, request) {
      return block().admin.review(userOf(request), input);
    },
  };
}
