/**
 * Per-user limits for money calls (deposit, withdraw, exchange, loans): at most one call per
 * action every 2 seconds and 20 money calls per minute in all. In memory per process, like the
 * login limits; several instances would move this to Redis. Refusal: too_frequent. A refused call
 * does not count against the 2-second limit (see assertNotTooFrequent).
 */
import { BusinessError } from '../errors';
import { SlidingWindowLimiter, type RateRule } from './rate-limit';

export interface MoneyLimits {
  /** Calls of one action by one user. */
  perAction: RateRule;
  /** Money calls of one user, all actions together. */
  perUser: RateRule;
}

export const DEFAULT_MONEY_LIMITS: MoneyLimits = {
  perAction: { max: 1, windowMs: 2_000 },
  perUser: { max: 20, windowMs: 60_000 },
};

let limits = DEFAULT_MONEY_LIMITS;
let perAction = new SlidingWindowLimiter(limits.perAction);
let perUser = new SlidingWindowLimiter(limits.perUser);

/** Replaces the limits and forgets every recorded call (tests; start-up). */
export function configureMoneyLimiter(next: Partial<MoneyLimits> = {}): void {
  limits = { ...DEFAULT_MONEY_LIMITS, ...next };
  perAction = new SlidingWindowLimiter(limits.perAction);
  perUser = new SlidingWindowLimiter(limits.perUser);
}

/** Forgets every recorded call, keeping the limits. */
export function resetMoneyLimiter(): void {
  configureMoneyLimiter(limits);
}

/**
 * Records a money call; throws too_frequent when the user is over either limit. Answers a release:
 * a call that is then refused (a BusinessError: wrong fund password, balance too low, …) calls it,
 * so a refusal never counts against the 2-second limit of its action and the corrected retry may
 * run at once. It still counts against the per-minute limit of all money calls (a script sending
 * refused calls stays bounded); wrong fund passwords have their own throttle (FundPasswordGuard).
 */
export function assertNotTooFrequent(userId: bigint | string, action: string): () => void {
  const user = String(userId);
  const actionKey = `${user}:${action}`;
  const limiter = perAction;
  if (!limiter.take(actionKey)) throw new BusinessError('too_frequent');
  if (!perUser.take(user)) {
    limiter.release(actionKey);
    throw new BusinessError('too_frequent');
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    limiter.release(actionKey);
  };
}
