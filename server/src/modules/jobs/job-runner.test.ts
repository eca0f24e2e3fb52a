import '../../testing/setup';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/database';
import { queryRows } from '../../db/query';
import { testBackends, type TestDatabase } from '../../testing/backends';
import { createJobRunner, type Job } from './job-runner';

const AT = new Date('2026-11-16T01:00:00Z');
const ITEMS = 60;

/** A job that claims probe rows in batches (FOR UPDATE SKIP LOCKED) and marks them done by `me`. */
function claimingJob(db: Database, me: string): Job {
  return {
    name: 'probe:claim',
    async run() {
      let done = 0;
      for (;;) {
        const rows = await db.tx((tx) =>
          queryRows<{ id: number }>(
            tx,
            sql`UPDATE job_probe SET done_by = ${me}, done_count = done_count + 1
                WHERE id IN (SELECT id FROM job_probe WHERE done_by IS NULL ORDER BY id LIMIT 7
                             FOR UPDATE SKIP LOCKED)
                RETURNING id`,
          ),
        );
        if (rows.length === 0) return done;
        done += rows.length;
      }
    },
  };
}

/** A job that does not claim anything: it only counts its runs (what the advisory lock alone prevents). */
function countingJob(db: Database, runs: string[], me: string, ms = 300): Job {
  return {
    name: 'probe:count',
    async run() {
      runs.push(me);
      await new Promise((resolve) => setTimeout(resolve, ms));
      await db.tx((tx) => tx.execute(sql`UPDATE job_probe_runs SET runs = runs + 1`));
      return 1;
    },
  };
}

async function prepare(db: Database): Promise<void> {
  await db.tx(async (tx) => {
    await tx.execute(sql`DROP TABLE IF EXISTS job_probe`);
    await tx.execute(sql`DROP TABLE IF EXISTS job_probe_runs`);
    await tx.execute(sql`CREATE TABLE job_probe (id int PRIMARY KEY, done_by text, done_count int NOT NULL DEFAULT 0)`);
    await tx.execute(sql`CREATE TABLE job_probe_runs (runs int NOT NULL)`);
    await tx.execute(sql`INSERT INTO job_probe_runs VALUES (0)`);
    await tx.execute(sql`INSERT INTO job_probe (id) SELECT g FROM generate_series(1, ${ITEMS}) AS g`);
  });
}

