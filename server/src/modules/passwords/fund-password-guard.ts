/**
 * The fund-password check of the money calls: fund_password_not_set / fund_password_wrong, with a
 * throttle on its own counter: after 5 wrong fund passwords in 15 minutes every attempt (even with
 * the right password) answers fund_password_locked {until} (an ISO instant) until the oldest of them
 * leaves the window (on the app's clock). Wrong fund passwords never count against the money calls'
 * 2-second limit. The throttle is in memory, one per app (the app owns this object, like its login
 * limits): a failure written to the database inside the refused transaction would roll back with it.
 */
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import type { PasswordHasher } from '../../security/password';
import { readPasswordHashes } from './passwords-repository';

export const FUND_PASSWORD_THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000 };

export class FundPasswordGuard {
  private readonly failures = new Map<string, number[]>();
  private readonly now: () => number;

  /** Verification reads the cost from each stored hash, so the hasher's own cost never matters. */
  constructor(
    readonly hasher: PasswordHasher,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  private recentFailures(key: string): number[] {
    const since = this.now() - FUND_PASSWORD_THROTTLE.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length) this.failures.set(key, recent);
    else this.failures.delete(key);
    return recent;
  }

  /** Throws fund_password_locked {until} while the user has 5 wrong fund passwords in the last 15 minutes. */
  assertNotThrottled(userId: bigint): void {
    const recent = this.recentFailures(String(userId));
    if (recent.length < FUND_PASSWORD_THROTTLE.maxFailures) return;
    const until = recent[recent.length - FUND_PASSWORD_THROTTLE.maxFailures]! + FUND_PASSWORD_THROTTLE.windowMs;
    throw new BusinessError('fund_password_locked', {
      field: 'fund_password',
      values: { until: new Date(until).toISOString() },
    });
  }

  async verify(tx: Tx, userId: bigint, password: string): Promise<void> {
    const key = String(userId);
    this.assertNotThrottled(userId);
    const stored = (await readPasswordHashes(tx, userId))?.fundPasswordHash;
    if (!stored) throw new BusinessError('fund_password_not_set');
    if (!password || !(await this.hasher.verify(password, stored))) {
      this.failures.set(key, [...this.recentFailures(key), this.now()]);
      throw new BusinessError('fund_password_wrong', { field: 'fund_password' });
    }
    this.failures.delete(key);
  }
}
