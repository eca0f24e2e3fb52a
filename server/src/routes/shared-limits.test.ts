import '../testing/setup';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app';
import { queryRows } from '../db/query';
import { TEST_SCRYPT } from '../testing/app';
import { testBackends, type TestDatabase } from '../testing/backends';
import { registration, uniqueAccount } from '../testing/users';

const REDIS_URL = process.env.TEST_REDIS_URL;
const relaxed = { max: 10_000, windowMs: 60_000 };
const LIMITS = {
  loginPerAccount: { max: 5, windowMs: 60_000 },
  loginPerIp: { max: 8, windowMs: 60_000 },
  registerPerAccount: relaxed,
  registerPerIp: relaxed,
  passkeyOptionsPerIp: { max: 10, windowMs: 60_000 },
};
const HOST = 'kabu.example';

/**
 * Issue 34 point 1: every limit is shared across instances. On PostgreSQL with Redis (TEST_DATABASE_URL and
 * TEST_REDIS_URL) the calls are spread over two app instances on one database, each with its own memory, sharing
 * the limits through Redis: a per-process limit would answer twice as many. Elsewhere one instance takes them all
 * (PGlite is one session in one process), which still proves the limits themselves.
 */
describe.each(testBackends())('limits across instances on $name', (backend) => {
  const shared = backend.name === 'postgres' && Boolean(REDIS_URL);
  if (!shared)
    console.log(`limits across instances on ${backend.name}: one instance (two need PostgreSQL and TEST_REDIS_URL).`);
  const prefix = `kabu-test:limits:${process.pid}:${randomBytes(4).toString('hex')}`;
  let testDb: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const build = () =>
    buildApp({
      database: testDb.config,
      passwordCost: TEST_SCRYPT,
      rateLimits: LIMITS,
      ...(shared ? { limits: { redisUrl: REDIS_URL!, redisPrefix: prefix } } : {}),
    });

  beforeAll(async () => {
    testDb = await backend.open();
    a = await build();
    b = shared ? await build() : a;
  }, 120_000);
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
    await testDb.cleanup();
    if (shared) {
      const cleaner = new Redis(REDIS_URL!);
      const keys = await cleaner.keys(`${prefix}:*`);
      if (keys.length > 0) await cleaner.del(...keys);
      await cleaner.quit();
    }
  });

  /** Call i goes to instance a or b in turn. */
  const on = (i: number) => (i % 2 === 0 ? a : b);
  const send = async (app: FastifyInstance, path: string, form: Record<string, string>, ip: string) =>
    (
      await app.inject({
        method: 'POST',
        url: `/api/vue${path}`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: HOST },
        payload: new URLSearchParams(form).toString(),
      })
    ).json() as { status: 0 | 1; msg: string };
  const tally = (answers: Array<{ status: 0 | 1; msg: string }>) => {
    const counts: Record<string, number> = {};
    for (const answer of answers) {
      const key = answer.status === 1 ? 'ok' : answer.msg;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };

  it('refuses wrong passwords spread over the instances after the shared per-account limit', async () => {
    expect(a.rateStore.kind).toBe(shared ? 'redis' : 'memory');
    const form = registration();
    expect((await send(a, '/user/register', form, '198.51.100.200')).status).toBe(1);
    const answers = [];
    // Each guess from its own address: only the per-account limit applies.
    for (let i = 0; i < 20; i += 1)
      answers.push(await send(on(i), '/user/login', { account: form.account!, password: 'guess' }, `198.51.100.${i}`));
    expect(tally(answers)).toEqual({ wrong_credentials: 5, too_frequent: 15 });
    expect(answers.slice(0, 5).every((answer) => answer.msg === 'wrong_credentials')).toBe(true);
    // Even the right password waits for the window.
    expect(await send(b, '/user/login', { account: form.account!, password: form.password! }, '198.51.100.99')).toEqual(
      { status: 0, msg: 'too_frequent' },
    );
  });

  it('refuses one address trying many accounts over the instances after the shared per-IP limit', async () => {
    const ip = '203.0.113.9';
    const answers = [];
    for (let i = 0; i < 12; i += 1)
      answers.push(await send(on(i), '/user/login', { account: uniqueAccount(), password: 'guess' }, ip));
    expect(tally(answers)).toEqual({ wrong_credentials: 8, too_frequent: 4 });
    expect((await send(b, '/user/login', { account: uniqueAccount(), password: 'guess' }, '203.0.113.10')).msg).toBe(
      'wrong_credentials',
    );
  });

  it('limits passkey sign-in options per IP across the instances: refused calls write no challenge row', async () => {
    const loginChallenges = async () => {
      const [row] = await a.db.tx((tx) =>
        queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM webauthn_challenges WHERE purpose = 'login'`),
      );
      return row!.n;
    };
    const before = await loginChallenges();
    const answers = [];
    for (let i = 0; i < 30; i += 1) answers.push(await send(on(i), '/user/passkeyLoginOptions', {}, '192.0.2.44'));
    expect(tally(answers)).toEqual({ ok: 10, too_frequent: 20 });
    expect((await loginChallenges()) - before).toBe(10);
    expect((await send(b, '/user/passkeyLoginOptions', {}, '192.0.2.45')).status).toBe(1);
  });
});

(REDIS_URL ? describe : describe.skip)('limits on an unreachable Redis', () => {
  it('refuses to start, naming the Redis it could not reach', async () => {
    const testDb = await testBackends()[0]!.open();
    try {
      await expect(
        buildApp({ database: testDb.config, passwordCost: TEST_SCRYPT, limits: { redisUrl: 'redis://127.0.0.1:1' } }),
      ).rejects.toThrow('the rate limits could not reach Redis at redis://127.0.0.1:1');
    } finally {
      await testDb.cleanup();
    }
  });
});
