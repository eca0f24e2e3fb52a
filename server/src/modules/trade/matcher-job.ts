/**
 * The matcher as a job of the job runner (issue 36: one answer to "where does a job run"): its own runner in
 * trade-services, on its own period (`matcherIntervalMs`, 1 s: fills cannot wait for the 5 s pass of the other
 * jobs), under the job's advisory lock on PostgreSQL like every job, so of the instances that tick at once one
 * leads the pass and the others skip it. The lock is not the guarantee: each order is still claimed in the
 * transaction that fills it (matcher.ts), so a pass run twice fills each order once.
 */
import type { Job } from '../jobs/job-runner';
import type { Matcher } from './matcher';

export const MATCHER_JOB = 'orders:match';

/**
 * The job: while every market is shut it is not active (no lock, no transaction: a pass costs nothing); otherwise
 * one matcher pass, answering the orders it acted on.
 */
export function matcherJob(matcher: Matcher): Job {
  return {
    name: MATCHER_JOB,
    active: () => matcher.anyMarketOpen(),
    async run() {
      if (!matcher.anyMarketOpen()) return 0;
      const report = await matcher.runOnce();
      return Object.values(report).reduce((sum, n) => sum + n, 0);
    },
  };
}
