/**
 * The account side's services (fastify-plugin, registered after `services`):
 * - `app.requireAdmin(name)`: the onRequest hook run after `authenticate` on the `admin: true` endpoint
 *   `name`. It allows the call only when `adminMayCall` (shared/contract/admin-roles.ts, the one
 *   permission table) allows one of the roles the session lookup just read from admin_roles; the
 *   `is-admin` header grants nothing. Anyone else gets HTTP 403 `{status: 0, msg: 'forbidden'}`; a permitted
 *   administrator whose session was opened without the second factor gets `admin_second_factor_required`.
 * - `app.user`: passwords, identity, bank cards, inbox, images (modules/passwords, identity,
 *   bank-cards, inbox, uploads); `app.news`; `app.admin`: the back office's account calls; `app.adminUsers`: its
 *   users pages; `app.riskDisclosure`: the one risk-disclosure service behind every disclosure pair (0020);
 * - the first administrator from ADMIN_ACCOUNT + ADMIN_PASSWORD at start-up (idempotent).
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminMayCall } from 'shared/contract';
import { ensureAdmin } from '../modules/admin/admin-bootstrap';
import { createAdminService, type AdminService } from '../modules/admin/admin-service';
import { createAdminUsersService, type AdminUsersService } from '../modules/admin/admin-users-service';
import {
  createRiskDisclosureService,
  type RiskDisclosureService,
} from '../modules/risk-disclosure/risk-disclosure-service';
import { createFourEyesService, type FourEyesService } from '../modules/four-eyes/four-eyes-service';
import { createBankCardService, type BankCardService } from '../modules/bank-cards/bank-card-service';
import { createIdentityService, type IdentityService } from '../modules/identity/identity-service';
import { createInboxService, type InboxService } from '../modules/inbox/inbox-service';
import { createNewsService, type NewsService } from '../modules/news/news-service';
import { createPasswordService, type PasswordService } from '../modules/passwords/password-service';
import { createStepUpService, type StepUpService } from '../modules/second-factor/step-up';
import { createImageService, type ImageService } from '../modules/uploads/image-service';

export interface UserServices {
  passwords: PasswordService;
  identity: IdentityService;
  bankCards: BankCardService;
  inbox: InboxService;
  images: ImageService;
}

declare module 'fastify' {
  interface FastifyInstance {
    requireAdmin: (endpointName: string) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    user: UserServices;
    news: NewsService;
    admin: AdminService;
    adminUsers: AdminUsersService;
    riskDisclosure: RiskDisclosureService;
    /** Four-eyes requests (modules/four-eyes); the API layer registers what runs on approval. */
    fourEyes: FourEyesService;
    /** Step-up before factor and withdrawal-card changes (modules/second-factor/step-up.ts). */
    stepUp: StepUpService;
  }
}

export interface UserServicesOptions {
  /** Defaults to process.env: ADMIN_ACCOUNT, ADMIN_PASSWORD. */
  env?: NodeJS.ProcessEnv;
}

export const userServicesPlugin = fp<UserServicesOptions>(
  async (app, options) => {
    const env = options.env ?? process.env;
    const { db } = app;
    const now = app.config.now;
    // The hasher shared with the fund-password check (plugins/infra.ts), and its concurrency cap.
    const { fundPasswords } = app;
    const hasher = fundPasswords.hasher;
    const passwords = createPasswordService({ db, hasher, fundPasswords, rateStore: app.rateStore });
    app.decorate('user', {
      passwords,
      identity: createIdentityService({ db, uploads: app.uploads, now }),
      bankCards: createBankCardService({ db }),
      inbox: createInboxService({ db }),
      images: createImageService({ db, uploads: app.uploads }),
    });
    app.decorate('news', createNewsService({ db }));
    app.decorate('admin', createAdminService({ db, now }));
    app.decorate('adminUsers', createAdminUsersService({ db }));
    app.decorate('riskDisclosure', createRiskDisclosureService({ db, now }));
    app.decorate('fourEyes', createFourEyesService({ db }));
    app.decorate(
      'stepUp',
      createStepUpService({
        db,
        mailer: app.mailer,
        verifyPassword: (userId, password) => passwords.verifyLoginPassword(userId, password),
        secondFactor: app.security.secondFactor,
        passkeys: app.security.passkeys,
        now,
        notices: app.notices,
        rateStore: app.rateStore,
      }),
    );

    app.decorate('requireAdmin', (endpointName: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      // sessionUser.roles were read from admin_roles by this request's session lookup.
      if (!adminMayCall(request.sessionUser?.roles ?? [], endpointName))
        return reply.code(403).send({ status: 0, msg: 'forbidden' });
      // A back-office session must have been opened with the second factor: a user promoted while signed in
      // with a password alone signs in again (docs/decisions/0027).
      if (!request.sessionUser?.secondFactor)
        return reply.code(403).send({ status: 0, msg: 'admin_second_factor_required' });
      return undefined;
    });

    if (env.ADMIN_ACCOUNT && env.ADMIN_PASSWORD) {
      const outcome = await ensureAdmin(db, hasher, {
        account: env.ADMIN_ACCOUNT,
        password: env.ADMIN_PASSWORD,
        resetPassword: false,
      });
      app.log.info({ account: env.ADMIN_ACCOUNT, outcome }, 'administrator bootstrap');
      // Its first sign-in needs the one-time enrolment code, which only the CLI prints (a secret is never logged).
      if (outcome === 'created' || outcome === 'promoted')
        app.log.warn(
          { account: env.ADMIN_ACCOUNT },
          'administrator bootstrap: run `cli.js grant-role <account> admin` for its one-time enrolment code',
        );
    }
  },
  { name: 'user-services', dependencies: ['config', 'db', 'services', 'uploads'] },
);
