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
import { QueueFullError } from '../../security/semaphore';
import { SlidingWindowLimiter, type RateLimits } from '../../security/rate-limit';
import { hashToken, isWellFormedToken, newInviteCode, newToken } from '../../security/tokens';
import { openUserAccounts } from '../ledger/ledger-repository';
import { getConfigValue } from '../site-config/site-config-repository';
import {
  deleteExpiredSessions,
  deleteSession,
  insertSession,
  touchSession,
  type SessionUser,
} from '../sessions/sessions-repository';
import { findUserByAccount, findUserIdByInviteCode, insertUser } from './users-repository';

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
}

export function createAccountService(deps: {
  db: Database;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  session: SessionPolicy;
}) {
  const { db, hasher, session } = deps;
  const limit = {
    loginAccount: new SlidingWindowLimiter(deps.rateLimits.loginPerAccount),
    loginIp: new SlidingWindowLimiter(deps.rateLimits.loginPerIp),
    registerAccount: new SlidingWindowLimiter(deps.rateLimits.registerPerAccount),
    registerIp: new SlidingWindowLimiter(deps.rateLimits.registerPerIp),
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

  /** A new session for the user: login, and registration (the new account is logged in). */
  async function openSession(user: { id: bigint; account: string; role: 'user' | 'admin' }): Promise<LoginAnswer> {
    const token = newToken();
    await db.tx(async (tx) => {
      await deleteExpiredSessions(tx, session.idleSeconds);
      await insertSession(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        absoluteSeconds: session.absoluteSeconds,
      });
    });
    // The role comes from the database; is_admin is only a UI hint for the client.
    return { token, account: user.account, is_admin: user.role === 'admin' ? '1' : '' };
  }

  return {
    /** Opens the account and answers its first session, exactly as login would. */
    async register(input: RegisterInput, ip: string): Promise<LoginAnswer> {
      if (!limit.registerIp.take(ip) || !limit.registerAccount.take(input.account))
        throw new BusinessError('too_frequent');
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
      return openSession({ id: userId, account: input.account, role: 'user' });
    },

    async login(input: InputOf<'login'>, ip: string): Promise<LoginAnswer> {
      if (!limit.loginIp.take(ip) || !limit.loginAccount.take(input.account)) throw new BusinessError('too_frequent');
      const user = await db.tx((tx) => findUserByAccount(tx, input.account));
      const valid = user
        ? await guardQueue(() => hasher.verify(input.password, user.passwordHash))
        : await guardQueue(() => hasher.verifyDummy(input.password));
      if (!user || !valid) throw new BusinessError('wrong_credentials');
      if (user.banned) throw new BusinessError('account_banned');
      if (user.frozen) throw new BusinessError('account_frozen');
      return openSession(user);
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
