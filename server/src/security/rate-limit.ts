/**
 * An in-memory sliding-window rate limiter (per process). Several instances behind a load balancer
 * would move this to Redis (ARCHITECTURE.md "Scaling out"); the interface stays the same.
 */
export interface RateRule {
  /** Attempts allowed inside the window. */
  max: number;
  windowMs: number;
}

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly rule: RateRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an attempt for key; false when the key is over its limit (the attempt is not counted). */
  take(key: string): boolean {
    const now = this.now();
    this.sweep(now);
    const since = now - this.rule.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.rule.max) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }

  /** Forgets the latest attempt recorded for key (a call that turned out to be refused). */
  release(key: string): void {
    const recent = this.hits.get(key);
    if (!recent?.length) return;
    recent.pop();
    if (!recent.length) this.hits.delete(key);
  }

  /** Drops keys whose attempts have all left the window, so memory stays bounded. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.rule.windowMs) return;
    this.lastSweep = now;
    const since = now - this.rule.windowMs;
    for (const [key, times] of this.hits) if (!times.some((at) => at > since)) this.hits.delete(key);
  }
}

export interface RateLimits {
  loginPerAccount: RateRule;
  loginPerIp: RateRule;
  registerPerAccount: RateRule;
  registerPerIp: RateRule;
}

/** Defaults: generous for a person, tight for a script guessing passwords. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAccount: { max: 5, windowMs: 60_000 },
  loginPerIp: { max: 30, windowMs: 60_000 },
  registerPerAccount: { max: 5, windowMs: 3_600_000 },
  registerPerIp: { max: 20, windowMs: 3_600_000 },
};
