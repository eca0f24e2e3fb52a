/**
 * Password reset by email (/user/passwordResetRequest, /user/passwordReset).
 *
 * Decisions (server/README.md):
 * - The request answers the same success for any well-formed account, known or not, and the mail
 *   goes out after the answer (no account enumeration by message or by timing). The per-account
 *   limit counts unknown accounts too, so it reveals nothing either.
 * - A code is six random digits, stored as a salted sha256, valid 15 minutes on the app clock, one
 *   live code per user (a new request replaces it), single use; five wrong tries delete it.
 * - A wrong code, an expired one and an unknown account are the same refusal (reset_code_invalid).
 * - The new password is hashed like registration's; every session of the user ends, every passkey is suspended
 *   until the owner confirms it (or removes it) after a step-up, and the inbox says so (issue 33 point 2: whoever
 *   reset the password cannot keep or plant a passkey that outlives it).
 */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { InputOf } from '../../contract-input';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import type { PasswordHasher } from '../../security/password';
import { assertPasswordAllowed } from '../../security/password-policy';
import { QueueFullError } from '../../security/semaphore';
import { hashMailedCode, mailedCodeMatches } from '../../security/tokens';
import { MemoryRateStore, RateLimiter, type RateRule, type RateStore } from '../../security/rate-limit';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/password-reset-mail';
import { noticeTime } from '../common/notice-time';
import { notify } from '../inbox/inbox-service';
import { setPasswordHash } from '../passwords/passwords-repository';
import { suspendPasskeys } from '../second-factor/passkeys-repository';
import { deleteUserSessions } from '../sessions/sessions-repository';
import { toI18nLang } from '../wire/lang';
import { countWrongAttempt, deleteResetCode, lockResetCode, replaceResetCode } from './password-reset-repository';
import { clearFailedLogins } from './login-lock';
import { findUserByAccount } from '../users/users-repository';

export interface PasswordResetPolicy {
  /** How long a code stays valid. */
  codeTtlMs: number;
  /** Wrong tries that delete a code. */
  maxAttempts: number;
  /** Code requests per account (known or not). */
  requestsPerAccount: RateRule;
  /** Code requests per client IP. */
  requestsPerIp: RateRule;
  /** Reset tries (right or wrong) per client IP. */
  resetsPerIp: RateRule;
}

export const DEFAULT_PASSWORD_RESET_POLICY: PasswordResetPolicy = {
  codeTtlMs: 15 * 60_000,
  maxAttempts: 5,
  requestsPerAccount: { max: 3, windowMs: 3_600_000 },
  requestsPerIp: { max: 10, windowMs: 3_600_000 },
  resetsPerIp: { max: 30, windowMs: 3_600_000 },
};

/** Over a limit until `until`: a code request says when a new code can be asked (reset_too_frequent). */
const tooFrequent = (until: Date, key: 'too_frequent' | 'reset_too_frequent' = 'too_frequent') =>
  new BusinessError(key, { values: { until: until.toISOString() } });

/** What a reset checks and writes with: the database, the hasher, the app clock, the policy and its IP limit. */
interface ResetContext {
  db: Database;
  hasher: PasswordHasher;
  now: () => Date;
  policy: PasswordResetPolicy;
  resetIp: RateLimiter;
}

/** Undefined when the attempt is recorded, else the instant the next one may be. */
async function refusedUntil(limiter: RateLimiter, key: string): Promise<Date | undefined> {
  const attempt = await limiter.attempt(key);
  return attempt.allowed ? undefined : attempt.until;
}

/**
 * /user/passwordReset: the code is checked (a wrong try counted) before the slow hash and consumed after it, in one
 * transaction that also ends every session, suspends every passkey and unlocks a login lock.
 */
