/**
 * The new-share background jobs (issue 11), run by every instance's job runner (modules/jobs) in
 * this order, so that one pass after a jump of the clock does everything due in the right sequence:
 *   0. seal: each issue whose window closed gets its list of applications sealed as a Merkle root
 *      (list-seal.ts `sealList`, exactly once: FOR UPDATE of the issue, nothing when sealed already),
 *      published before the draw reveals the seed;
 *   1. draw: each issue whose draw time passed and was not drawn (lifecycle.ts `drawIssue`, which
 *      claims the issue with a conditional UPDATE: a second call does nothing);
 *   2. expire: allotments not confirmed by their payment deadline become abstained, holds released
 *      (`expireUnpaid`, rows claimed FOR UPDATE SKIP LOCKED);
 *   3. list: issues whose listing time passed join the market data and their paid allotments become
 *      holdings (ipo-listing.ts, issues claimed FOR UPDATE SKIP LOCKED);
 *   4. market data (every instance, no lock): the listed stocks this instance's simulator lacks.
 * Jobs 0–3 run under the job's advisory lock (one leader per pass) and claim each item in the
 * transaction that handles it, so each draw, expiry and listing happens once however many
 * instances run them.
 */
import type { Database } from '../../db/database';
import type { Job } from '../jobs/job-runner';
import type { MarketDataProvider } from '../market/provider';
import { drawIssue, dueDraws, expireUnpaid } from './lifecycle';
import { dueSeals, sealList } from './list-seal';
import { createListingSync, listDueIssues } from './ipo-listing';

export interface NewShareJobDeps {
  db: Database;
  provider: MarketDataProvider;
}

export function newShareJobs({ db, provider }: NewShareJobDeps): Job[] {
  const syncListings = createListingSync(db, provider);
  return [
    {
      name: 'new-shares:seal',
      async run(at) {
        let sealed = 0;
        for (const id of await dueSeals(db, at)) if (await sealList(db, id, at)) sealed += 1;
        return sealed;
      },
    },
    {
      name: 'new-shares:draw',
      async run(at) {
        let drawn = 0;
        for (const id of await dueDraws(db, at)) if ((await drawIssue(db, id, at)).drawnNow) drawn += 1;
        return drawn;
      },
    },
    { name: 'new-shares:expire', run: (at) => expireUnpaid(db, at) },
    { name: 'new-shares:list', run: (at) => listDueIssues(db, at, (listing) => provider.addListing?.(listing)) },
    { name: 'new-shares:market-data', everyInstance: true, run: () => syncListings() },
  ];
}
