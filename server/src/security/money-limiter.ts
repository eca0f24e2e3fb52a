/**
 * Per-user limits for money calls (deposit, withdraw, exchange, loans): at most one call per
 * action every 2 seconds and 20 money calls per minute in all. Refusal: too_frequent. A refused call
 * does not count against the 2-second limit (see assertNotTooFrequent).
 *
 * The attempts are kept in the app's rate-limit store (plugins/rate-limits.ts binds it at start): in memory by
 * default, in Redis with REDIS_URL, so every instance shares them. Before an app binds one, a store of this
 * process's memory is used (services built directly by tests).
 */
import { BusinessError } from '../errors';
import { MemoryRateStore, RateLimiter, type RateRule, type RateStore } from './rate-limit';

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

const processStore = new MemoryRateStore();
let store: RateStore = processStore;
let limits = DEFAULT_MONEY_LIMITS;
/** Part of every key: a new generation forgets every recorded call (tests), in memory and in Redis alike. */
let generation = 0;

/** The app's store (plugins/rate-limits.ts; one app per process in production). Answers the unbinding. */
export function bindMoneyLimitStore(next: RateStore): () => void {
  store = next;
  return () => {
    if (store === next) store = processStore;
  };
}

/** Replaces the limits and forgets every recorded call (tests). */
export function configureMoneyLimiter(next: Partial<MoneyLimits> = {}): void {
  limits = { ...DEFAULT_MONEY_LIMITS, ...next };
  generation += 1;
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
export async function assertNotTooFrequent(userId: bigint | string, action: string): Promise<() => Promise<void>> {
  const user = String(userId);
  const perAction = new RateLimiter(store, `money-action:${generation}`, limits.perAction);
  const perUser = new RateLimiter(store, `money-user:${generation}`, limits.perUser);
  const actionTry = await perAction.attempt(`${user}:${action}`);
  if (!actionTry.allowed) throw new BusinessError('too_frequent');
  const userTry = await perUser.attempt(user).catch(async (error: unknown) => {
    await actionTry.release();
    throw error;
  });
  if (!userTry.allowed) {
    await actionTry.release();
    throw new BusinessError('too_frequent');
  }
  return actionTry.release;
}
