/**
 * The account side's services (fastify-plugin, registered after `services`):
 * - `app.requireAdmin`: an onRequest hook run after `authenticate` on every `admin: true` endpoint.
 *   The role is the one the session lookup just read from the database (users.role); the
 *   `is-admin` header grants nothing. Non-admins get HTTP 403 `{status: 0, msg: 'forbidden'}`.
 * - the uploads folder (DATA_DIR/uploads with PGlite on disk, UPLOADS_DIR, else the OS temp dir);
 * - `app.profile`: passwords, identity, cards, inbox, news, back office (modules/profile, admin);
 * - the first administrator from ADMIN_ACCOUNT + ADMIN_PASSWORD at start-up (idempotent).
 */
import os from 'node:os';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ensureAdmin } from '../modules/admin/admin-bootstrap';
import { createProfileService, type ProfileService } from '../modules/profile/profile-service';
import { setUploadsRoot } from '../modules/uploads/uploads-service';
import { configureFundPasswords } from '../modules/users/user-checks';
import { createPasswordHasher } from '../security/password';

declare module 'fastify' {
  interface FastifyInstance {
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    profile: ProfileService;
  }
}

export interface ProfileServicesOptions {
  /** Defaults to process.env: UPLOADS_DIR, ADMIN_ACCOUNT, ADMIN_PASSWORD. */
  env?: NodeJS.ProcessEnv;
}

export const profileServicesPlugin = fp<ProfileServicesOptions>(
  async (app, options) => {
    const env = options.env ?? process.env;
    const database = app.config.database;
    setUploadsRoot(
      env.UPLOADS_DIR
        ? path.resolve(env.UPLOADS_DIR)
        : database.kind === 'pglite' && database.dataDir
          ? path.join(database.dataDir, 'uploads')
          : path.join(os.tmpdir(), 'kabu-uploads'),
    );
    const hasher = createPasswordHasher({ cost: app.config.passwordCost });
    configureFundPasswords({ hasher });
    app.decorate('profile', createProfileService({ db: app.db, hasher, now: app.config.now }));

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      // sessionUser.role was read from users.role by this request's session lookup.
      if (request.sessionUser?.role !== 'admin') return reply.code(403).send({ status: 0, msg: 'forbidden' });
      return undefined;
    });

    if (env.ADMIN_ACCOUNT && env.ADMIN_PASSWORD) {
      const outcome = await ensureAdmin(app.db, hasher, {
        account: env.ADMIN_ACCOUNT,
        password: env.ADMIN_PASSWORD,
        resetPassword: false,
      });
      app.log.info({ account: env.ADMIN_ACCOUNT, outcome }, 'administrator bootstrap');
    }
  },
  { name: 'profile-services', dependencies: ['config', 'db', 'services'] },
);
