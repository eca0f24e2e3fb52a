/**
 * Infrastructure plugins (fastify-plugin, so they decorate the root instance): config, database,
 * domain services (accounts, assets, the fund-password guard). Domain routes stay encapsulated and
 * only read these decorations.
 */
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createAssetsService, type AssetsService } from '../modules/assets/assets-service';
import { NO_PRICES, type PriceSource } from '../modules/assets/price-source';
import { withInboxSignal, type InboxSignal } from '../modules/inbox/inbox-signal';
import { FundPasswordGuard } from '../modules/passwords/fund-password-guard';
import { createMailer, type Mailer } from '../modules/mail/mailer';
import { createNoticeMailer, type NoticeMailer } from '../modules/mail/notice-mail';
import { createAccountService, type AccountService } from '../modules/sign-in/account-service';
import { createPasswordResetService, type PasswordResetService } from '../modules/sign-in/password-reset-service';
import { createPasswordHasher } from '../security/password';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    /** This app's committed inbox changes (modules/inbox/inbox-signal.ts); the stream plugin sends them on. */
    inboxSignal: InboxSignal;
    accounts: AccountService;
    /** Outgoing mail: SMTP (SMTP_URL) or the log. */
    mailer: Mailer;
    /** Notice e-mails sent after commit (modules/mail/notice-mail.ts). */
    notices: NoticeMailer;
    /** Password reset by a mailed code. */
    passwordResets: PasswordResetService;
    assets: AssetsService;
    /** The fund-password check and its throttle (one per app), shared by withdrawals and passwords. */
    fundPasswords: FundPasswordGuard;
  }
}

export const configPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);

/** Opens the database, brings its schema up to date, and closes it (CHECKPOINT on PGlite) with the app. */
export const databasePlugin = fp(
  async (app) => {
    const db = await openDatabase(app.config.database);
    try {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    } catch (error) {
      await db.close();
      throw error;
    }
    // Inbox changes are told once their transaction commits, to this app only (the stream bus carries them on).
    const signalling = withInboxSignal(db);
    app.decorate('db', signalling.db);
    app.decorate('inboxSignal', signalling.signal);
    app.addHook('onClose', async () => {
      await db.close();
    });
  },
  { name: 'db', dependencies: ['config'] },
);

export const servicesPlugin = fp(
  async (app) => {
    const hasher = createPasswordHasher({ cost: app.config.passwordCost });
    const mailer = createMailer(app.config.mail, app.log);
    if (mailer.kind === 'log') app.log.info('SMTP_URL not set: password-reset mails are written to this log');
    app.decorate('mailer', mailer);
    const notices = createNoticeMailer(mailer, app.log);
    app.decorate('notices', notices);
    app.decorate(
      'accounts',
      createAccountService({
        db: app.db,
        hasher,
        rateLimits: app.config.rateLimits,
        rateStore: app.rateStore,
        session: app.config.session,
        now: app.config.now,
        notices,
        challenges: app.security.challenges,
        passkeys: app.security.passkeys,
      }),
    );
    // Same hasher as registration and login: a reset password is hashed exactly like a new one.
    const passwordResets = createPasswordResetService({
      db: app.db,
      hasher,
      mailer,
      now: app.config.now,
      log: app.log,
      policy: app.config.passwordReset,
      rateStore: app.rateStore,
    });
    app.decorate('passwordResets', passwordResets);
    app.addHook('onClose', async () => {
      await passwordResets.idle();
      await notices.idle();
      mailer.close();
    });
    // Holdings are valued at the market-data provider's live price (registered after this plugin,
    // hence read on each call), unless the app was given its own price source.
    const provider = (): PriceSource => (app.hasDecorator('market') ? app.market.provider : NO_PRICES);
    const prices: PriceSource = app.config.prices ?? {
      lastPrice: (market, code) => provider().lastPrice(market, code),
      nameOf: (market, code, lang) => provider().nameOf?.(market, code, lang),
    };
    app.decorate('assets', createAssetsService(app.db, prices, app.config.now));
    // The account side's hasher (passwords, fund passwords, the administrator bootstrap), apart from
    // the login hasher above: each has its own concurrency cap.
    app.decorate(
      'fundPasswords',
      new FundPasswordGuard(createPasswordHasher({ cost: app.config.passwordCost }), {
        now: () => app.config.now().getTime(),
      }),
    );
  },
  { name: 'services', dependencies: ['config', 'db', 'rate-limits', 'security-services'] },
);
