/**
 * Step-up (issue 33 point 2; docs/decisions/0027-second-factors-and-devices.md, amendment of 2026-12-01): a signed-in
 * session proves the password again plus the enrolled second factor before it may add or remove a factor or change
 * the withdrawal card. The second factor is a TOTP or recovery code, or an assertion of one of the user's usable
 * passkeys; an account with neither proves a six-digit code mailed to its registered address instead.
 *
 * /user/stepUpOptions answers the methods (and the passkey request options, or mails the code);
 * /user/stepUp answers a grant: a random token, stored hashed, bound to the session (it dies with it) and to one
 * action, valid five minutes. Gated calls take it as `step_up` (`requireStepUp`); without a live grant they answer
 * `step_up_required`, which the client turns into the step-up dialog. Every attempt counts against the existing
 * throttles: the login-password attempts of modules/passwords and the second-factor code attempts.
 *
 * Every gated change then sends `notice`: an inbox message and an e-mail (no links) naming the change, when, from
 * which device (the session's User-Agent and IP) and what to do if it was not the owner.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { I18nLang } from 'shared/messages';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { MemoryRateStore, RateLimiter, type RateStore } from '../../security/rate-limit';
import { hashMailedCode, hashToken, isWellFormedToken, mailedCodeMatches, newToken } from '../../security/tokens';
import { notify, type InboxEvent } from '../inbox/inbox-service';
import type { Mailer } from '../mail/mailer';
import type { NoticeMailer } from '../mail/notice-mail';
import { stepUpCodeMail } from '../mail/security-mail';
import { findUserById } from '../users/users-repository';
import { STEP_UP_ACTIONS } from 'shared/contract';
import { toI18nLang } from '../wire/lang';
import { deviceLabel } from './devices';
import type { PasskeyService, RelyingParty } from './passkey-service';
import type { SecondFactorService } from './second-factor-service';

/** The gated actions are the contract's (one list for the server and the clients). */
export { STEP_UP_ACTIONS };
export type StepUpAction = (typeof STEP_UP_ACTIONS)[number];
export type StepUpMethod = 'totp' | 'passkey' | 'email';

/** A grant's life: the gated calls of its action within five minutes. */
export const STEP_UP_SECONDS = 300;
export const EMAIL_CODE_SECONDS = 600;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** E-mail codes sent per user (each request replaces the live code). */
export const EMAIL_CODE_RATE = { max: 5, windowMs: 15 * 60_000 };

/**
 * Factors a session (or step-up) may prove: password, totp, recovery, passkey (a passkey registered with a second
 * factor), passkey_basic (a passkey registered without one), email_code (step-ups only).
 */
export type Factor = 'password' | 'totp' | 'recovery' | 'passkey' | 'passkey_basic' | 'email_code';

/**
 * The back office's rule on a session's factors (and whether a passkey registered by it counts there): TOTP, a
 * recovery code, or a passkey that was itself registered with a second factor. An e-mail code or a passkey
 * registered from a password-only session does not count.
 */
export function provesSecondFactor(factors: readonly string[]): boolean {
  return factors.some((factor) => factor === 'totp' || factor === 'recovery' || factor === 'passkey');
}

/** The factor a passkey proves: `passkey` only when it was registered with a second factor. */
export const passkeyFactor = (passkey: { secondFactor: boolean }): Factor =>
  passkey.secondFactor ? 'passkey' : 'passkey_basic';

export const splitFactors = (text: string): Factor[] => (text ? (text.split(',') as Factor[]) : []);

/** The session a step-up belongs to: its user and its token's hash. */
export interface StepUpSession {
  userId: bigint;
  tokenHash: string;
}

export interface StepUpInput {
  action: StepUpAction;
  password: string;
  code?: string;
  passkey?: string;
  email_code?: string;
  lang?: string;
}

/** A live grant: what it proved, the session's own factors, and the language of the notices. */
export interface StepUpGrant {
  factors: Factor[];
  sessionFactors: Factor[];
  lang: I18nLang;
  /** The grant or its session proved a second factor (provesSecondFactor). */
  secondFactor: boolean;
}

