/**
 * The rate-limit store in Redis (REDIS_URL; issue 34 point 1): every instance that shares the Redis and the key
 * prefix (RATE_LIMIT_REDIS_PREFIX, default kabu:limits) shares every limit.
 *
 * A key is a sorted set `<prefix>:<limiter>:<key>` of attempts scored by their instant. One Lua script (atomic in
 * Redis) drops the attempts that left the window, counts the others (stamped later by another instance's clock
 * too), and records the new one only while fewer than `max` are counted, so concurrent calls on any number of
 * instances never let more than `max` through. The key expires with its newest attempt's window. A release removes
 * that one attempt (ZREM).
 *
 * Fail closed: the client keeps no offline queue and each command has a timeout, so while Redis is unreachable a
 * hit fails at once and the limiter refuses the call (too_frequent); the outage and the recovery are logged once.
 */
import { Redis } from 'ioredis';
import type { RateHit, RateRule, RateStore } from './rate-limit';
import { newHitId } from './rate-limit';

/**
 * KEYS[1] the sorted set; ARGV: now, windowMs, max, the new attempt's id.
 * Answers {1} when recorded, {0, until} when refused (until: the instant the key may try again).
 */
const HIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
if n >= max then
  local oldest = redis.call('ZRANGE', KEYS[1], n - max, n - max, 'WITHSCORES')
  return {0, tostring(tonumber(oldest[2]) + window)}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIRE', KEYS[1], math.max(window, tonumber(newest[2]) + window - now))
return {1}`;

export interface RedisRateStoreOptions {
  url: string;
  /** Instances sharing the prefix share the limits (tests use their own). */
  prefix: string;
  /** A command not answered within this many ms fails (the call is refused). */
  commandTimeoutMs?: number;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

export class RedisRateStore implements RateStore {
  readonly kind = 'redis' as const;
  private readonly client: Redis;
  private failing = false;
  private closed = false;

  constructor(private readonly options: RedisRateStoreOptions) {
    this.client = new Redis(options.url, {
      lazyConnect: true,
      // Fail at once while disconnected (fail closed) instead of queueing the calls until Redis is back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 2000,
      connectionName: 'kabu-rate-limits',
    });
    this.client.defineCommand('kabuRateHit', { numberOfKeys: 1, lua: HIT });
    this.client.on('error', (error: Error) => {
      if (!this.closed && !this.failing)
        options.log.warn({ err: error.message }, 'rate limits: redis connection error');
    });
  }

  /** Connects (the app refuses to start when Redis is unreachable). */
  async start(): Promise<void> {
    await this.client.connect();
  }

  private key(key: string): string {
    return `${this.options.prefix}:${key}`;
  }

  async hit(key: string, rule: RateRule, now: number): Promise<RateHit> {
    const id = newHitId(now);
    let answer: [number, string?];
    try {
      answer = (await (
        this.client as unknown as {
          kabuRateHit(key: string, now: number, windowMs: number, max: number, id: string): Promise<[number, string?]>;
        }
      ).kabuRateHit(this.key(key), now, rule.windowMs, rule.max, id)) as [number, string?];
    } catch (error) {
      if (!this.failing)
        this.options.log.warn(
          { err: (error as Error).message },
          'rate limits: redis unreachable, limited calls are refused until it answers',
        );
      this.failing = true;
      throw error;
    }
    if (this.failing) this.options.log.info({}, 'rate limits: redis answers again');
    this.failing = false;
    return answer[0] === 1 ? { allowed: true, id } : { allowed: false, until: Number(answer[1]) };
  }

  async unhit(key: string, id: string): Promise<void> {
    await this.client.zrem(this.key(key), id);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
