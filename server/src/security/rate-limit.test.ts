import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { assertNotTooFrequent, bindMoneyLimitStore, configureMoneyLimiter } from './money-limiter';
import { MemoryRateStore, RateLimiter, type RateStore } from './rate-limit';
import { RedisRateStore } from './rate-limit-redis';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.log('TEST_REDIS_URL is not set: the Redis rate-limit store is not tested in this run.');

const quiet = { warn: () => undefined, info: () => undefined };
const prefixes: string[] = [];
const newPrefix = () => {
  const prefix = `kabu-test:limits:${process.pid}:${randomBytes(4).toString('hex')}`;
  prefixes.push(prefix);
  return prefix;
};
const opened: RateStore[] = [];

/** A store of the kind under test; `prefix` shares one (two Redis clients are two instances). */
type Factory = (prefix?: string) => Promise<RateStore>;
const memory: Factory = async () => {
  const store = new MemoryRateStore();
  opened.push(store);
  return store;
};
const redis: Factory = async (prefix = newPrefix()) => {
  const store = new RedisRateStore({ url: REDIS_URL!, prefix, log: quiet });
  await store.start();
  opened.push(store);
  return store;
};

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  if (!REDIS_URL) return;
  const cleaner = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await cleaner.keys(`${prefix}:*`);
    if (keys.length > 0) await cleaner.del(...keys);
  }
  await cleaner.quit();
});

const stores: Array<[string, Factory]> = [['memory', memory]];
if (REDIS_URL) stores.push(['redis', redis]);

describe.each(stores)('rate-limit store: %s', (_name, open) => {
  it('allows max attempts per window per key and limiter, and frees them as the window slides', async () => {
    const store = await open();
    let now = 1_000_000;
    const limiter = new RateLimiter(store, 'a', { max: 2, windowMs: 1000 }, () => now);
    const other = new RateLimiter(store, 'b', { max: 2, windowMs: 1000 }, () => now);
    expect([await limiter.take('k'), await limiter.take('k'), await limiter.take('k')]).toEqual([true, true, false]);
    expect(await limiter.take('other')).toBe(true);
    expect(await other.take('k')).toBe(true);
    now += 999;
    expect(await limiter.take('k')).toBe(false);
    now += 1;
    expect(await limiter.take('k')).toBe(true);
  });

  it('does not count a refused attempt, and says when the key may try again', async () => {
    const store = await open();
    let now = 5_000_000;
    const limiter = new RateLimiter(store, 'until', { max: 2, windowMs: 10_000 }, () => now);
    await limiter.take('k');
    now += 3000;
    await limiter.take('k');
    now += 1000;
    // Refusals (however many) leave the window as it was: the first attempt's end frees the key.
    for (let i = 0; i < 5; i += 1)
      expect(await limiter.attempt('k')).toEqual({ allowed: false, until: new Date(5_010_000) });
    now = 5_010_000;
    expect(await limiter.take('k')).toBe(true);
    expect(await limiter.attempt('k')).toEqual({ allowed: false, until: new Date(5_013_000) });
  });

  it('forgets a released attempt, once, and only that one', async () => {
    const store = await open();
    const limiter = new RateLimiter(store, 'release', { max: 2, windowMs: 60_000 }, () => 7_000_000);
    const first = await limiter.attempt('k');
    expect(await limiter.take('k')).toBe(true);
    expect(await limiter.take('k')).toBe(false);
    if (!first.allowed) throw new Error('first attempt refused');
    await first.release();
    await first.release();
    expect([await limiter.take('k'), await limiter.take('k')]).toEqual([true, false]);
  });

  it('lets exactly max through when many attempts arrive at once on two instances', async () => {
    const prefix = newPrefix();
    const [a, b] = [await open(prefix), await open(prefix)];
    // In memory, two instances are two processes: the shared case is one store (Redis shares across them).
    const shared = a.kind === 'memory' ? [a, a] : [a, b];
    const rule = { max: 5, windowMs: 60_000 };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => new RateLimiter(shared[i % 2]!, 'burst', rule).take('victim')),
    );
    expect(answers.filter(Boolean)).toHaveLength(5);
  });
});

