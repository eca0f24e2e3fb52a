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
import type { I18nLang } from 'shared/messages';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import { MemoryRateStore, RateLimiter, type RateStore } from '../../security/rate-limit';
import { hashMailedCode, hashToken, isWellFormedToken, newToken } from '../../security/tokens';
import { notify, type InboxEvent } from '../inbox/inbox-service';
import type { Mailer } from '../mail/mailer';
import type { NoticeMailer } from '../mail/notice-mail';
import { stepUpCodeMail } from '../mail/security-mail';
import { noticeTime } from '../common/notice-time';
import { findUserById } from '../users/users-repository';
import { STEP_UP_ACTIONS } from 'shared/contract';
import { toI18nLang } from '../wire/lang';
import { deviceLabel } from './devices';
import { findLiveGrant, insertGrant, sessionDeviceOf, spendEmailCode, upsertEmailCode } from './step-up-repository';
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

/** What the step-up's checks use: the database, the code mailer and its limit, TOTP and passkeys. */
interface StepUpContext {
  db: Database;
  mailer: Mailer;
  mailLimiter: RateLimiter;
  secondFactor: SecondFactorService;
  passkeys: PasskeyService;
}

async function methodsOf(ctx: StepUpContext, userId: bigint): Promise<StepUpMethod[]> {
  const totp = await ctx.db.tx((tx) => ctx.secondFactor.isEnabled(tx, userId));
  const passkey = await ctx.passkeys.hasUsable(userId);
  const methods: StepUpMethod[] = [];
  if (totp) methods.push('totp');
  if (passkey) methods.push('passkey');
  return methods.length ? methods : ['email'];
}

async function sendEmailCode(ctx: StepUpContext, userId: bigint, lang: I18nLang): Promise<void> {
  const { db, mailer } = ctx;
  if (!(await ctx.mailLimiter.take(String(userId)))) throw new BusinessError('too_frequent');
  const user = await db.tx((tx) => findUserById(tx, userId));
  if (!user?.email) throw new BusinessError('account_not_found');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.tx((tx) => upsertEmailCode(tx, userId, hashMailedCode(code), EMAIL_CODE_SECONDS));
  await mailer.send({ to: user.email, ...stepUpCodeMail(lang, code, EMAIL_CODE_SECONDS / 60) });
}

/** The second factor of a step-up, by the methods the account has; answers the factor proven. */
async function proveSecond(ctx: StepUpContext, userId: bigint, input: StepUpInput, rp: RelyingParty): Promise<Factor> {
  const { db, secondFactor, passkeys } = ctx;
  const methods = await methodsOf(ctx, userId);
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
  if (!(await db.tx((tx) => spendEmailCode(tx, userId, input.email_code!, EMAIL_CODE_MAX_ATTEMPTS))))
    throw new BusinessError('step_up_email_code_wrong', { field: 'email_code' });
  return 'email_code';
}

/**
 * The grant a gated call needs: live, of this session, for this action. `step_up_required` otherwise (the
 * client then opens the step-up dialog). Time-boxed, not spent: the action's calls (options, then register)
 * share it for five minutes.
 */
async function requireGrant(
  db: Database,
  session: StepUpSession,
  token: string | undefined,
  action: StepUpAction,
): Promise<StepUpGrant> {
  if (!isWellFormedToken(token)) throw new BusinessError('step_up_required', { field: 'step_up' });
  const row = await db.tx((tx) =>
    findLiveGrant(tx, {
      tokenHash: hashToken(token),
      sessionTokenHash: session.tokenHash,
      userId: session.userId,
      action,
    }),
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
}

/**
 * Tells the owner about a change: an inbox message (rendered in the reader's language when read) and an e-mail
 * in `lang`, with the session's device and IP and the time. The mail never holds a link.
 */
async function sendNotice(
  deps: { db: Database; notices: NoticeMailer; now: () => Date },
  session: StepUpSession,
  event: InboxEvent,
  lang: I18nLang,
): Promise<void> {
  const { db, notices, now } = deps;
  const at = now();
  const { values, email } = await db.tx(async (tx) => {
    const device = await sessionDeviceOf(tx, session.tokenHash);
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
}

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

  const ctx: StepUpContext = { db, mailer, mailLimiter, secondFactor, passkeys };

  return {
    /** The second factors the account can prove a step-up with (email when it has none). */
    methodsOf: (userId: bigint) => methodsOf(ctx, userId),

    /**
     * What the step-up dialog should ask for: the methods, passkey request options when the user has a usable
     * passkey, and (for an account with no second factor) a code mailed now.
     */
    async options(userId: bigint, lang: string | undefined, rp: RelyingParty) {
      const methods = await methodsOf(ctx, userId);
      const options = methods.includes('passkey') ? (await passkeys.stepUpOptions(userId, rp)).options : null;
      const emailSent = methods.includes('email');
      if (emailSent) await sendEmailCode(ctx, userId, toI18nLang(lang));
      return { methods, options, email_sent: emailSent };
    },

    /** The password, then the second factor; answers a grant for `input.action` (the token shown once). */
    async stepUp(session: StepUpSession, input: StepUpInput, rp: RelyingParty) {
      await deps.verifyPassword(session.userId, input.password);
      const second = await proveSecond(ctx, session.userId, input, rp);
      const token = newToken();
      const factors: Factor[] = ['password', second];
      const row = await db.tx((tx) =>
        insertGrant(tx, {
          tokenHash: hashToken(token),
          sessionTokenHash: session.tokenHash,
          action: input.action,
          factors: factors.join(','),
          lang: input.lang ?? 'cn',
          seconds: STEP_UP_SECONDS,
        }),
      );
      if (!row) throw new BusinessError('step_up_required');
      return { step_up: token, expires_at: new Date(row.expires_at).toISOString(), factors };
    },

    /**
     * The grant a gated call needs: live, of this session, for this action. `step_up_required` otherwise (the
     * client then opens the step-up dialog). Time-boxed, not spent: the action's calls (options, then register)
     * share it for five minutes.
     */
    require: (session: StepUpSession, token: string | undefined, action: StepUpAction) =>
      requireGrant(db, session, token, action),

    /**
     * Tells the owner about a change: an inbox message (rendered in the reader's language when read) and an e-mail
     * in `lang`, with the session's device and IP and the time. The mail never holds a link.
     */
    notice: (session: StepUpSession, event: InboxEvent, lang: I18nLang) =>
      sendNotice({ db, notices, now }, session, event, lang),
  };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
