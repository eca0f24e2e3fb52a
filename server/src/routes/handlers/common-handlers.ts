/** Handlers of the /common/ area: the public site config. */
import type { FastifyInstance } from 'fastify';
import { listPublicConfig } from '../../modules/site-config/site-config-repository';
import type { HandlerGroup } from '../api-handlers';

export type CommonName = 'config';

export function createCommonHandlers(app: FastifyInstance): HandlerGroup<CommonName> {
  return {
    async config(input) {
      const name = input.type && input.type !== 'all' ? input.type : undefined;
      return { data: await app.db.tx((tx) => listPublicConfig(tx, name), { readOnly: true }) };
    },
  };
}
