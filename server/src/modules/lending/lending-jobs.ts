/**
 * The lending job (modules/jobs runs it under its advisory lock on every instance; docs/decisions/0023):
 *   1. lending fees: for each live lending, the whole days since it was lent (until its recall) not yet booked
 *      are booked in one journal transaction, house 'lending_fees' → user (kind 'lending_fee'); cumulative
 *      rounding (fee due = fee for all days − fee booked), so the total never depends on how often the job ran;
 *      a recalled lending whose return date came is marked returned; a lending whose position left `holding`
 *      (the matcher's margin check closed it) ends then: no fee after it;
 *   2. borrowing fees: each active credit-stock order's fee accrued so far (paid at the return);
 *   3. buy-in: a borrowing past its return date is bought back at market (buy-back.ts) when the market is open
 *      and the money is there, once (the order row locked, its status checked).
 * Each lending is claimed FOR UPDATE SKIP LOCKED in its own transaction and moved by a conditional UPDATE on the
 * days booked, so a day is booked once however many instances or passes run it.
 */
import { Decimal } from 'shared/money';
import type { Database } from '../../db/database';
import { BusinessError } from '../../errors';
import type { Job } from '../jobs/job-runner';
import { CREDIT_CURRENCY } from '../loans/credit-score';
import type { MarketDataProvider } from '../market/provider';
import { getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { daysAccrued, interestFor } from '../loans/loan-terms';
import { tradeDateAt } from '../trade/t-plus-one';
import {
  claimActiveCreditOrders,
  claimLending,
  CREDIT,
  endWithPosition,
  lockCreditOrder,
  liveLendingIds,
  markCreditAccrued,
  markLendingAccrued,
  markReturned,
  overdueCreditOrders,
  positionState,
  type LendingRow,
} from './lending-repository';
import { buyBack } from './buy-back';
import { notify } from '../inbox/inbox-service';
import { formatAmount } from '../wire/wire';

const CREDIT_BATCH = 500;

/** The fee of a lending for all its whole days up to `at` (until its recall). */
export function lendingFeeDue(row: LendingRow, at: Date): { days: number; total: Decimal } {
  const end = row.recalledAt && row.recalledAt < at ? row.recalledAt : at;
  const days = daysAccrued(row.lentAt, end);
  return { days, total: interestFor(row.value, row.annualRatePct, days, row.currency) };
}

async function accrueLending(db: Database, id: bigint, at: Date): Promise<number> {
  return moneyTx(db, async (tx) => {
    const claimed = await claimLending(tx, id);
    if (!claimed) return 0;
    // a position that left `holding` while lent (the matcher's margin check) ends the lending: no fee after it
    const position = await positionState(tx, claimed.positionId);
    const ended = claimed.status === 0 && position && position.status !== 0 ? (position.endedAt ?? at) : null;
    const probe = ended ? { ...claimed, recalledAt: ended } : claimed;
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
    if (ended) {
      if (await endWithPosition(tx, probe.id, ended, at, tradeDateAt(probe.market, ended))) acted = 1;
    } else if (probe.status === 1 && (await markReturned(tx, probe.id, at, tradeDateAt(probe.market, at)))) acted = 1;
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

/**
 * Borrowings past their return date are bought back at the market price (buy-in) while the market is open and the
 * money is there (available + proceeds cover the buy-back and the fee); otherwise they stay active and overdue.
 */
export async function buyInOverdue(db: Database, provider: Pick<MarketDataProvider, 'quote'>, at: Date) {
  let n = 0;
  for (const due of await db.tx((tx) => overdueCreditOrders(tx, at), { readOnly: true })) {
    const quote = provider.quote(due.market, due.code, 'en');
    if (!quote || quote.kind !== 'stock' || quote.status !== 'open') continue;
    try {
      n += await moneyTx(db, async (tx) => {
        const accounts = await lockUserAccounts(tx, BigInt(due.userId), [CREDIT_CURRENCY]);
        const order = await lockCreditOrder(tx, Number(due.id), BigInt(due.userId));
        if (!order || order.status !== CREDIT.active) return 0;
        const fee = await buyBack(tx, order, accounts.get(order.currency)!, new Decimal(quote.price), at);
        const values = {
          order: order.orderNo,
          code: order.code,
          quantity: new Decimal(order.quantity).toFixed(),
          price: formatAmount(quote.price, order.currency),
          fee: formatAmount(fee, order.currency),
        };
        await notify(tx, order.userId, { key: 'borrow_bought_in', values }, at);
        return 1;
      });
    } catch (error) {
      if (!(error instanceof BusinessError && error.key === 'borrow_return_insufficient')) throw error;
    }
  }
  return n;
}

export function lendingJobs(db: Database, provider: Pick<MarketDataProvider, 'quote'>): Job[] {
  return [
    { name: 'lending:fees', run: (at) => accrueLendingFees(db, at) },
    { name: 'lending:borrow-fees', run: (at) => accrueBorrowFees(db, at) },
    { name: 'lending:buy-in', run: (at) => buyInOverdue(db, provider, at) },
  ];
}