describe('memory rate-limit store', () => {
  it('drops keys whose attempts all left their window', async () => {
    const store = new MemoryRateStore();
    let now = 0;
    const limiter = new RateLimiter(store, 'sweep', { max: 1, windowMs: 1000 }, () => now);
    for (let i = 0; i < 100; i += 1) await limiter.take(`ip-${i}`);
    expect(store.size).toBe(100);
    now = 61_000;
    await limiter.take('late');
    expect(store.size).toBe(1);
  });
});

(REDIS_URL ? describe : describe.skip)('redis rate-limit store', () => {
  it('shares attempts across clients of one prefix, never across prefixes, and expires its keys', async () => {
    const prefix = newPrefix();
    const [a, b, elsewhere] = [await redis(prefix), await redis(prefix), await redis()];
    const rule = { max: 3, windowMs: 30_000 };
    const on = (store: RateStore) => new RateLimiter(store, 'login', rule);
    expect([await on(a).take('acct'), await on(b).take('acct'), await on(a).take('acct')]).toEqual([true, true, true]);
    expect(await on(b).take('acct')).toBe(false);
    expect(await on(elsewhere).take('acct')).toBe(true);
    const observer = new Redis(REDIS_URL!);
    try {
      const ttl = await observer.pttl(`${prefix}:login:acct`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30_000);
      expect(await observer.zcard(`${prefix}:login:acct`)).toBe(3);
    } finally {
      await observer.quit();
    }
  });

  it('keeps the money limits in the bound store: a second instance on the same Redis sees the first call', async () => {
    const prefix = newPrefix();
    const [a, b] = [await redis(prefix), await redis(prefix)];
    configureMoneyLimiter();
    try {
      const unbindA = bindMoneyLimitStore(a);
      await assertNotTooFrequent(41n, 'deposit');
      unbindA();
      const unbindB = bindMoneyLimitStore(b);
      await expect(assertNotTooFrequent(41n, 'deposit')).rejects.toMatchObject({ key: 'too_frequent' });
      await expect(assertNotTooFrequent(41n, 'withdraw')).resolves.toEqual(expect.any(Function));
      unbindB();
      // Back on this process's memory, which never saw the calls.
      await expect(assertNotTooFrequent(41n, 'deposit')).resolves.toEqual(expect.any(Function));
    } finally {
      configureMoneyLimiter();
    }
  });

  it('refuses while Redis is unreachable (fail closed) and allows again once it answers', async () => {
    const target = new URL(REDIS_URL!);
    const sockets = new Set<net.Socket>();
    // A proxy in front of the real Redis: closing it is an outage of this client only.
    const listen = (port = 0) =>
      new Promise<net.Server>((resolve) => {
        const server = net.createServer((client) => {
          const upstream = net.connect(Number(target.port || 6379), target.hostname);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('error', () => undefined);
            socket.on('close', () => sockets.delete(socket));
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', () => resolve(server));
      });
    let proxy = await listen();
    const port = (proxy.address() as net.AddressInfo).port;
    const warnings: string[] = [];
    const store = new RedisRateStore({
      url: `redis://127.0.0.1:${port}`,
      prefix: newPrefix(),
      commandTimeoutMs: 500,
      log: { warn: (_object, message) => warnings.push(message), info: () => undefined },
    });
    opened.push(store);
    await store.start();
    const limiter = new RateLimiter(store, 'outage', { max: 100, windowMs: 60_000 });
    expect(await limiter.take('k')).toBe(true);

    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    await expect(limiter.take('k')).rejects.toMatchObject({ key: 'too_frequent' });
    await expect(limiter.take('k')).rejects.toMatchObject({ key: 'too_frequent' });
    expect(warnings.filter((message) => message.includes('limited calls are refused'))).toHaveLength(1);

    proxy = await listen(port);
    try {
      let allowed = false;
      for (let i = 0; i < 100 && !allowed; i += 1) {
        allowed = await limiter.take('k').catch(() => false);
        if (!allowed) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(allowed).toBe(true);
    } finally {
      await store.close();
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    }
  }, 20_000);
});
