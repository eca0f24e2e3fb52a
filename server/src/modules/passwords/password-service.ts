/**
 * Login and fund passwords (/user/changePassword, /user/setFundPassword). Slow password hashing
 * runs outside transactions, except the fund-password check that must see the row it guards.
 * Changing the login password ends every session of the user.
 */
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import type { InputOf } from '../../contract-input';
import type { PasswordHasher } from '../../security/password';
import { SlidingWindowLimiter } from '../../security/rate-limit';
import { deleteUserSessions } from '../sessions/sessions-repository';
import type { FundPasswordGuard } from './fund-password-guard';
import {
  readPasswordHashes,
  setFirstFundPasswordHash,
  setFundPasswordHash,
  setPasswordHash,
} from './passwords-repository';

export function createPasswordService(deps: {
  db: Database;
  hasher: PasswordHasher;
  fundPasswords: FundPasswordGuard;
}) {
  const { db, hasher, fundPasswords } = deps;
  // Guessing the login password through a stolen session: 10 attempts per 15 minutes per user.
  const passwordAttempts = new SlidingWindowLimiter({ max: 10, windowMs: 15 * 60_000 });

  async function hashesOf(tx: Tx, userId: bigint) {
    const hashes = await readPasswordHashes(tx, userId);
    if (!hashes) throw new BusinessError('account_not_found');
    return hashes;
  }

  async function checkLoginPassword(
    userId: bigint,
    password: string,
    wrongKey: 'original_password_wrong' | 'login_password_wrong',
    field: string,
  ) {
    if (!passwordAttempts.take(String(userId))) throw new BusinessError('too_frequent');
    const user = await db.tx((tx) => hashesOf(tx, userId));
    if (!(await hasher.verify(password, user.passwordHash))) throw new BusinessError(wrongKey, { field });
  }

  return {
    async changePassword(userId: bigint, input: InputOf<'changePassword'>): Promise<void> {
      await checkLoginPassword(userId, input.old_password, 'original_password_wrong', 'old_password');
      const passwordHash = await hasher.hash(input.password);
      await db.tx(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteUserSessions(tx, userId);
      });
    },

    async setFundPassword(userId: bigint, input: InputOf<'setFundPassword'>): Promise<void> {
      const user = await db.tx((tx) => hashesOf(tx, userId));
      if (!user.fundPasswordHash) {
        if (!input.login_password) throw new BusinessError('password_required', { field: 'login_password' });
        await checkLoginPassword(userId, input.login_password, 'login_password_wrong', 'login_password');
      } else if (!input.old_fund_password) {
        throw new BusinessError('fund_password_required', { field: 'old_fund_password' });
      }
      const fundHash = await hasher.hash(input.password);
      await db.tx(async (tx) => {
        if (user.fundPasswordHash) {
          await fundPasswords.verify(tx, userId, input.old_fund_password);
          await setFundPasswordHash(tx, userId, fundHash);
        } else if (!(await setFirstFundPasswordHash(tx, userId, fundHash))) {
          // Only the first setting may skip the old fund password: a concurrent first setting loses.
          throw new BusinessError('fund_password_required', { field: 'old_fund_password' });
        }
      });
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
