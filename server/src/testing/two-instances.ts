/**
 * The job suites' harness: two app instances sharing one database and one paused test clock, both running
 * their job timers (every 20 ms), so a suite can check that each job's work happens exactly once however many
 * instances tick. The database is the backend's own (a fresh schema per suite on PostgreSQL, dropped after).
 * On PGlite the same journey runs on ONE instance (`b` is `a`): PGlite is one session in one process (its lock
 * file refuses a second), so a second instance needs a database server (TEST_DATABASE_URL).
 *
 *   describe.each(testBackends())('… jobs on $name', (backend) => {
 *     const jobs = useTwoInstances(backend, { start: T0 });
 *     it('…', async () => {
 *       const { a, b, instances, clock } = jobs;
 *       … clock.set(…); await jobs.tickTogether(); …
 *     });
 *   });
 */
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestClock, type TestClock } from '../clock';
import { queryRows } from '../db/query';
import { configureMoneyLimiter, resetMoneyLimiter } from '../security/money-limiter';
import { TEST_SCRYPT } from './app';
import type { TestBackend, TestDatabase } from './backends';

const relaxed = { max: 10_000, windowMs: 60_000 };
/** Money limits wide enough for a suite's many calls per second (replaces the per-process defaults). */
const WIDE_MONEY_LIMITS = { perAction: { max: 10_000, windowMs: 1000 }, perUser: { max: 10_000, windowMs: 1000 } };

export interface TwoInstancesOptions {
  /** Where the suite's paused test clock starts. */
  start: Date;
  /** Widen the (per-process) money limiter for the suite: for suites making many money calls a second. */
  wideMoneyLimits?: boolean;
  /** The matcher's timer on every instance, every so many ms (default: off; tests then call matcher.runOnce). */
  matcherIntervalMs?: number;
}

export interface TwoInstances {
  /** The suite's paused clock, shared by both instances (usable at describe time). */
  readonly clock: TestClock;
  /** The first instance (hooks and tests only). */
  readonly a: FastifyInstance;
  /** The second instance on PostgreSQL; `a` itself on PGlite (hooks and tests only). */
  readonly b: FastifyInstance;
  /** `[a, b]` on PostgreSQL, `[a]` on PGlite (hooks and tests only). */
  readonly instances: readonly FastifyInstance[];
  /** Every instance runs passes at the same moment, one not waiting and one waiting (the timers keep ticking). */
  tickTogether(): Promise<unknown>;
}

/** An app instance on the test database and clock: job timers every 20 ms, the matcher's as asked, relaxed limits. */
export async function buildJobInstance(
  testDb: TestDatabase,
  clock: TestClock,
  matcherIntervalMs = 0,
): Promise<FastifyInstance> {
  return buildApp({
    database: testDb.config,
    passwordCost: TEST_SCRYPT,
    rateLimits: { loginPerAccount: relaxed, loginPerIp: relaxed, registerPerAccount: relaxed, registerPerIp: relaxed },
    now: clock.now,
    testClock: clock,
    matcherIntervalMs,
    jobIntervalMs: 20,
  });
}

/** Starts the instances before the suite (`beforeAll`) and closes them and drops the database after. */
export function useTwoInstances(backend: TestBackend, options: TwoInstancesOptions): TwoInstances {
  const clock = createTestClock(options.start, { running: false });
  let testDb: TestDatabase | undefined;
  let a: FastifyInstance | undefined;
  let b: FastifyInstance | undefined;

  beforeAll(async () => {
    resetMoneyLimiter();
    if (options.wideMoneyLimits) configureMoneyLimiter(WIDE_MONEY_LIMITS);
    testDb = await backend.open();
    a = await buildJobInstance(testDb, clock, options.matcherIntervalMs);
    // A second instance needs a database server: PGlite is one session in one process.
    b = backend.name === 'postgres' ? await buildJobInstance(testDb, clock, options.matcherIntervalMs) : a;
  }, 120_000);
  afterAll(async () => {
    if (b && b !== a) await b.close();
    await a?.close();
    await testDb?.cleanup();
  });

  const started = (): { a: FastifyInstance; b: FastifyInstance } => {
    if (!a || !b) throw new Error('useTwoInstances: the instances run in hooks and tests only');
    return { a, b };
  };
  const instances = (): FastifyInstance[] => {
    const both = started();
    return both.a === both.b ? [both.a] : [both.a, both.b];
  };
  return {
    clock,
    get a() {
      return started().a;
    },
    get b() {
      return started().b;
    },
    get instances() {
      return instances();
    },
    tickTogether: () =>
      Promise.all(instances().flatMap((app) => [app.jobs.runDue({ wait: false }), app.jobs.runDue()])),
  };
}

/** The `n` column of a one-row counting query, run on `app`'s database. */
export async function countRows(app: FastifyInstance, query: SQL): Promise<number> {
  const [row] = await app.db.tx((tx) => queryRows<{ n: number }>(tx, query));
  return row!.n;
}
