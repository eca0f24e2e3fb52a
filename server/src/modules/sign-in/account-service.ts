/**
 * Registration, login, logout and session lookup: the account rules of spec §5/§6 and the session
 * rules of ARCHITECTURE.md "Database". Slow password hashing always runs outside the database
 * transaction, so it never holds PGlite's single session.
 *
 * Decisions (server/README.md):
 * - Login answers wrong_credentials for an unknown account and for a wrong password alike, and an
 *   unknown account still costs one hash: no account enumeration by message or by timing.
 * - An invite code is the inviter's random `invite_code`, never their account (a phone number).
 * - Banned and frozen are reported only after the password is verified.
 */
import type { InputOf } from '../../contract-input';
import type { Database } from '../../db/database';
import { BusinessError, SessionError } from '../../errors';
import type { PasswordHasher } from '../../security/password';
import { assertPasswordAllowed } from '../../security/password-policy';
import { QueueFullError } from '../../security/semaphore';
import { MemoryRateStore, RateLimiter, type RateLimits, type RateStore } from '../../security/rate-limit';
import { hashToken, isWellFormedToken, newInviteCode, newToken } from '../../security/tokens';
import { openUserAccounts } from '../ledger/ledger-repository';
import { deviceLabel, recordLoginDevice, sessionDevice, type ClientInfo } from '../second-factor/devices';
import type { LoginChallenges } from '../second-factor/login-challenge';
import type { PasskeyService, RelyingParty } from '../second-factor/passkey-service';
import { passkeyFactor, provesSecondFactor, type Factor } from '../second-factor/step-up';
import { getConfigValue } from '../site-config/site-config-repository';
import { notify } from '../inbox/inbox-service';
import type { NoticeMailer } from '../mail/notice-mail';
import { clearFailedLogins, countFailedLogin, LOGIN_LOCK, refuseLocked, accountLocked } from './login-lock';
import {
  deleteExpiredSessions,
  deleteSession,
  endOldestSessions,
  MAX_SESSIONS_PER_USER,
  insertSession,
  touchSession,
  type SessionUser,
} from '../sessions/sessions-repository';
import {
  findUserByAccount,
  findUserById,
  findUserIdByInviteCode,
  insertUser,
  type UserRow,
} from '../users/users-repository';

export interface SessionPolicy {
  /** A session unused this long expires. */
  idleSeconds: number;
  /** A session expires this long after login, used or not. */
  absoluteSeconds: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleSeconds: 2 * 3600, absoluteSeconds: 24 * 3600 };

/** What registration reads of the /user/register body (password2 and agree are checked by the schema). */
export type RegisterInput = Pick<InputOf<'register'>, 'account' | 'email' | 'password' | 'invite_code'>;

export interface LoginAnswer {
  token: string;
  account: string;
  is_admin: string;
  /** Set instead of a session when a second factor is owed (docs/decisions/0027): token is then empty. */
  second_factor?: 'verify' | 'enrol';
  challenge?: string;
}

/**
 * A banned or frozen account signs in nowhere. Called only after the credentials are proven, so the refusal may
 * carry the operator's reason (values.reason) to the account's owner.
 */
function refuseRestricted(user: Pick<UserRow, 'banned' | 'frozen' | 'restrictionReason'>): void {
  const why = user.restrictionReason ? { values: { reason: user.restrictionReason } } : {};
  if (user.banned) throw new BusinessError('account_banned', why);
  if (user.frozen) throw new BusinessError('account_frozen', why);
}

