/**
 * Background jobs (fastify-plugin, registered after `trade-services`): the job runner of this
 * instance (modules/jobs/job-runner.ts) with the new-share jobs (draws, payment deadlines, listings,
 * and the listed stocks added to this instance's market data), the dividends of dividend blocks and the
 * expiry of waiting orders (modules/trade/order-expiry.ts).
 * A pass runs every `jobIntervalMs` (5 s) on the app clock; the test-clock endpoint runs one after
 * moving the clock. The jobs that watch prices (alerts, day-trading stops) run in every pass; the rest, due at
 * coarse times (draws, deadlines, listings, dividends, copy-trading pricing and accruals, lending fees and buy-ins,
 * order expiry at the day's end), at most every SLOW_JOB_PERIOD_MS: on PGlite each job costs about 2 ms of CPU even
 * with nothing due, and the full pass every 5 s was about 1.7 % of a core on an idle server (bench/MEASUREMENTS.md).
 * Every instance runs it: each job runs under its own advisory lock and claims its work, so it happens once.
 * Closing the app stops the timer and waits for the pass in flight.
 */
import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from '../modules/jobs/job-runner';
import { newShareJobs } from '../modules/ipo/ipo-jobs';
import { blockJobs } from '../modules/block/block-dividends';
import { copyTradingJobs } from '../modules/copy/copy-jobs';
import { dayTradingJobs } from '../modules/daytrade/daytrade-jobs';
import { alertJobs } from '../modules/alerts/alerts-job';
import { lendingJobs } from '../modules/lending/lending-jobs';
import { orderJobs } from '../modules/trade/order-expiry';
import type { Job } from '../modules/jobs/job-runner';

/** The period of the jobs due at coarse times (see the header): work due is done within half a minute. */
export const SLOW_JOB_PERIOD_MS = 30_000;
/** The jobs run in every pass: they watch live prices. */
export const EVERY_PASS = new Set(['alerts:evaluate', 'day-trading:stop']);

/** Each job with its period: every pass for the price watchers, SLOW_JOB_PERIOD_MS for the others. */
export function withPeriods(jobs: readonly Job[], slowMs: number): Job[] {
  return jobs.map((job) => (EVERY_PASS.has(job.name) ? job : { ...job, periodMs: slowMs }));
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export const jobsPlugin = fp(
  async (app) => {
    const runner = createJobRunner({
      db: app.db,
      now: app.config.now,
      jobs: withPeriods(
        [
          ...newShareJobs({ db: app.db, provider: app.market.provider }),
          ...blockJobs(app.db),
          ...copyTradingJobs(app.db, app.market.provider, app.config.now),
          ...dayTradingJobs(app.db, app.market.provider),
          ...alertJobs(app.db, app.market.provider),
          ...lendingJobs(app.db, app.market.provider),
          ...orderJobs(app.db),
        ],
        SLOW_JOB_PERIOD_MS,
      ),
      log: app.log,
    });
    app.decorate('jobs', runner);
    runner.start(app.config.jobIntervalMs);
    // With the timer on, a first pass right after start: listed stocks join this instance's market data.
    if (app.config.jobIntervalMs > 0)
      app.addHook('onReady', async () => {
        void runner.runDue({ wait: false });
      });
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'jobs', dependencies: ['config', 'db', 'market-services'] },
);
