/**
 * The fund-password check of the money calls: fund_password_not_set / fund_password_wrong, with a
 * throttle on its own counter: after 5 wrong fund passwords in 15 minutes every attempt (even with
 * the right password) answers fund_password_locked {until} (an ISO instant) until the oldest of them
 * leaves the window (on the app's clock). Wrong fund passwords never count against the money calls'
 * 2-second limit.
 *
 * The try is claimed before the password is checked (issue 33 point 4): `claim` commits it in its own
 * transaction (secret_tries, see secret-tries.ts), before the money transaction opens, so however many
 * calls arrive at once, on however many instances, at most 5 hashes are checked in 15 minutes and the
 * others are refused with fund_password_locked before any hash. The money transaction then checks the
 * password with the claimed try (`verify`, at the place the refusal always had). `settle`, once the call
 * ended, hands back a try that checked nothing (the call was refused earlier, replayed, or no fund password
 * is set), and clears the user's tries after a right password; a wrong one keeps its try (already committed,
 * so the refused transaction's rollback cannot erase it).
 */
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import type { PasswordHasher } from '../../security/password';
import { readPasswordHashes } from './passwords-repository';
import { claimTry, clearTries, handBackTry, type TryClaim } from './secret-tries';

export const FUND_PASSWORD_THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000 };
const RULE = { max: FUND_PASSWORD_THROTTLE.maxFailures, windowMs: FUND_PASSWORD_THROTTLE.windowMs };

/** One claimed try at a user's fund password, for one call. */
export interface FundPasswordTry {
  /** Throws fund_password_locked {until} when no try was left (before any hash). */
  assertClaimed(): void;
  /** Checks the password with this try: fund_password_locked, fund_password_not_set, fund_password_wrong. */
  verify(tx: Tx, password: string): Promise<void>;
  /** After the call, whatever its outcome: hands back an unused try, clears the tries after a right password. */
  settle(): Promise<void>;
}

export class FundPasswordGuard {
  private readonly now: () => number;

  /** Verification reads the cost from each stored hash, so the hasher's own cost never matters. */
  constructor(
    readonly hasher: PasswordHasher,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Claims a try in its own committed transaction (call it outside any transaction); never throws a refusal. */
  async claim(db: Database, userId: bigint): Promise<FundPasswordTry> {
    const claim: TryClaim = await db.tx((tx) => claimTry(tx, userId, 'fund_password', RULE, this.now()));
    let outcome: 'unused' | 'wrong' | 'right' = 'unused';
    let settled = false;
    const assertClaimed = () => {
      if (!claim.claimed)
        throw new BusinessError('fund_password_locked', {
          field: 'fund_password',
          values: { until: claim.until.toISOString() },
        });
    };
    return {
      assertClaimed,
      verify: async (tx, password) => {
        assertClaimed();
        const stored = (await readPasswordHashes(tx, userId))?.fundPasswordHash;
        if (!stored) throw new BusinessError('fund_password_not_set');
        if (!password || !(await this.hasher.verify(password, stored))) {
          outcome = 'wrong';
          throw new BusinessError('fund_password_wrong', { field: 'fund_password' });
        }
        outcome = 'right';
      },
      settle: async () => {
        if (settled || !claim.claimed) return;
        settled = true;
        if (outcome === 'right') await db.tx((tx) => clearTries(tx, userId, 'fund_password'));
        else if (outcome === 'unused') await db.tx((tx) => handBackTry(tx, userId, 'fund_password', claim.at));
      },
    };
  }

  /** Claims a try, runs `fn` with it, then settles it: for a check outside a money call's runIdempotent. */
  async withTry<T>(db: Database, userId: bigint, fn: (fundPassword: FundPasswordTry) => Promise<T>): Promise<T> {
    const fundPassword = await this.claim(db, userId);
    try {
      return await fn(fundPassword);
    } finally {
      await fundPassword.settle();
    }
  }
}
