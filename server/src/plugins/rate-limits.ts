/**
 * The app's rate-limit store (fastify-plugin, registered before `services`; issue 34 point 1): every limiter of the
 * app keeps its attempts here. Without Redis it is this process's memory (the embedded default); with REDIS_URL it
 * is Redis under RATE_LIMIT_REDIS_PREFIX (default kabu:limits), so every instance sharing them shares each limit:
 * login, registration, second-factor codes, password checks and resets, step-up mails, passkey sign-in options
 * and the money calls (security/money-limiter.ts is bound to it here). An unreachable Redis at start stops the
 * start; during an outage the limited calls are refused (too_frequent: fail closed).
 *
 * Options come from `buildApp({ limits })`; what is not given falls back to the environment.
 */
import fp from 'fastify-plugin';
import { bindMoneyLimitStore } from '../security/money-limiter';
import { MemoryRateStore, type RateStore } from '../security/rate-limit';
import { RedisRateStore } from '../security/rate-limit-redis';

export interface RateLimitStoreOptions {
  /** Redis shared by the instances; null keeps the limits in this process. */
  redisUrl: string | null;
  /** Key prefix in Redis: instances sharing it share the limits. */
  redisPrefix: string;
}

declare module '../config' {
  interface AppOptions {
    /** Where the rate limits are kept (defaults: REDIS_URL, RATE_LIMIT_REDIS_PREFIX). */
    limits?: Partial<RateLimitStoreOptions>;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every limiter's attempts: memory, or Redis shared across instances. */
    rateStore: RateStore;
  }
}

export function rateLimitOptionsFromEnv(env: NodeJS.ProcessEnv): Partial<RateLimitStoreOptions> {
  const options: Partial<RateLimitStoreOptions> = {};
  if (env.REDIS_URL) options.redisUrl = env.REDIS_URL;
  if (env.RATE_LIMIT_REDIS_PREFIX) options.redisPrefix = env.RATE_LIMIT_REDIS_PREFIX;
  return options;
}

export const rateLimitsPlugin = fp<Partial<RateLimitStoreOptions>>(
  async (app, given) => {
    const options: RateLimitStoreOptions = {
      redisUrl: null,
      redisPrefix: 'kabu:limits',
      ...rateLimitOptionsFromEnv(process.env),
      ...given,
    };
    let store: RateStore;
    if (options.redisUrl) {
      const redis = new RedisRateStore({ url: options.redisUrl, prefix: options.redisPrefix, log: app.log });
      try {
        await redis.start();
      } catch (error) {
        await redis.close().catch(() => undefined);
        throw new Error(`the rate limits could not reach Redis at ${options.redisUrl}: ${(error as Error).message}`);
      }
      store = redis;
    } else {
      store = new MemoryRateStore();
    }
    app.decorate('rateStore', store);
    const unbindMoney = bindMoneyLimitStore(store);
    app.addHook('onClose', async () => {
      unbindMoney();
      await store.close();
    });
  },
  { name: 'rate-limits', dependencies: ['config'] },
);
