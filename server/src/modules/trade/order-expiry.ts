/**
 * The `orders:expire` job (issue 13; plugins/jobs.ts): a pending order whose `valid_until` is before its market's
 * current session day, or is that day once its session has ended, is cancelled (cancel_reason expired), its hold
 * voided and its owner told (inbox order_expired). Each order is claimed by a conditional UPDATE (… WHERE status = 3
 * AND the validity ended) in the transaction that voids its hold and stores the message, after the owner's account
 * lock (the matcher's lock order): however many instances run the job, each order expires once, with one message.
 * Orders without a validity (placed before 0018) never expire.
 */
import type { Database } from '../../db/database';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import type { Job } from '../jobs/job-runner';
import { dateOf, MARKET_IDS, marketClock } from '../market/calendar';
import { cancelExpired, expiredOrders } from './positions-repository';

const BATCH = 200;

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
      let acted = 0;
      for (const order of due) {
        const done = await moneyTx(db, async (tx) => {
          await lockUserAccounts(tx, BigInt(order.userId), [order.currency]);
          const row = await cancelExpired(tx, BigInt(order.id), sessionDate, ended, at);
          if (!row) return false;
          if (!(await voidHold(tx, BigInt(row.holdId!), at)))
            throw new Error(`order ${row.orderNo}: hold ${row.holdId} was already resolved`);
          const values = { code: row.code, order_no: row.orderNo, date: row.validUntil ?? sessionDate };
          await notify(tx, BigInt(row.userId), { key: 'order_expired', values }, at);
          return true;
        });
        if (done) acted += 1;
      }
      expired += acted;
      if (due.length < BATCH || acted === 0) break;
    }
  }
  return expired;
}

export function orderJobs(db: Database): Job[] {
  return [{ name: 'orders:expire', run: (at) => expireOrders(db, at) }];
}
