/**
 * The day-trading background jobs, run by every instance's job runner (modules/jobs): while the market
 * is open, stop a day that lost its whole participation (daytrade-stop.ts); after the session close of
 * each application's trade date, settle it (or let it lapse when it never traded). Each runs under the
 * job's advisory lock and claims each application FOR UPDATE SKIP LOCKED (daytrade-settlement.ts), so
 * each stop and each settlement happens once however many instances run them.
 */
import type { Database } from '../../db/database';
import type { Job } from '../jobs/job-runner';
import type { MarketDataProvider } from '../market/provider';
import { settleDue } from './daytrade-settlement';
import { stopDue } from './daytrade-stop';

export function dayTradingJobs(db: Database, provider: Pick<MarketDataProvider, 'candles' | 'lastPrice'>): Job[] {
  return [
    { name: 'day-trading:stop', run: (at) => stopDue(db, provider, at) },
    { name: 'day-trading:settle', run: (at) => settleDue(db, provider, at) },
  ];
}
