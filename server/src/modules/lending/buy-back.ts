/**
 * The end of a borrowing (docs/decisions/0023-securities-lending.md): the shares are bought back at `price`, the
 * proceeds' hold is released and the user pays the buy-back (to house 'stock_lending') and the borrowing fee of the
 * whole days since the borrowing (to 'lending_fees') in one balanced transaction. Used by the user's return and by
 * the lending job's buy-in of an overdue borrowing. The caller holds the user's account lock and the order's row
 * lock; refused with borrow_return_insufficient when available + proceeds do not cover it. Answers the fee paid.
 */
import { Decimal, roundMoney } from 'shared/money';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { getHouseAccountId, postTransaction, voidHold, type LockedAccount } from '../ledger/ledger-repository';
import { daysAccrued, interestFor } from '../loans/loan-terms';
import { formatAmount } from '../wire/wire';
import { markCreditReturned, type CreditOrderRow } from './lending-repository';

export async function buyBack(
  tx: Tx,
  order: CreditOrderRow,
  account: LockedAccount,
  price: Decimal,
  at: Date,
): Promise<Decimal> {
  if (order.holdId === null) throw new BusinessError('borrow_not_active');
  const cost = roundMoney(price.times(order.quantity), order.currency);
  const days = daysAccrued(order.createdAt, at);
  const fee = interestFor(order.credit, order.annualRatePct ?? 0, days, order.currency);
  const need = cost.plus(fee);
  if (need.gt(new Decimal(account.available).plus(order.credit)))
    throw new BusinessError('borrow_return_insufficient', { values: { amount: formatAmount(need, order.currency) } });
  if (!(await voidHold(tx, order.holdId, at))) throw new Error(`credit order ${order.orderNo}: hold resolved`);
  const entries = [
    { accountId: account.id, currency: order.currency, amount: need.negated().toFixed() },
    {
      accountId: await getHouseAccountId(tx, 'stock_lending', order.currency),
      currency: order.currency,
      amount: cost.toFixed(),
    },
  ];
  if (fee.gt(0))
    entries.push({
      accountId: await getHouseAccountId(tx, 'lending_fees', order.currency),
      currency: order.currency,
      amount: fee.toFixed(),
    });
  await postTransaction(tx, {
    at,
    kind: 'stock_borrow',
    reference: order.orderNo,
    memo: `buy back ${order.code} ×${new Decimal(order.quantity).toFixed()} @ ${price.toFixed()}, fee ${fee.toFixed()}`,
    entries,
  });
  const closed = { at, price: price.toFixed(), fee: fee.toFixed(), days };
  if (!(await markCreditReturned(tx, order.id, closed)))
    throw new Error(`credit order ${order.orderNo} changed under its lock`);
  return fee;
}
