/**
 * The `orders:expire` job (issue 13; plugins/jobs.ts): a pending order whose `valid_until` is before its market's
 * current session day, or is that day once its session has ended, is cancelled (cancel_reason expired), its hold
 * voided and its owner told (inbox order_expired). Set-based (issue 37: at the close thousands expire at once), in
 * batches of BATCH per transaction: the batch's owners' accounts locked in id order (the matcher's lock order), then
 * one conditional UPDATE claims its orders (… WHERE status = 3 AND the validity ended), one voids their holds and one
 * stores their messages: however many instances run the job, each order expires once, with one message.
 * Orders without a validity (placed before 0018) never expire.
 */
import type { Database } from '../../db/database';
import { notifyMany } from '../inbox/inbox-service';
import { moneyTx } from '../ledger/money-tx';
import type { Job } from '../jobs/job-runner';
import { dateOf, MARKET_IDS, marketClock } from '../market/calendar';
import { lockAccountsOf, voidHolds } from './order-batch-writes';
import { cancelExpiredMany, expiredOrders } from './positions-repository';

/** Orders per transaction: 5,000 was 1.64× the bare SQL at 100k, 1,000 was 1.97× (bench/expiry.bench.mjs). */
const BATCH = 5000;

/** Expires the orders due at `at`; answers how many this call expired. */
export async function expireOrders(db: Database, at: Date): Promise<number> {
  let expired = 0;
  for (const market of MARKET_IDS) {
    const clock = marketClock(market, at.getTime());
    const sessionDate = dateOf(clock.sessionDay);
    // Closed: the session of sessionDay (the latest that started) has ended.
    const ended = clock.status === 'closed';
    for (;;) {
      const due = await db.tx((tx) => expiredOrders(tx, market, sessionDate, ended, BATCH), { readOnly: true });
      if (due.length === 0) break;
      const acted = await moneyTx(db, async (tx) => {
        await lockAccountsOf(tx, [...new Set(due.map((order) => BigInt(order.userId)))]);
        const ids = due.map((order) => BigInt(order.id));
        const rows = await cancelExpiredMany(tx, ids, sessionDate, ended, at);
        await voidHolds(
          tx,
          rows.map((row) => BigInt(row.holdId!)),
          at,
        );
        const notices = rows.map((row) => ({
          userId: BigInt(row.userId),
          notice: {
            key: 'order_expired' as const,
            values: { code: row.code, order_no: row.orderNo, date: row.validUntil ?? sessionDate },
          },
        }));
        await notifyMany(tx, notices, at);
        return rows.length;
      });
      expired += acted;
      if (due.length < BATCH || acted === 0) break;
    }
  }
  return expired;
}

export function orderJobs(db: Database): Job[] {
  return [{ name: 'orders:expire', run: (at) => expireOrders(db, at) }];
}
