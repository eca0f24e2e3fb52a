/**
 * Session authentication as an onRequest hook for routes that need it. The token comes only from
 * the `token` header (never a cookie: no CSRF surface) and must match the `account` header. The
 * `is-admin` header is ignored on purpose: roles live in the database.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../modules/sessions/sessions-repository';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('sessionUser', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.sessionUser = await app.accounts.authenticate(request.headers.token, request.headers.account);
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

/** The authenticated user of a route behind `authenticate` (a bug if missing). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new Error('route is missing the authenticate hook');
  return request.sessionUser;
}
