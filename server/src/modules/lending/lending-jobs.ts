/**
 * The lending job (modules/jobs runs it under its advisory lock on every instance; docs/decisions/0023):
 *   1. lending fees: for each live lending, the whole days since it was lent (until its recall) not yet booked
 *      are booked in one journal transaction, house 'lending_fees' → user (kind 'lending_fee'); cumulative
 *      rounding (fee due = fee for all days − fee booked), so the total never depends on how often the job ran;
 *      a recalled lending whose return date came is marked returned;
 *   2. borrowing fees: each active credit-stock order's fee accrued so far (paid at the return).
 * Each lending is claimed FOR UPDATE SKIP LOCKED in its own transaction and moved by a conditional UPDATE on the
 * days booked, so a day is booked once however many instances or passes run it.
 */
import { Decimal } from 'shared/money';
import type { Database } from '../../db/database';
import type { Job } from '../jobs/job-runner';
import { getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { daysAccrued, interestFor } from '../loans/loan-terms';
import { tradeDateAt } from '../trade/t-plus-one';
import {
  claimActiveCreditOrders,
  claimLending,
  liveLendingIds,
  markCreditAccrued,
  markLendingAccrued,
  markReturned,
  type LendingRow,
} from './lending-repository';

const CREDIT_BATCH = 500;

/** The fee of a lending for all its whole days up to `at` (until its recall). */
export function lendingFeeDue(row: LendingRow, at: Date): { days: number; total: Decimal } {
  const end = row.recalledAt && row.recalledAt < at ? row.recalledAt : at;
  const days = daysAccrued(row.lentAt, end);
  return { days, total: interestFor(row.value, row.annualRatePct, days, row.currency) };
}

async function accrueLending(db: Database, id: bigint, at: Date): Promise<number> {
  return moneyTx(db, async (tx) => {
    const probe = await claimLending(tx, id);
    if (!probe) return 0;
    // user rows before house rows (ledger-repository lockUserAccounts), then the lending again
    const accounts = await lockUserAccounts(tx, probe.userId, [probe.currency]);
    let acted = 0;
    const { days, total } = lendingFeeDue(probe, at);
    if (days > probe.accruedDays) {
      const fee = total.minus(probe.feePaid);
      if (!(await markLendingAccrued(tx, probe.id, probe.accruedDays, days, Decimal.max(fee, 0).toFixed()))) return 0;
      if (fee.gt(0))
        await postTransaction(tx, {
          at,
          kind: 'lending_fee',
          reference: probe.orderNo,
          memo: `lending fee ${probe.code}, days ${probe.accruedDays + 1}–${days}`,
          entries: [
            {
              accountId: await getHouseAccountId(tx, 'lending_fees', probe.currency),
              currency: probe.currency,
              amount: fee.negated().toFixed(),
            },
            { accountId: accounts.get(probe.currency)!.id, currency: probe.currency, amount: fee.toFixed() },
          ],
        });
      acted = 1;
    }
    if (probe.status === 1 && (await markReturned(tx, probe.id, at, tradeDateAt(probe.market, at)))) acted = 1;
    return acted;
  });
}

/** Books the lending fees due at `at` and ends the returned lendings; answers how many lendings moved. */
export async function accrueLendingFees(db: Database, at: Date): Promise<number> {
  const ids = await db.tx(liveLendingIds, { readOnly: true });
  let n = 0;
  for (const id of ids) n += await accrueLending(db, id, at);
  return n;
}

/** The borrowing fee accrued so far on every active credit-stock order (paid at the return). */
export async function accrueBorrowFees(db: Database, at: Date): Promise<number> {
  return moneyTx(db, async (tx) => {
    let n = 0;
    for (const order of await claimActiveCreditOrders(tx, CREDIT_BATCH)) {
      if (!order.createdAt || order.annualRatePct === null) continue;
      const days = daysAccrued(order.createdAt, at);
      if (days <= order.accruedDays) continue;
      const fee = interestFor(order.credit, order.annualRatePct, days, order.currency);
      if (await markCreditAccrued(tx, order.id, order.accruedDays, days, fee.toFixed())) n += 1;
    }
    return n;
  });
}

export function lendingJobs(db: Database): Job[] {
  return [
    { name: 'lending:fees', run: (at) => accrueLendingFees(db, at) },
    { name: 'lending:borrow-fees', run: (at) => accrueBorrowFees(db, at) },
  ];
}
