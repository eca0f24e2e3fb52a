/**
 * Background jobs that run exactly once however many server instances run them (ARCHITECTURE.md
 * "Scaling out"): every instance runs the same scheduler on the app clock, and each job runs under
 * a PostgreSQL advisory lock of its own, taken for the length of one transaction
 * (`pg_try_advisory_xact_lock`): of the instances that tick at the same moment one is the job's
 * leader for that pass and the others skip it. The lock is an optimisation, not the guarantee: every
 * job claims its work with a conditional UPDATE or `FOR UPDATE SKIP LOCKED` in the transaction that
 * does it, so a job run twice (a timer and the test-clock endpoint, two instances without the lock)
 * still acts once on each item.
 *
 * PGlite is one session in one process (its lock file refuses a second one): no lock is taken there
 * (holding a transaction open while the job runs its own would deadlock the single session).
 *
 * A pass runs the jobs one after another, in order; one failing job is logged and the others run.
 * Passes of one instance never overlap: the timer skips a tick while a pass is in flight, and an
 * explicit `runDue()` (the test-clock endpoint) waits for it and then runs a pass of its own at the
 * current time, waiting for the other instances' leaders as well, so its answer sees the work done.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/query';

/**
 * First key of every job's advisory lock; the second is the hash of the schema and the job's name (`jobLockKey`), so
 * apps on different schemas of one database (the test suites, run in parallel on one PostgreSQL) never lead each
 * other's jobs, while every instance of one app (one schema) contends for the same lock.
 */
export const JOBS_LOCK_CLASS = 0x4a4f4253; // "JOBS"

export interface Job {
  /** Unique name: the advisory lock's key and the report's field. */
  name: string;
  /**
   * Does the work due at `at`; answers how many items it acted on. Must be safe to run twice and
   * concurrently: each item is claimed in the transaction that handles it.
   */
  run(at: Date): Promise<number>;
  /**
   * Runs on every instance, without the lock: work on the instance's own memory (e.g. adding the
   * listed stocks to its market data), not on shared rows.
   */
  everyInstance?: boolean;
  /**
   * Whether there can be work at `at` at all, asked before the lock and without the database (the matcher: some
   * market in session); false skips the job in this pass with 0 items, so an idle job costs no transaction.
   */
  active?: (at: Date) => boolean;
  /**
   * How often the timer runs it, in ms of the app clock: at most once per period (default: every pass). For work
   * due at coarse times (accruals, draws, day-end expiries), so an idle server does not pay for it every 5 s. An
   * explicit pass (`runDue`: the test-clock endpoint) runs every job.
   */
  periodMs?: number;
}

/** Per job run in the pass: items acted on, 'skipped' (another instance led it) or 'failed' (logged). */
export type PassReport = Record<string, number | 'skipped' | 'failed'>;

export interface JobRunnerOptions {
  db: Database;
  now: () => Date;
  jobs: readonly Job[];
  log?: { error(details: object, message: string): void };
}

export interface JobRunner {
  /**
   * One pass now, after the pass in flight. By default it waits for other instances' leaders (never
   * skips a job); `wait: false` skips a job another instance is running, as the timer does.
   */
  runDue(options?: { wait?: boolean }): Promise<PassReport>;
  /**
   * Starts the timer: a pass every `periodMs` unless one is in flight, with the jobs due by their own period
   * (skipping jobs another instance leads).
   */
  start(periodMs: number): void;
  /** Stops the timer and waits for the pass in flight. */
  stop(): Promise<void>;
}

/**
 * The second key of a job's advisory lock: the hash of the current schema and the job's name. A search_path naming no
 * existing schema (current_schema() NULL) still gives a key, so no job silently stops leading.
 */
const jobLockKey = (name: string) => sql`hashtext(coalesce(current_schema(), '') || '/' || ${name})`;

/**
 * Runs `fn` as the job's leader: inside a transaction holding the job's advisory lock. `wait`: wait
 * for the lock (another instance's pass then ends first); otherwise answers undefined when it is held.
 */
export async function asLeader<T>(
  db: Database,
  name: string,
  wait: boolean,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  if (db.backend === 'pglite') return fn();
  return db
    .tx(async (tx) => {
      if (wait) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${JOBS_LOCK_CLASS}::int4, ${jobLockKey(name)})`);
      } else {
        const [row] = await queryRows<{ led: boolean }>(
          tx,
          sql`SELECT pg_try_advisory_xact_lock(${JOBS_LOCK_CLASS}::int4, ${jobLockKey(name)}) AS led`,
        );
        if (!row?.led) return undefined;
      }
      // The job's own transactions use other connections of the pool; this one only holds the lock.
      return { value: await fn() };
    })
    .then((held) => held?.value);
}

export function createJobRunner({ db, now, jobs, log }: JobRunnerOptions): JobRunner {
  let inFlight: Promise<PassReport> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** When this instance last ran each job (app clock, ms). */
  const lastRun = new Map<string, number>();
  const due = (job: Job, at: number): boolean => {
    const last = lastRun.get(job.name);
    // a test clock moved back starts the period again
    return !job.periodMs || last === undefined || at - last >= job.periodMs || at < last;
  };

  const pass = async (wait: boolean, every: boolean): Promise<PassReport> => {
    const at = now();
    const report: PassReport = {};
    for (const job of jobs) {
      if (!every && !due(job, at.getTime())) continue;
      lastRun.set(job.name, at.getTime());
      if (job.active && !job.active(at)) {
        report[job.name] = 0;
        continue;
      }
      try {
        const done = job.everyInstance ? await job.run(at) : await asLeader(db, job.name, wait, () => job.run(at));
        report[job.name] = done ?? 'skipped';
      } catch (error) {
        report[job.name] = 'failed';
        log?.error({ err: error, job: job.name }, 'background job failed');
      }
    }
    return report;
  };

  const begin = (wait: boolean, every: boolean): Promise<PassReport> => {
    const running = pass(wait, every).finally(() => {
      if (inFlight === running) inFlight = undefined;
    });
    inFlight = running;
    return running;
  };

  return {
    async runDue({ wait = true } = {}) {
      while (inFlight) await inFlight.catch(() => undefined);
      return begin(wait, true);
    },
    start(periodMs) {
      if (timer || periodMs <= 0) return;
      timer = setInterval(() => {
        if (!inFlight) void begin(false, false).catch(() => undefined);
      }, periodMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      while (inFlight) await inFlight.catch(() => undefined);
    },
  };
}