/** "2026-12-01 21:50 UTC": a notice's time as text, the same in every language (as step-up.ts's notices). */
export const noticeTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function createAccountService(deps: {
  db: Database;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  /** Where the limits' attempts are kept (the app's store: shared across instances with REDIS_URL). */
  rateStore?: RateStore;
  session: SessionPolicy;
  /** The app clock (the login lock's window). */
  now?: () => Date;
  /** The e-mail copies of the lock and sign-in notices (sent after commit). */
  notices?: NoticeMailer;
  /** The second step of a password login (plugins/security-services.ts builds it). */
  challenges: LoginChallenges;
  /** Passkey sign-in (plugins/security-services.ts builds it). */
  passkeys: Pick<PasskeyService, 'verifyLogin'>;
}) {
  const { challenges, passkeys } = deps;
  const { db, hasher, session } = deps;
  const now = deps.now ?? (() => new Date());
  const rateStore = deps.rateStore ?? new MemoryRateStore();
  const limit = {
    loginAccount: new RateLimiter(rateStore, 'login-account', deps.rateLimits.loginPerAccount),
    loginIp: new RateLimiter(rateStore, 'login-ip', deps.rateLimits.loginPerIp),
    registerAccount: new RateLimiter(rateStore, 'register-account', deps.rateLimits.registerPerAccount),
    registerIp: new RateLimiter(rateStore, 'register-ip', deps.rateLimits.registerPerIp),
  };

  /** Hashing is capped; a full queue is answered like any other flood. */
  const guardQueue = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof QueueFullError) throw new BusinessError('too_frequent');
      throw error;
    }
  };

  /**
   * A new session for the user: login, and registration (the new account is logged in). `factors`: what it proved
   * (sessions.factors); its `second_factor` flag, what /admin/ calls need, is the back office's rule on them
   * (provesSecondFactor: TOTP, a recovery code, or a passkey registered with a second factor).
   */
  async function openSession(
    user: { id: bigint; account: string; role: 'user' | 'admin'; email?: string },
    client: ClientInfo,
    factors: Factor[] = ['password'],
    /** Sign-ins tell the owner (inbox and e-mail: docs/decisions/0031); a registration's first session does not. */
    signIn = true,
  ): Promise<LoginAnswer> {
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
    if (notice) deps.notices?.send(email, notice);
    // The role comes from the database; is_admin is only a UI hint for the client.
    return { token, account: user.account, is_admin: user.role === 'admin' ? '1' : '' };
  }

  /** Counts a wrong password; the try that locks the account tells its owner (inbox, and e-mail after commit). */
  async function countWrongPassword(user: UserRow, client: ClientInfo): Promise<void> {
    const at = now();
    const lock = await db.tx(async (tx) => {
      const counted = await countFailedLogin(tx, user.id, at);
      if (!counted.lockedNow || !counted.lockedUntil) return undefined;
      const notice = {
        key: 'account_locked' as const,
        values: { count: String(counted.failures), ip: client.ip || '-', until: noticeTime(counted.lockedUntil) },
      };
      await notify(tx, user.id, notice, at);
      return notice;
    });
    if (lock) deps.notices?.send(user.email, lock);
  }

  return {
    /** The notices' e-mails still being sent (tests wait for them). */
    idleNotices: () => deps.notices?.idle() ?? Promise.resolve(),

    /** Opens the account and answers its first session, exactly as login would. */
    async register(input: RegisterInput, client: ClientInfo): Promise<LoginAnswer> {
      const { ip } = client;
      if (!(await limit.registerIp.take(ip)) || !(await limit.registerAccount.take(input.account)))
        throw new BusinessError('too_frequent');
      assertPasswordAllowed(input.password, { account: input.account, email: input.email });
      const inviteCode = input.invite_code.trim().toUpperCase();
      const inviterId = await db.tx(async (tx) => {
        const required = (await getConfigValue(tx, 'invite_required')) === '1';
        if (!inviteCode) {
          if (required) throw new BusinessError('invite_code_required', { field: 'invite_code' });
          return null;
        }
        const id = await findUserIdByInviteCode(tx, inviteCode);
        if (id === undefined) throw new BusinessError('inviter_not_found', { field: 'invite_code' });
        return id;
      });
      const passwordHash = await guardQueue(() => hasher.hash(input.password));
      const userId = await db.tx(async (tx) => {
        // A fresh random code can collide with an existing one; retry rather than fail the user.
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const candidate = newInviteCode();
          if ((await findUserIdByInviteCode(tx, candidate)) !== undefined) continue;
          const userId = await insertUser(tx, {
            account: input.account,
            email: input.email,
            passwordHash,
            inviteCode: candidate,
            invitedBy: inviterId,
          });
          if (userId === undefined) throw new BusinessError('account_exists', { field: 'account' });
          await openUserAccounts(tx, userId);
          return userId;
        }
        throw new Error('could not allocate an invite code');
      });
      return openSession({ id: userId, account: input.account, role: 'user' }, client, ['password'], false);
    },

    async login(input: InputOf<'login'>, client: ClientInfo): Promise<LoginAnswer> {
      const { ip } = client;
      if (!(await limit.loginIp.take(ip)) || !(await limit.loginAccount.take(input.account)))
        throw new BusinessError('too_frequent');
      const user = await db.tx((tx) => findUserByAccount(tx, input.account));
      // A locked account's password is not checked at all (docs/decisions/0031): no oracle while locked.
      if (user) refuseLocked(user, now());
      const valid = user
        ? await guardQueue(() => hasher.verify(input.password, user.passwordHash))
        : await guardQueue(() => hasher.verifyDummy(input.password));
      if (user && !valid) await countWrongPassword(user, client);
      if (!user || !valid) throw new BusinessError('wrong_credentials');
      // A right password that raced past the check above while another try locked the account is refused too.
      const at = now();
      if (!(await db.tx((tx) => clearFailedLogins(tx, user.id, at)))) {
        const locked = await db.tx((tx) => findUserById(tx, user.id));
        throw accountLocked(locked?.lockedUntil ?? new Date(at.getTime() + LOGIN_LOCK.lockMs));
      }
      refuseRestricted(user);
      const owed = await challenges.owed(user);
      if (owed) {
        const isAdmin = user.role === 'admin' ? '1' : '';
        return {
          token: '',
          account: user.account,
          is_admin: isAdmin,
          second_factor: owed.purpose,
          challenge: owed.challenge,
        };
      }
      return openSession(user, client);
    },

    /**
     * Sign-in with a passkey: user verification on the device makes it both factors, so no TOTP step follows.
     * The back office counts it only when the passkey was registered with a second factor (docs/decisions/0027,
     * amendment of 2026-12-01); a suspended passkey signs in to nothing.
     */
    async passkeyLogin(input: InputOf<'passkeyLogin'>, client: ClientInfo, rp: RelyingParty): Promise<LoginAnswer> {
      if (!(await limit.loginIp.take(client.ip))) throw new BusinessError('too_frequent');
      const passkey = await passkeys.verifyLogin(input.credential, rp);
      const user = await db.tx((tx) => findUserById(tx, passkey.userId));
      if (!user) throw new BusinessError('passkey_not_recognised');
      refuseRestricted(user);
      // A passkey sign-in is phishing-resistant: it ends a login lock (docs/decisions/0031).
      await db.tx((tx) => clearFailedLogins(tx, user.id, now(), { unlock: true }));
      return openSession(user, client, [passkeyFactor(passkey)]);
    },

    /** An `enrol` challenge starts the authenticator's enrolment with the CLI's one-time enrolment code. */
    async loginEnrolTotp(input: InputOf<'loginEnrolTotp'>): Promise<{ secret: string; uri: string }> {
      return challenges.enrol(input.challenge, input.enrol_code);
    },

    /** The second step of login: the challenge and a code; answers the session (and new recovery codes). */
    async loginSecondFactor(
      input: InputOf<'loginSecondFactor'>,
      client: ClientInfo,
    ): Promise<LoginAnswer & { recovery_codes?: string[] }> {
      const done = await challenges.complete(input.challenge, input.code);
      const user = await db.tx((tx) => findUserById(tx, done.userId));
      if (!user) throw new BusinessError('second_factor_challenge_invalid');
      refuseRestricted(user);
      const answer = await openSession(user, client, ['password', done.recovery ? 'recovery' : 'totp']);
      return done.recoveryCodes ? { ...answer, recovery_codes: done.recoveryCodes } : answer;
    },

    async logout(token: string): Promise<void> {
      await db.tx((tx) => deleteSession(tx, hashToken(token)));
    },

    /**
     * The user behind the `token` header, which must belong to the `account` header. Throws
     * SessionError (401) otherwise; banned or frozen accounts lose their sessions' use at once.
     */
    async authenticate(token: unknown, account: unknown): Promise<SessionUser> {
      if (!isWellFormedToken(token) || typeof account !== 'string') throw new SessionError();
      const user = await touchSession(db, hashToken(token), session.idleSeconds);
      if (!user || user.account !== account) throw new SessionError();
      if (user.banned) throw new SessionError('account_banned');
      if (user.frozen) throw new SessionError('account_frozen');
      return user;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