describe.each(testBackends())('the job runner on $name', (backend) => {
  let testDb: TestDatabase;
  let a: Database;
  /** A second instance's own connection pool on the same database (PostgreSQL); PGlite has one session. */
  let b: Database;
  beforeAll(async () => {
    testDb = await backend.open({ empty: true });
    a = await openDatabase(testDb.config);
    b = backend.name === 'postgres' ? await openDatabase(testDb.config) : a;
  });
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
    await testDb?.cleanup();
  });
  beforeEach(() => prepare(a));

  it('two instances ticking at once handle each item exactly once', async () => {
    const runnerA = createJobRunner({ db: a, now: () => AT, jobs: [claimingJob(a, 'a')] });
    const runnerB = createJobRunner({ db: b, now: () => AT, jobs: [claimingJob(b, 'b')] });
    const reports = await Promise.all([
      runnerA.runDue({ wait: false }),
      runnerB.runDue({ wait: false }),
      runnerA.runDue(),
      runnerB.runDue(),
    ]);
    const [row] = await a.tx((tx) =>
      queryRows<{ done: number; twice: number }>(
        tx,
        sql`SELECT count(*) FILTER (WHERE done_by IS NOT NULL)::int AS done,
                   count(*) FILTER (WHERE done_count <> 1)::int AS twice FROM job_probe`,
      ),
    );
    expect(row).toEqual({ done: ITEMS, twice: 0 });
    const handled = reports.map((r) => r['probe:claim']).filter((n): n is number => typeof n === 'number');
    expect(handled.reduce((sum, n) => sum + n, 0)).toBe(ITEMS);
  });

  it('one leader per job and pass: the instance that finds the lock held skips the job', async () => {
    if (backend.name === 'pglite') {
      // One session, one process (the lock file refuses a second): nothing to lead; one instance runs it.
      const runs: string[] = [];
      const runner = createJobRunner({ db: a, now: () => AT, jobs: [countingJob(a, runs, 'a', 10)] });
      expect(await runner.runDue({ wait: false })).toEqual({ 'probe:count': 1 });
      return;
    }
    const runs: string[] = [];
    const runnerA = createJobRunner({ db: a, now: () => AT, jobs: [countingJob(a, runs, 'a')] });
    const runnerB = createJobRunner({ db: b, now: () => AT, jobs: [countingJob(b, runs, 'b')] });
    const reports = await Promise.all([runnerA.runDue({ wait: false }), runnerB.runDue({ wait: false })]);
    expect(reports.map((r) => r['probe:count']).sort()).toEqual([1, 'skipped']);
    expect(runs).toHaveLength(1);
    // Waiting instead of skipping: the second runs after the first's pass ended (never at the same time).
    const waited = await Promise.all([runnerA.runDue(), runnerB.runDue()]);
    expect(waited.map((r) => r['probe:count'])).toEqual([1, 1]);
  });

  it("the lock is the schema's: an app on another schema of one database leads its own job meanwhile", async () => {
    if (backend.name === 'pglite') return; // one database per process: no other schema shares its locks
    const otherDb = await backend.open({ empty: true });
    const other = await openDatabase(otherDb.config);
    try {
      await prepare(other);
      const runs: string[] = [];
      const here = createJobRunner({ db: a, now: () => AT, jobs: [countingJob(a, runs, 'here')] });
      const there = createJobRunner({ db: other, now: () => AT, jobs: [countingJob(other, runs, 'there')] });
      const reports = await Promise.all([here.runDue({ wait: false }), there.runDue({ wait: false })]);
      expect(reports.map((r) => r['probe:count'])).toEqual([1, 1]);
      expect(runs.sort()).toEqual(['here', 'there']);
    } finally {
      await other.close();
      await otherDb.cleanup();
    }
  });

  it('a failing job is reported and logged, and the next jobs still run', async () => {
    const errors: object[] = [];
    const runner = createJobRunner({
      db: a,
      now: () => AT,
      log: { error: (details) => errors.push(details) },
      jobs: [
        {
          name: 'probe:fail',
          run: () => Promise.reject(new Error('boom')),
        },
        claimingJob(a, 'a'),
        { name: 'probe:local', everyInstance: true, run: async () => 2 },
      ],
    });
    expect(await runner.runDue()).toEqual({ 'probe:fail': 'failed', 'probe:claim': ITEMS, 'probe:local': 2 });
    expect(errors).toEqual([expect.objectContaining({ job: 'probe:fail' })]);
  });

  it('a job that is not active is skipped before the lock, with no transaction, and runs once active', async () => {
    let active = false;
    const runs: string[] = [];
    let transactions = 0;
    const counted: typeof a = { ...a, tx: (fn, options) => ((transactions += 1), a.tx(fn, options)) };
    const runner = createJobRunner({
      db: counted,
      now: () => AT,
      jobs: [{ ...countingJob(a, runs, 'a'), active: () => active }],
    });
    expect(await runner.runDue()).toEqual({ 'probe:count': 0 });
    expect({ runs, transactions }).toEqual({ runs: [], transactions: 0 });
    active = true;
    expect(await runner.runDue()).toEqual({ 'probe:count': 1 });
    expect(runs).toHaveLength(1);
  });

  it('the timer runs passes on its own and stop() waits for the pass in flight', async () => {
    const runs: string[] = [];
    const runner = createJobRunner({ db: a, now: () => AT, jobs: [countingJob(a, runs, 'a', 50)] });
    runner.start(20);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await runner.stop();
    const after = runs.length;
    expect(after).toBeGreaterThan(0);
    const [row] = await a.tx((tx) => queryRows<{ runs: number }>(tx, sql`SELECT runs FROM job_probe_runs`));
    // Every pass that started also finished before stop() answered.
    expect(row!.runs).toBe(after);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toHaveLength(after);
  });

  it('the timer runs a job with a period once per period of the app clock; an explicit pass runs it too', async () => {
    let clock = AT.getTime();
    const runs = { fast: 0, slow: 0 };
    const runner = createJobRunner({
      db: a,
      now: () => new Date(clock),
      jobs: [
        { name: 'probe:fast', everyInstance: true, run: async () => ++runs.fast },
        { name: 'probe:slow', everyInstance: true, periodMs: 30_000, run: async () => ++runs.slow },
      ],
    });
    /** Lets the timer run at least three more passes at the current clock. */
    const passes = async () => {
      const target = runs.fast + 3;
      while (runs.fast < target) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    runner.start(5);
    await passes();
    expect(runs.slow).toBe(1);
    clock += 29_999;
    await passes();
    expect(runs.slow).toBe(1);
    clock += 1;
    await passes();
    expect(runs.slow).toBe(2);
    clock -= 60_000; // a test clock moved back: the period starts again
    await passes();
    expect(runs.slow).toBe(3);
    await runner.stop();
    expect(await runner.runDue()).toEqual({ 'probe:fast': runs.fast, 'probe:slow': 4 });
  });
});
