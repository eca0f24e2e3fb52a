/**
 * Everything the app can be told, with defaults. main.ts fills it from the environment; tests pass
 * it directly. Resolved once into AppConfig, decorated on the app by the config plugin.
 */
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { DatabaseConfig } from './db/database';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './modules/sign-in/account-service';
import { DEFAULT_PASSWORD_RESET_POLICY, type PasswordResetPolicy } from './modules/sign-in/password-reset-service';
import { DEFAULT_MAIL_FROM, type MailSettings } from './modules/mail/mailer';
import type { PriceSource } from './modules/assets/price-source';
import type { TestClock } from './clock';
import type { TrustProxy } from './environment';
import { OWASP_SCRYPT, type ScryptCost } from './security/password';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './security/rate-limit';

/** The repository root, found from this file (src/ under jest, dist/ when compiled). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** server/public: the logo, the support page. */
export const PUBLIC_DIR = path.resolve(__dirname, '..', 'public');

export interface AppOptions {
  database: DatabaseConfig;
  /** Folder holding shell/dist and <remote>/dist (default: the repository root). */
  webRoot?: string;
  /** An override remotes.json, re-read on every request (REMOTES_JSON). */
  remotesJsonPath?: string;
  /** Cost of new password hashes (tests lower it; production keeps OWASP's). */
  passwordCost?: ScryptCost;
  rateLimits?: Partial<RateLimits>;
  session?: Partial<SessionPolicy>;
  /** Where holdings get their current price; default: the market-data provider (live simulated prices). */
  prices?: PriceSource;
  /**
   * A movable test clock (TEST_CLOCK_START): becomes `now` unless `now` is given, and enables
   * POST /api/vue/test/clock. Never set in production.
   */
  testClock?: TestClock;
  /** Order matcher period in ms on the app clock (default 1000); 0 disables the timer (tests run it directly). */
  matcherIntervalMs?: number;
  /**
   * Background-job pass period in ms on the app clock (default 5000): new-share draws, payment
   * deadlines and listings (modules/jobs). 0 disables the timer (tests run passes directly).
   */
  jobIntervalMs?: number;
  /** Outgoing mail (SMTP_URL, SMTP_FROM); without an SMTP URL mails are written to the log. */
  mail?: Partial<MailSettings>;
  /** Password-reset code lifetime, tries and request limits (tests tighten or relax them). */
  passwordReset?: Partial<PasswordResetPolicy>;
  /**
   * Which X-Forwarded-For hops are believed (rate limits and the audit log key on the client IP): a number of
   * proxy hops or the proxies' addresses/CIDRs (TRUST_PROXY, environment.ts). Default: none.
   */
  trustProxy?: TrustProxy;
  /**
   * Seed the demonstration data (new-share issues, copy-trading products, block listings): DEMO_DATA. Undefined
   * leaves each seeder's own default (off under jest except the block listings).
   */
  demoData?: boolean;
  /** NODE_ENV=production: mails are never written to the log (main.ts refuses to start without SMTP_URL). */
  production?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The clock money rules read (withdrawal hours, loan due dates); tests set it, never the wall clock. */
  now?: () => Date;
}

export interface AppConfig {
  database: DatabaseConfig;
  webRoot: string;
  publicDir: string;
  remotesJsonPath: string | undefined;
  passwordCost: ScryptCost;
  rateLimits: RateLimits;
  session: SessionPolicy;
  prices: PriceSource | undefined;
  now: () => Date;
  testClock: TestClock | undefined;
  matcherIntervalMs: number;
  jobIntervalMs: number;
  mail: MailSettings;
  passwordReset: PasswordResetPolicy;
  demoData: boolean | undefined;
}

export function resolveConfig(options: AppOptions): AppConfig {
  return {
    database: options.database,
    webRoot: path.resolve(options.webRoot ?? REPO_ROOT),
    publicDir: PUBLIC_DIR,
    remotesJsonPath: options.remotesJsonPath ? path.resolve(options.remotesJsonPath) : undefined,
    passwordCost: options.passwordCost ?? OWASP_SCRYPT,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    session: { ...DEFAULT_SESSION_POLICY, ...options.session },
    prices: options.prices,
    now: options.now ?? options.testClock?.now ?? (() => new Date()),
    testClock: options.testClock,
    matcherIntervalMs: options.matcherIntervalMs ?? 1000,
    jobIntervalMs: options.jobIntervalMs ?? 5000,
    mail: {
      smtpUrl: options.mail?.smtpUrl || undefined,
      from: options.mail?.from || DEFAULT_MAIL_FROM,
      production: options.production ?? false,
    },
    passwordReset: { ...DEFAULT_PASSWORD_RESET_POLICY, ...options.passwordReset },
    demoData: options.demoData,
  };
}
