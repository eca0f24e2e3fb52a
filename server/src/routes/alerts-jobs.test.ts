import '../testing/setup';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestClock } from '../clock';
import { queryRows } from '../db/query';
import { TEST_SCRYPT } from '../testing/app';
import { testBackends, type TestDatabase } from '../testing/backends';
import { resetMoneyLimiter } from '../security/money-limiter';
import { post, registerAndLogin } from '../testing/users';

/**
 * The alerts job on two app instances sharing one PostgreSQL database and one test clock: both run their job timers
 * (every 20 ms) and passes of their own at the same moment; each crossed alert must still fire once (one inbox
 * message per alert). On PGlite the same journey runs on ONE instance.
 */

/** Wednesday 2025-03-12, 11:00 in Tokyo (open). */
const T0 = new Date('2025-03-12T02:00:00Z');
const relaxed = { max: 10_000, windowMs: 60_000 };

async function buildInstance(testDb: TestDatabase, clock: ReturnType<typeof createTestClock>) {
  return buildApp({
    database: testDb.config,
    passwordCost: TEST_SCRYPT,
    rateLimits: { loginPerAccount: relaxed, loginPerIp: relaxed, registerPerAccount: relaxed, registerPerIp: relaxed },
    now: clock.now,
    testClock: clock,
    matcherIntervalMs: 0,
    jobIntervalMs: 20,
  });
}

async function count(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await app.db.tx((tx) => queryRows<{ n: number }>(tx, query));
  return row!.n;
}

describe.each(testBackends())('alerts job on $name', (backend) => {
  let testDb: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let instances: FastifyInstance[];
  const clock = createTestClock(T0, { running: false });

  beforeAll(async () => {
    resetMoneyLimiter();
    testDb = await backend.open();
    a = await buildInstance(testDb, clock);
    b = backend.name === 'postgres' ? await buildInstance(testDb, clock) : a;
    instances = a === b ? [a] : [a, b];
  }, 120_000);
  afterAll(async () => {
    if (b && b !== a) await b.close();
    await a?.close();
    await testDb?.cleanup();
  });

  const tickTogether = () =>
    Promise.all(instances.flatMap((app) => [app.jobs.runDue({ wait: false }), app.jobs.runDue()]));

  it('fires each crossed alert exactly once however many instances tick; uncrossed ones stay active', async () => {
    const users = [];
    for (let i = 0; i < 6; i += 1) {
      const app = instances[i % instances.length]!;
      const user = await registerAndLogin(app);
      for (const [kind, threshold] of [
        ['price_above', '0.01'],
        ['price_below', '0.01'],
      ]) {
        const form = { market: 'jpy', code: '7203', kind: kind!, threshold: threshold! };
        expect((await post(app, '/stock/alertCreate', form, user.headers)).body.status).toBe(1);
      }
      users.push(user);
    }
    await tickTogether();
    await tickTogether();
    clock.set(new Date(T0.getTime() + 60_000));
    await tickTogether();

    expect(await count(a, sql`SELECT count(*)::int AS n FROM price_alerts WHERE status = 'fired'`)).toBe(6);
    expect(await count(a, sql`SELECT count(*)::int AS n FROM price_alerts WHERE status = 'active'`)).toBe(6);
    expect(await count(a, sql`SELECT count(*)::int AS n FROM messages WHERE msg_key = 'alert_price_above'`)).toBe(6);
    for (const user of users) {
      const inbox = await post(a, '/user/messages', { page: '1', size: '10' }, user.headers);
      expect(inbox.body.data.list).toHaveLength(1);
    }
  }, 240_000);
});
