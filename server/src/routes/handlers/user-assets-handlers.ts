/**
 * Handlers of the /user/ area (assets part): the whole account per currency and its total in one
 * display currency. The rules live in modules/assets (assets-service, assets-conversion).
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type UserAssetsName = 'accountAssets';

export function createUserAssetsHandlers(app: FastifyInstance): HandlerGroup<UserAssetsName> {
  return {
    async accountAssets(input, request) {
      return { data: await app.assets.accountAssets(requireUser(request).userId, input.display) };
    },
  };
}
