/**
 * What the sign-up and sign-in use cases share (account-service.ts builds it once): the database, the hasher and its
 * queue guard, the session policy, the app clock, the rate limits, the notices' mailer, the login challenges and
 * passkey sign-in; and the one place a session is opened (openSession), with the notices it sends.
 */
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import type { PasswordHasher } from '../../security/password';
import type { RateLimiter } from '../../security/rate-limit';
import { QueueFullError } from '../../security/semaphore';
import { hashToken, newToken } from '../../security/tokens';
import { noticeTime } from '../common/notice-time';
import { notify } from '../inbox/inbox-service';
import type { NoticeMailer } from '../mail/notice-mail';
import { deviceLabel, recordLoginDevice, sessionDevice, type ClientInfo } from '../second-factor/devices';
import type { LoginChallenges } from '../second-factor/login-challenge';
import type { PasskeyService } from '../second-factor/passkey-service';
import { provesSecondFactor, type Factor } from '../second-factor/step-up';
import {
  deleteExpiredSessions,
  endOldestSessions,
  insertSession,
  MAX_SESSIONS_PER_USER,
} from '../sessions/sessions-repository';
import type { UserRow } from '../users/users-repository';

export interface SessionPolicy {
  /** A session unused this long expires. */
  idleSeconds: number;
  /** A session expires this long after login, used or not. */
  absoluteSeconds: number;
}

export interface LoginAnswer {
  token: string;
  account: string;
  is_admin: string;
  /** Set instead of a session when a second factor is owed (docs/decisions/0027): token is then empty. */
  second_factor?: 'verify' | 'enrol';
  challenge?: string;
}

export interface SignInContext {
  db: Database;
  hasher: PasswordHasher;
  session: SessionPolicy;
  now: () => Date;
  notices?: NoticeMailer;
  limit: Record<'loginAccount' | 'loginIp' | 'registerAccount' | 'registerIp', RateLimiter>;
  challenges: LoginChallenges;
  passkeys: Pick<PasskeyService, 'verifyLogin'>;
}

/** Hashing is capped; a full queue is answered like any other flood. */
export async function guardQueue<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof QueueFullError) throw new BusinessError('too_frequent');
    throw error;
  }
}

/**
 * A banned or frozen account signs in nowhere. Called only after the credentials are proven, so the refusal may
 * carry the operator's reason (values.reason) to the account's owner.
 */
export function refuseRestricted(user: Pick<UserRow, 'banned' | 'frozen' | 'restrictionReason'>): void {
  const why = user.restrictionReason ? { values: { reason: user.restrictionReason } } : {};
  if (user.banned) throw new BusinessError('account_banned', why);
  if (user.frozen) throw new BusinessError('account_frozen', why);
}

/**
 * A new session for the user: login, and registration (the new account is logged in). `factors`: what it proved
 * (sessions.factors); its `second_factor` flag, what /admin/ calls need, is the back office's rule on them
 * (provesSecondFactor: TOTP, a recovery code, or a passkey registered with a second factor).
 */
export async function openSession(
  ctx: SignInContext,
  user: { id: bigint; account: string; role: 'user' | 'admin'; email?: string },
  client: ClientInfo,
  factors: Factor[] = ['password'],
  /** Sign-ins tell the owner (inbox and e-mail: docs/decisions/0031); a registration's first session does not. */
  signIn = true,
): Promise<LoginAnswer> {
  const { db, session, now } = ctx;
  const secondFactor = provesSecondFactor(factors);
  const token = newToken();
  const device = sessionDevice(client);
  const tokenHash = hashToken(token);
  const { email } = user;
  const notice = await db.tx(async (tx) => {
    await deleteExpiredSessions(tx, session.idleSeconds);
    await insertSession(tx, {
      tokenHash,
      userId: user.id,
      absoluteSeconds: session.absoluteSeconds,
      secondFactor,
      factors,
    });
    // At most MAX_SESSIONS_PER_USER at once: the oldest ends (its token answers 401 from then on), and the owner
    // is told which device was signed out and why (inbox), so a session that stops working is explained.
    const ended = await endOldestSessions(tx, user.id);
    const newDevice = await recordLoginDevice(tx, { userId: user.id, tokenHash }, device);
    const values = { device: deviceLabel(device.userAgent) || '-', ip: device.ip || '-', at: noticeTime(now()) };
    for (const old of ended)
      await notify(tx, user.id, {
        key: 'session_cap_ended',
        values: {
          ...values,
          ended_device: deviceLabel(old.userAgent) || '-',
          since: noticeTime(old.createdAt),
          max: String(MAX_SESSIONS_PER_USER),
        },
      });
    if (!signIn) return undefined;
    // A new device is in the inbox (new_device_login); every sign-in is mailed (docs/decisions/0031).
    return newDevice ? { key: 'new_device_login' as const, values } : { key: 'login' as const, values };
  });
  if (notice) ctx.notices?.send(email, notice);
  // The role comes from the database; is_admin is only a UI hint for the client.
  return { token, account: user.account, is_admin: user.role === 'admin' ? '1' : '' };
}