async function resetPassword(ctx: ResetContext, input: InputOf<'passwordReset'>, ip: string): Promise<void> {
  const { db, hasher, now, policy } = ctx;
  const ipUntil = await refusedUntil(ctx.resetIp, ip);
  if (ipUntil) throw tooFrequent(ipUntil);
  const invalid = () => new BusinessError('reset_code_invalid', { field: 'code' });
  // The code is checked (and a wrong try counted) before the slow hash; consumed after it.
  const found = await db.tx(async (tx) => {
    const user = await findUserByAccount(tx, input.account);
    if (!user) return undefined;
    const row = await lockResetCode(tx, user.id);
    if (!row) return undefined;
    if (row.expiresAt.getTime() <= now().getTime() || row.attempts >= policy.maxAttempts) {
      await deleteResetCode(tx, user.id);
      return undefined;
    }
    if (!mailedCodeMatches(input.code, row.codeHash)) {
      const attempts = await countWrongAttempt(tx, user.id);
      if (attempts >= policy.maxAttempts) await deleteResetCode(tx, user.id);
      return undefined;
    }
    return { id: user.id, codeHash: row.codeHash, email: user.email };
  });
  if (!found) throw invalid();
  // After the code (a wrong code is counted first); a refused password leaves the code for another try.
  assertPasswordAllowed(input.password, { account: input.account, email: found.email });
  let passwordHash: string;
  try {
    passwordHash = await hasher.hash(input.password);
  } catch (error) {
    if (error instanceof QueueFullError) throw new BusinessError('too_frequent');
    throw error;
  }
  await db.tx(async (tx) => {
    // Single use: the same code must still be there (a concurrent reset or a new request wins).
    const row = await lockResetCode(tx, found.id);
    if (!row || row.codeHash !== found.codeHash || row.expiresAt.getTime() <= now().getTime()) throw invalid();
    await deleteResetCode(tx, found.id);
    await setPasswordHash(tx, found.id, passwordHash);
    // A reset by e-mail is the way out of a login lock (docs/decisions/0031).
    await clearFailedLogins(tx, found.id, now(), { unlock: true });
    await deleteUserSessions(tx, found.id);
    await suspendPasskeys(tx, found.id);
    await notify(tx, found.id, { key: 'security_password_reset', values: { at: noticeTime(now()), ip: ip || '-' } });
  });
}

export function createPasswordResetService(deps: {
  db: Database;
  hasher: PasswordHasher;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  policy?: Partial<PasswordResetPolicy>;
  /** The app's rate-limit store (shared across instances with REDIS_URL). */
  rateStore?: RateStore;
}) {
  const { db, hasher, mailer, now, log } = deps;
  const policy = { ...DEFAULT_PASSWORD_RESET_POLICY, ...deps.policy };
  // Sliding windows on the app clock (the test clock moves them); a refusal tells until when the key must wait.
  const store = deps.rateStore ?? new MemoryRateStore();
  const clock = () => now().getTime();
  const limit = {
    account: new RateLimiter(store, 'reset-request-account', policy.requestsPerAccount, clock),
    ip: new RateLimiter(store, 'reset-request-ip', policy.requestsPerIp, clock),
    resetIp: new RateLimiter(store, 'reset-ip', policy.resetsPerIp, clock),
  };
  /** Mails still being sent (the app waits for them when it closes). */
  const pending = new Set<Promise<void>>();

  async function issueAndSend(input: InputOf<'passwordResetRequest'>): Promise<void> {
    const user = await db.tx((tx) => findUserByAccount(tx, input.account));
    if (!user || !user.email) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const issuedAt = now();
    await db.tx((tx) =>
      replaceResetCode(tx, {
        userId: user.id,
        codeHash: hashMailedCode(code),
        createdAt: issuedAt,
        expiresAt: new Date(issuedAt.getTime() + policy.codeTtlMs),
      }),
    );
    const mail = passwordResetMail(toI18nLang(input.lang), code, Math.round(policy.codeTtlMs / 60_000));
    await mailer.send({ to: user.email, ...mail });
  }

  return {
    /** Checks the limits, answers at once; the code is stored and mailed after the answer. */
    async requestCode(input: InputOf<'passwordResetRequest'>, ip: string): Promise<void> {
      const ipUntil = await refusedUntil(limit.ip, ip);
      if (ipUntil) throw tooFrequent(ipUntil, 'reset_too_frequent');
      const accountUntil = await refusedUntil(limit.account, input.account);
      if (accountUntil) throw tooFrequent(accountUntil, 'reset_too_frequent');
      const sending = issueAndSend(input).catch((error: unknown) => {
        log.error({ err: error }, 'password-reset mail failed');
      });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },

    reset: (input: InputOf<'passwordReset'>, ip: string): Promise<void> =>
      resetPassword({ db, hasher, now, policy, resetIp: limit.resetIp }, input, ip),

    /** Waits for the mails still being sent. */
    async idle(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
