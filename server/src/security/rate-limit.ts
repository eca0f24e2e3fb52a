/**
 * Rate limits (issue 34 point 1): one async limiter, two stores. Every limit of the app (login, registration,
 * second-factor codes, password reset, password checks, step-up mails, passkey sign-in options, money calls) is a
 * `RateLimiter` on the app's one `RateStore` (plugins/rate-limits.ts):
 * - `MemoryRateStore`: in this process (the embedded default, one instance);
 * - `RedisRateStore` (rate-limit-redis.ts): with REDIS_URL, a sliding window per key in Redis, checked and
 *   recorded in one Lua script, so instances sharing the Redis and its key prefix share every limit.
 *
 * A key counts the attempts recorded after now - windowMs (one stamped a little later by another instance's clock,
 * or before a test clock moved back, counts too); an attempt is recorded only while fewer than `max` are counted (a
 * refused attempt is not counted). `now` is the caller's clock (the app clock for the password reset,
 * the wall clock elsewhere), so instances sharing a store need synchronised clocks (NTP).
 *
 * When the store cannot answer (Redis unreachable), the limiter refuses the call with too_frequent: limits fail
 * closed, a guess is never let through unlimited (docs/security.md).
 */
import { randomBytes } from 'node:crypto';
import { BusinessError } from '../errors';

export interface RateRule {
  /** Attempts allowed inside the window. */
  max: number;
  windowMs: number;
}

/** A recorded attempt (its id, to forget it), or the instant (epoch ms) the key may try again. */
export type RateHit = { allowed: true; id: string } | { allowed: false; until: number };

/** Where the attempts are kept: one per app, shared by all its limiters (keys carry the limiter's name). */
export interface RateStore {
  readonly kind: 'memory' | 'redis';
  /** Records an attempt at `now` (epoch ms) under `key` while fewer than `rule.max` are counted; throws if down. */
  hit(key: string, rule: RateRule, now: number): Promise<RateHit>;
  /** Forgets one recorded attempt (a call that turned out to be refused). */
  unhit(key: string, id: string): Promise<void>;
  close(): Promise<void>;
}

/** The id of a recorded attempt: unique across instances. */
export const newHitId = (now: number): string => `${now}-${randomBytes(6).toString('hex')}`;

/** The instant the key may try again: when the oldest counted attempt that keeps it at its limit leaves the window. */
export function retryAt(counted: readonly number[], rule: RateRule): number {
  const sorted = [...counted].sort((a, b) => a - b);
  return sorted[Math.max(0, sorted.length - rule.max)]! + rule.windowMs;
}

interface MemoryEntry {
  hits: Array<{ at: number; id: string }>;
  /** When every hit has left its window (the key can then be dropped). */
  expires: number;
}

/** The attempts in this process's memory (the embedded default). */
export class MemoryRateStore implements RateStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, MemoryEntry>();
  private lastSweep = 0;

  async hit(key: string, rule: RateRule, now: number): Promise<RateHit> {
    this.sweep(now);
    const since = now - rule.windowMs;
    const entry = this.entries.get(key) ?? { hits: [], expires: 0 };
    entry.hits = entry.hits.filter((hit) => hit.at > since);
    const counted = entry.hits.map((hit) => hit.at);
    if (counted.length >= rule.max) {
      this.entries.set(key, entry);
      return { allowed: false, until: retryAt(counted, rule) };
    }
    const id = newHitId(now);
    entry.hits.push({ at: now, id });
    entry.expires = Math.max(entry.expires, now + rule.windowMs);
    this.entries.set(key, entry);
    return { allowed: true, id };
  }

  async unhit(key: string, id: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.hits = entry.hits.filter((hit) => hit.id !== id);
    if (entry.hits.length === 0) this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Keys kept in memory (tests: memory stays bounded). */
  get size(): number {
    return this.entries.size;
  }

  /** Drops keys whose attempts have all left their window, at most once a minute. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000 && this.entries.size < 10_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }
}

/** One attempt at a limit: allowed (and can be handed back), or refused until an instant. */
export type RateAttempt = { allowed: true; release: () => Promise<void> } | { allowed: false; until: Date };

/** A named limit on a store: `name` keeps its keys apart from the other limits' (`login-ip:1.2.3.4`). */
export class RateLimiter {
  constructor(
    private readonly store: RateStore,
    private readonly name: string,
    private readonly rule: RateRule,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records an attempt for `key`, or answers until when it is refused (the attempt then does not count). Throws
   * too_frequent when the store cannot answer (fail closed).
   */
  async attempt(key: string): Promise<RateAttempt> {
    const storeKey = `${this.name}:${key}`;
    let hit: RateHit;
    try {
      hit = await this.store.hit(storeKey, this.rule, this.now());
    } catch {
      // The store logged why (once per outage); the limit holds by refusing.
      throw new BusinessError('too_frequent');
    }
    if (!hit.allowed) return { allowed: false, until: new Date(hit.until) };
    let released = false;
    return {
      allowed: true,
      release: async () => {
        if (released) return;
        released = true;
        // A release that fails costs the key one attempt of its window: the safe side.
        await this.store.unhit(storeKey, hit.id).catch(() => undefined);
      },
    };
  }

  /** Records an attempt for `key`; false when the key is over its limit (the attempt is not counted). */
  async take(key: string): Promise<boolean> {
    return (await this.attempt(key)).allowed;
  }
}

export interface RateLimits {
  loginPerAccount: RateRule;
  loginPerIp: RateRule;
  registerPerAccount: RateRule;
  registerPerIp: RateRule;
  /** Passkey sign-in options (unauthenticated, each writes a challenge row) per client IP. */
  passkeyOptionsPerIp: RateRule;
}

/** Defaults: generous for a person, tight for a script guessing passwords. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAccount: { max: 5, windowMs: 60_000 },
  loginPerIp: { max: 30, windowMs: 60_000 },
  registerPerAccount: { max: 5, windowMs: 3_600_000 },
  registerPerIp: { max: 20, windowMs: 3_600_000 },
  passkeyOptionsPerIp: { max: 30, windowMs: 60_000 },
};
