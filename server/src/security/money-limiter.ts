/**
 * Per-user limits for money calls (deposit, withdraw, exchange, loans): at most one call per
 * action every 2 seconds and 20 money calls per minute in all. In memory per process, like the
 * login limits; several instances would move this to Redis. Refusal: too_frequent.
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

/** Records a money call; throws too_frequent when the user is over either limit. */
export function assertNotTooFrequent(userId: bigint | string, action: string): void {
  const user = String(userId);
  if (!perAction.take(`${user}:${action}`)) throw new BusinessError('too_frequent');
  if (!perUser.take(user)) throw new BusinessError('too_frequent');
}
