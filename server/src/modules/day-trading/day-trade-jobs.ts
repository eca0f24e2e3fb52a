/**
 * The day-trading background job, run by every instance's job runner (modules/jobs): after the
 * session close of each application's trade date, settle it (or let it lapse when it never traded).
 * It runs under the job's advisory lock and claims each application FOR UPDATE SKIP LOCKED
 * (day-trade-settlement.ts), so each settlement happens once however many instances run it.
 */
import type { Database } from '../../db/database';
import type { Job } from '../jobs/job-runner';
import type { MarketDataProvider } from '../market/provider';
import { settleDue } from './day-trade-settlement';

export function dayTradingJobs(db: Database, provider: Pick<MarketDataProvider, 'candles' | 'lastPrice'>): Job[] {
  return [{ name: 'day-trading:settle', run: (at) => settleDue(db, provider, at) }];
}