/** "2026-12-01 21:50 UTC": the notices' time, the same in every language. */
const noticeTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function createStepUpService(deps: {
  db: Database;
  mailer: Mailer;
  /** The login password check with its throttle (modules/passwords, verifyLoginPassword). */
  verifyPassword: (userId: bigint, password: string) => Promise<void>;
  secondFactor: SecondFactorService;
  passkeys: PasskeyService;
  /** The app clock: a notice is stamped like the change it announces. */
  now?: () => Date;
  /** The notices' mails (modules/mail/notice-mail.ts): sent after the commit, never awaited. */
  notices: NoticeMailer;
  /** The app's rate-limit store (shared across instances with REDIS_URL). */
  rateStore?: RateStore;
}) {
  const { db, mailer, secondFactor, passkeys, notices } = deps;
  const now = deps.now ?? (() => new Date());
  const mailLimiter = new RateLimiter(deps.rateStore ?? new MemoryRateStore(), 'step-up-mail', EMAIL_CODE_RATE);

  async function methodsOf(userId: bigint): Promise<StepUpMethod[]> {
    const totp = await db.tx((tx) => secondFactor.isEnabled(tx, userId));
    const passkey = await passkeys.hasUsable(userId);
    const methods: StepUpMethod[] = [];
    if (totp) methods.push('totp');
    if (passkey) methods.push('passkey');
    return methods.length ? methods : ['email'];
  }

  async function sendEmailCode(userId: bigint, lang: I18nLang): Promise<void> {
    if (!(await mailLimiter.take(String(userId)))) throw new BusinessError('too_frequent');
    const user = await db.tx((tx) => findUserById(tx, userId));
    if (!user?.email) throw new BusinessError('account_not_found');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.tx((tx) =>
      tx.execute(sql`
        INSERT INTO step_up_email_codes (user_id, code_hash, attempts, expires_at)
        VALUES (${userId}, ${hashMailedCode(code)}, 0,
                now() + make_interval(secs => ${EMAIL_CODE_SECONDS}))
        ON CONFLICT (user_id) DO UPDATE
          SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at`),
    );
    await mailer.send({ to: user.email, ...stepUpCodeMail(lang, code, EMAIL_CODE_SECONDS / 60) });
  }

  /** Checks and spends the mailed code in one transaction (the row locked: a wrong try is counted first). */
  async function checkEmailCode(tx: Tx, userId: bigint, code: string): Promise<boolean> {
    const [row] = await queryRows<{ code_hash: string; attempts: number; live: boolean }>(
      tx,
      sql`SELECT code_hash, attempts, expires_at > now() AS live FROM step_up_email_codes
          WHERE user_id = ${userId} FOR UPDATE`,
    );
    if (!row) return false;
    if (!row.live || row.attempts >= EMAIL_CODE_MAX_ATTEMPTS || !mailedCodeMatches(code, row.code_hash)) {
      if (row.live && row.attempts + 1 < EMAIL_CODE_MAX_ATTEMPTS)
        await tx.execute(sql`UPDATE step_up_email_codes SET attempts = attempts + 1 WHERE user_id = ${userId}`);
      else await tx.execute(sql`DELETE FROM step_up_email_codes WHERE user_id = ${userId}`);
      return false;
    }
    await tx.execute(sql`DELETE FROM step_up_email_codes WHERE user_id = ${userId}`);
    return true;
  }

  /** The second factor of a step-up, by the methods the account has; answers the factor proven. */
  async function proveSecond(userId: bigint, input: StepUpInput, rp: RelyingParty): Promise<Factor> {
    const methods = await methodsOf(userId);
    if (input.passkey && methods.includes('passkey'))
      return passkeyFactor(await passkeys.verifyStepUp(userId, input.passkey, rp));
    if (methods.includes('totp')) {
      if (!input.code) throw new BusinessError('step_up_code_required', { field: 'code' });
      await secondFactor.takeAttempt(userId);
      const check = await db.tx((tx) => secondFactor.checkCode(tx, userId, input.code!));
      if (!check.ok) throw new BusinessError(check.key, { field: 'code' });
      return check.recovery ? 'recovery' : 'totp';
    }
    if (methods.includes('passkey')) throw new BusinessError('step_up_passkey_required', { field: 'passkey' });
    if (!input.email_code) throw new BusinessError('step_up_email_code_wrong', { field: 'email_code' });
    await secondFactor.takeAttempt(userId);
    if (!(await db.tx((tx) => checkEmailCode(tx, userId, input.email_code!))))
      throw new BusinessError('step_up_email_code_wrong', { field: 'email_code' });
    return 'email_code';
  }

  return {
    methodsOf,

    /**
     * What the step-up dialog should ask for: the methods, passkey request options when the user has a usable
     * passkey, and (for an account with no second factor) a code mailed now.
     */
    async options(userId: bigint, lang: string | undefined, rp: RelyingParty) {
      const methods = await methodsOf(userId);
      const options = methods.includes('passkey') ? (await passkeys.stepUpOptions(userId, rp)).options : null;
      const emailSent = methods.includes('email');
      if (emailSent) await sendEmailCode(userId, toI18nLang(lang));
      return { methods, options, email_sent: emailSent };
    },

    /** The password, then the second factor; answers a grant for `input.action` (the token shown once). */
    async stepUp(session: StepUpSession, input: StepUpInput, rp: RelyingParty) {
      await deps.verifyPassword(session.userId, input.password);
      const second = await proveSecond(session.userId, input, rp);
      const token = newToken();
      const factors: Factor[] = ['password', second];
      const [row] = await db.tx(async (tx) => {
        await tx.execute(sql`DELETE FROM step_up_grants WHERE expires_at <= now()`);
        return queryRows<{ expires_at: Date | string }>(
          tx,
          sql`INSERT INTO step_up_grants (token_hash, session_token_hash, action, factors, lang, expires_at)
              SELECT ${hashToken(token)}, token_hash, ${input.action}, ${factors.join(',')}, ${input.lang ?? 'cn'},
                     now() + make_interval(secs => ${STEP_UP_SECONDS})
              FROM sessions WHERE token_hash = ${session.tokenHash}
              RETURNING expires_at`,
        );
      });
      if (!row) throw new BusinessError('step_up_required');
      return { step_up: token, expires_at: new Date(row.expires_at).toISOString(), factors };
    },

    /**
     * The grant a gated call needs: live, of this session, for this action. `step_up_required` otherwise (the
     * client then opens the step-up dialog). Time-boxed, not spent: the action's calls (options, then register)
     * share it for five minutes.
     */
    async require(session: StepUpSession, token: string | undefined, action: StepUpAction): Promise<StepUpGrant> {
      if (!isWellFormedToken(token)) throw new BusinessError('step_up_required', { field: 'step_up' });
      const [row] = await db.tx((tx) =>
        queryRows<{ factors: string; session_factors: string; lang: string }>(
          tx,
          sql`SELECT g.factors, s.factors AS session_factors, g.lang
              FROM step_up_grants g JOIN sessions s ON s.token_hash = g.session_token_hash
              WHERE g.token_hash = ${hashToken(token)} AND g.session_token_hash = ${session.tokenHash}
                AND s.user_id = ${session.userId} AND g.action = ${action} AND g.expires_at > now()`,
        ),
      );
      if (!row) throw new BusinessError('step_up_required', { field: 'step_up' });
      const factors = splitFactors(row.factors);
      const sessionFactors = splitFactors(row.session_factors);
      return {
        factors,
        sessionFactors,
        lang: toI18nLang(row.lang),
        secondFactor: provesSecondFactor([...factors, ...sessionFactors]),
      };
    },

    /**
     * Tells the owner about a change: an inbox message (rendered in the reader's language when read) and an e-mail
     * in `lang`, with the session's device and IP and the time. The mail never holds a link.
     */
    async notice(session: StepUpSession, event: InboxEvent, lang: I18nLang): Promise<void> {
      const at = now();
      const { values, email } = await db.tx(async (tx) => {
        const [device] = await queryRows<{ user_agent: string; ip: string }>(
          tx,
          sql`SELECT user_agent, ip FROM sessions WHERE token_hash = ${session.tokenHash}`,
        );
        const told = {
          device: deviceLabel(device?.user_agent ?? '') || '-',
          ip: device?.ip || '-',
          at: noticeTime(at),
        };
        await notify(tx, session.userId, { key: event, values: told }, at);
        return { values: told, email: (await findUserById(tx, session.userId))?.email };
      });
      // After the commit, without waiting; a mail outage must not undo the change (the inbox has the notice).
      notices.send(email ?? undefined, { key: event, values }, lang);
    },
  };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
