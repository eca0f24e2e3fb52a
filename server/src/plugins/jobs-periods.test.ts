import type { Job } from '../modules/jobs/job-runner';
import { alertJobs } from '../modules/alerts/alerts-job';
import { dayTradingJobs } from '../modules/daytrade/daytrade-jobs';
import { EVERY_PASS, SLOW_JOB_PERIOD_MS, withPeriods } from './jobs';

const job = (name: string): Job => ({ name, run: async () => 0 });

describe('the background jobs’ periods', () => {
  it('runs the price watchers in every pass and the jobs due at coarse times every half minute', () => {
    const names = ['alerts:evaluate', 'day-trading:stop', 'new-shares:draw', 'orders:expire', 'lending:fees'];
    const periods = withPeriods(names.map(job), SLOW_JOB_PERIOD_MS).map((j) => [j.name, j.periodMs]);
    expect(periods).toEqual([
      ['alerts:evaluate', undefined],
      ['day-trading:stop', undefined],
      ['new-shares:draw', 30_000],
      ['orders:expire', 30_000],
      ['lending:fees', 30_000],
    ]);
  });

  it('names jobs that exist (a renamed price watcher would otherwise slow to every half minute)', () => {
    const real = [...alertJobs({} as never, {} as never), ...dayTradingJobs({} as never, {} as never)].map(
      (j) => j.name,
    );
    expect([...EVERY_PASS].filter((name) => !real.includes(name))).toEqual([]);
  });
});
