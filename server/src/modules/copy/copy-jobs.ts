/**
 * The copy-trading background jobs, run by every instance's job runner (modules/jobs) in this order:
 *   1. price: units of follows whose pricing close passed;
 *   2. redeem: follows whose lock-up ended (hold released, profit or loss booked, inbox);
 *   3. accrue: the nightly valuation of the active follows (daily and total profit).
 * Each runs under the job's advisory lock and claims its rows FOR UPDATE SKIP LOCKED (copy-lifecycle.ts),
 * so each pricing and each redemption happens once however many instances run them.
 */
import type { Database } from '../../db/database';
import type { Job } from '../jobs/job-runner';
import type { MarketDataProvider } from '../market/provider';
import { accrueDue, priceDue, redeemDue } from './copy-lifecycle';
import { createNavBook } from './copy-view';

export function copyTradingJobs(db: Database, provider: Pick<MarketDataProvider, 'candles'>, now: () => Date): Job[] {
  return [
    { name: 'copy-trading:price', run: (at) => priceDue(db, createNavBook(provider, now), at) },
    { name: 'copy-trading:redeem', run: (at) => redeemDue(db, createNavBook(provider, now), at) },
    { name: 'copy-trading:accrue', run: (at) => accrueDue(db, createNavBook(provider, now), at) },
  ];
}
