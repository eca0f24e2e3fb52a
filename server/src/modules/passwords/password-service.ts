/**
 * Login and fund passwords (/user/changePassword, /user/setFundPassword). Slow password hashing
 * runs outside transactions, except the fund-password check that must see the row it guards (the new
 * hash is made alongside it). A new password's hash is made while the current password is checked,
 * never before the attempt is counted. Changing the login password ends every session of the user.
 */
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import type { InputOf } from '../../contract-input';
import type { PasswordHasher } from '../../security/password';
import { assertPasswordAllowed } from '../../security/password-policy';
import { MemoryRateStore, RateLimiter, type RateStore } from '../../security/rate-limit';
import { deleteUserSessions } from '../sessions/sessions-repository';
import { findUserById } from '../users/users-repository';
import type { FundPasswordGuard } from './fund-password-guard';
import {
  readPasswordHashes,
  setFirstFundPasswordHash,
  setFundPasswordHash,
  setPasswordHash,
} from './passwords-repository';

async function hashesOf(tx: Tx, userId: bigint) {
  const hashes = await readPasswordHashes(tx, userId);
  if (!hashes) throw new BusinessError('account_not_found');
  return hashes;
}

async function checkLoginPassword(
  hasher: PasswordHasher,
  password: string,
  stored: string,
  wrongKey: 'original_password_wrong' | 'login_password_wrong',
  field: string,
) {
  if (!(await hasher.verify(password, stored))) throw new BusinessError(wrongKey, { field });
}

/**
 * The new hash made while the current password is checked (`check`, started right after the hash): two scrypts side
 * by side take one's time where the server has a free core (the semaphores still cap each hasher at two). Called
 * only after the attempt was counted and the throttle passed, so a throttled call costs no hash. When the check
 * fails, the refusal answers at once and the hash, still running, is thrown away (Promise.all handles its outcome).
 */
async function hashWhileChecking(
  hasher: PasswordHasher,
  password: string,
  check: () => Promise<void>,
): Promise<string> {
  const hashing = hasher.hash(password);
  const [, hashed] = await Promise.all([check(), hashing]);
  return hashed;
}

export function createPasswordService(deps: {
  db: Database;
  hasher: PasswordHasher;
  fundPasswords: FundPasswordGuard;
  /** The app's rate-limit store (shared across instances with REDIS_URL). */
  rateStore?: RateStore;
}) {
  const { db, hasher, fundPasswords } = deps;
  // Guessing the login password through a stolen session: 10 attempts per 15 minutes per user.
  const passwordAttempts = new RateLimiter(deps.rateStore ?? new MemoryRateStore(), 'login-password-check', {
    max: 10,
    windowMs: 15 * 60_000,
  });

  /** Counts an attempt at the login password; too_frequent past 10 in 15 minutes. */
  async function takeLoginPasswordAttempt(userId: bigint): Promise<void> {
    if (!(await passwordAttempts.take(String(userId)))) throw new BusinessError('too_frequent');
  }

  return {
    /**
     * The login password checked again for a signed-in user (a step-up, modules/second-factor/step-up.ts): the same
     * per-user throttle as a password change, then `login_password_wrong` (field `password`) on a miss.
     */
    async verifyLoginPassword(userId: bigint, password: string): Promise<void> {
      await takeLoginPasswordAttempt(userId);
      const user = await db.tx((tx) => hashesOf(tx, userId));
      await checkLoginPassword(hasher, password, user.passwordHash, 'login_password_wrong', 'password');
    },

    async changePassword(userId: bigint, input: InputOf<'changePassword'>): Promise<void> {
      // The new password's rule first (it says nothing about the current one, so it spends no attempt).
      const owner = await db.tx((tx) => findUserById(tx, userId));
      if (!owner) throw new BusinessError('account_not_found');
      assertPasswordAllowed(input.password, { account: owner.account, email: owner.email });
      await takeLoginPasswordAttempt(userId);
      const user = await db.tx((tx) => hashesOf(tx, userId));
      const passwordHash = await hashWhileChecking(hasher, input.password, () =>
        checkLoginPassword(hasher, input.old_password, user.passwordHash, 'original_password_wrong', 'old_password'),
      );
      await db.tx(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteUserSessions(tx, userId);
      });
    },

    async setFundPassword(userId: bigint, input: InputOf<'setFundPassword'>): Promise<void> {
      const user = await db.tx((tx) => hashesOf(tx, userId));
      if (!user.fundPasswordHash) {
        if (!input.login_password) throw new BusinessError('password_required', { field: 'login_password' });
        const loginPassword = input.login_password;
        await takeLoginPasswordAttempt(userId);
        const fundHash = await hashWhileChecking(hasher, input.password, () =>
          checkLoginPassword(hasher, loginPassword, user.passwordHash, 'login_password_wrong', 'login_password'),
        );
        // Only the first setting may skip the old fund password: a concurrent first setting loses.
        if (!(await db.tx((tx) => setFirstFundPasswordHash(tx, userId, fundHash))))
          throw new BusinessError('fund_password_required', { field: 'old_fund_password' });
        return;
      }
      if (!input.old_fund_password) throw new BusinessError('fund_password_required', { field: 'old_fund_password' });
      const oldFundPassword = input.old_fund_password;
      // The try is claimed (committed) first: with none left the call is refused before either hash starts.
      await fundPasswords.withTry(db, userId, async (fundPassword) => {
        fundPassword.assertClaimed();
        // The old fund password is checked inside the transaction that writes the new hash (it must see the row it
        // guards); the new hash is made meanwhile and written only once the check passed.
        await db.tx(async (tx) => {
          const fundHash = await hashWhileChecking(hasher, input.password, () =>
            fundPassword.verify(tx, oldFundPassword),
          );
          await setFundPasswordHash(tx, userId, fundHash);
        });
      });
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
