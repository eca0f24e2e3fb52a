/**
 * The account side's services (fastify-plugin, registered after `services`):
 * - `app.requireAdmin`: an onRequest hook run after `authenticate` on every `admin: true` endpoint.
 *   The role is the one the session lookup just read from the database (users.role); the
 *   `is-admin` header grants nothing. Non-admins get HTTP 403 `{status: 0, msg: 'forbidden'}`.
 * - the uploads folder (DATA_DIR/uploads with PGlite on disk, UPLOADS_DIR, else the OS temp dir);
 * - `app.user`: passwords, identity, bank cards, inbox, images (modules/passwords, identity,
 *   bank-cards, inbox, uploads); `app.news`; `app.admin`: the back office's account calls;
 * - the first administrator from ADMIN_ACCOUNT + ADMIN_PASSWORD at start-up (idempotent).
 */
import os from 'node:os';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ensureAdmin } from '../modules/admin/admin-bootstrap';
import { createAdminService, type AdminService } from '../modules/admin/admin-service';
import { createBankCardService, type BankCardService } from '../modules/bank-cards/bank-card-service';
import { createIdentityService, type IdentityService } from '../modules/identity/identity-service';
import { createInboxService, type InboxService } from '../modules/inbox/inbox-service';
import { createNewsService, type NewsService } from '../modules/news/news-service';
import { createPasswordService, type PasswordService } from '../modules/passwords/password-service';
import { createImageService, type ImageService } from '../modules/uploads/image-service';
import { setUploadsRoot } from '../modules/uploads/uploads-service';

export interface UserServices {
  passwords: PasswordService;
  identity: IdentityService;
  bankCards: BankCardService;
  inbox: InboxService;
  images: ImageService;
}

declare module 'fastify' {
  interface FastifyInstance {
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    user: UserServices;
    news: NewsService;
    admin: AdminService;
  }
}

export interface UserServicesOptions {
  /** Defaults to process.env: UPLOADS_DIR, ADMIN_ACCOUNT, ADMIN_PASSWORD. */
  env?: NodeJS.ProcessEnv;
}

export const userServicesPlugin = fp<UserServicesOptions>(
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
    const { db } = app;
    const now = app.config.now;
    // The hasher shared with the fund-password check (plugins/infra.ts), and its concurrency cap.
    const { fundPasswords } = app;
    const hasher = fundPasswords.hasher;
    app.decorate('user', {
      passwords: createPasswordService({ db, hasher, fundPasswords }),
      identity: createIdentityService({ db, now }),
      bankCards: createBankCardService({ db }),
      inbox: createInboxService({ db }),
      images: createImageService({ db }),
    });
    app.decorate('news', createNewsService({ db }));
    app.decorate('admin', createAdminService({ db, now }));

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      // sessionUser.role was read from users.role by this request's session lookup.
      if (request.sessionUser?.role !== 'admin') return reply.code(403).send({ status: 0, msg: 'forbidden' });
      return undefined;
    });

    if (env.ADMIN_ACCOUNT && env.ADMIN_PASSWORD) {
      const outcome = await ensureAdmin(db, hasher, {
        account: env.ADMIN_ACCOUNT,
        password: env.ADMIN_PASSWORD,
        resetPassword: false,
      });
      app.log.info({ account: env.ADMIN_ACCOUNT, outcome }, 'administrator bootstrap');
    }
  },
  { name: 'user-services', dependencies: ['config', 'db', 'services'] },
);
