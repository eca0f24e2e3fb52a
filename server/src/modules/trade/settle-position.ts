/**
 * A position's settlement at a price (the matcher's closes, matcher.ts; day trading's, daytrade-settlement.ts):
 * the margin released, the P&L booked against the house 'trading' account and the closing fee to the user's
 * fee-revenue shard; a loss beyond the user's money is paid by the house 'protection' account in a labelled journal
 * transaction (negative-balance protection), so no balance goes negative. The close's fill notice and, for an exit
 * or a margin call, why it closed go to the inbox in the same transaction.
 */
import { Decimal, type Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, postTransaction, voidHold } from '../ledger/ledger-repository';
import { formatAmount } from '../wire/wire';
import { closableNow } from './exit-guard';
import { fillNotice, type FillNames, type FillTold } from './fill-notice';
import { exitReached } from './order-rules';
import { exitValues } from './order-triggers';
import { settleClose } from './positions-repository';
import { closeFee, marginCallDue, realisedPnl, settle, type Settlement } from './trade-math';
import { feeRevenueAccount, positionById, STATUS, type PositionRow } from './trade-repository';

/** Memo of the labelled journal transaction that pays a loss beyond the account. */
export const PROTECTION_MEMO = 'Negative-balance protection: the loss beyond your balance is paid by the house';

export type SettleReason = 'user' | 'margin_call' | 'take_profit' | 'stop_loss';

/** A settlement in progress: the position under its lock and its figures at the price. */
interface Settling {
  row: PositionRow;
  userId: bigint;
  /** The user's account in the position's currency (locked). */
  user: bigint;
  price: Decimal;
  quantity: Decimal;
  at: Date;
  reason: SettleReason;
  pnl: Decimal;
  result: Settlement;
}

/**
 * The position under its row lock (after the user's account lock) while it is still in the state `reason` settles
 * from and still due (see settlePosition); undefined otherwise.
 */
async function lockedToSettle(
  tx: Tx,
  id: bigint,
  price: Decimal,
  at: Date,
  reason: SettleReason,
  maintenanceRatio: Decimal,
) {
  const peek = await positionById(tx, id);
  const from = reason === 'user' ? STATUS.closing : STATUS.holding;
  if (!peek || peek.status !== from) return undefined;
  const userId = BigInt(peek.userId);
  const accounts = await lockUserAccounts(tx, userId, [peek.currency]);
  const row = await positionById(tx, id, { forUpdate: true });
  if (!row || row.status !== from) return undefined;
  const quantity = new Decimal(row.stockNum);
  if (
    reason === 'margin_call' &&
    !marginCallDue(row.direction, row.buyPrice, price, quantity, row.margin, maintenanceRatio)
  )
    return undefined;
  if (
    (reason === 'take_profit' || reason === 'stop_loss') &&
    (exitReached(row.direction, row, price) !== reason || !(await closableNow(tx, row, at)))
  )
    return undefined;
  return { row, from, userId, quantity, account: accounts.get(row.currency)! };
}

/** The settlement's journal: the house's protection (if any), the P&L against the house and the closing fee. */
async function bookSettlement(tx: Tx, { row, userId, user, price, quantity, at, reason, pnl, result }: Settling) {
  const currency: Currency = row.currency;
  if (result.protection.gt(0)) {
    await postTransaction(tx, {
      kind: 'trade',
      reference: row.orderNo,
      memo: PROTECTION_MEMO,
      at,
      entries: [
        {
          accountId: await getHouseAccountId(tx, 'protection', currency),
          currency,
          amount: result.protection.negated().toFixed(),
        },
        { accountId: user, currency, amount: result.protection.toFixed() },
      ],
    });
  }
  if (!pnl.isZero()) {
    await postTransaction(tx, {
      kind: 'trade',
      reference: row.orderNo,
      memo:
        `${reason === 'user' ? '' : `${reason.replace('_', ' ')}: `}close ${row.direction} ${row.code} ` +
        `×${quantity.toFixed()} @ ${price.toFixed()} (bought @ ${new Decimal(row.buyPrice).toFixed()})`,
      at,
      entries: [
        { accountId: user, currency, amount: pnl.toFixed() },
        { accountId: await getHouseAccountId(tx, 'trading', currency), currency, amount: pnl.negated().toFixed() },
      ],
    });
  }
  if (!result.fee.isZero()) {
    await postTransaction(tx, {
      kind: 'fee',
      reference: row.orderNo,
      memo: `close ${row.direction} ${row.code} ×${quantity.toFixed()} @ ${price.toFixed()}`,
      at,
      entries: [
        { accountId: user, currency, amount: result.fee.negated().toFixed() },
        {
          accountId: await getHouseAccountId(tx, feeRevenueAccount(userId), currency),
          currency,
          amount: result.fee.toFixed(),
        },
      ],
    });
  }
}

/** The inbox of a settlement: the close's fill notice, then why it closed (an exit, a margin call). */
async function tellSettlement(
  tx: Tx,
  { row, userId, price, quantity, at, reason, pnl, result }: Settling,
  maintenanceRatio: Decimal,
  fills: { names?: FillNames; told?: FillTold[] },
) {
  const currency: Currency = row.currency;
  const exit = reason === 'take_profit' ? row.takeProfit : reason === 'stop_loss' ? row.stopLoss : null;
  // The close's fill notice (fill-notice.ts) first: the message saying why (an exit, a margin call) reads on top.
  const notice = fillNotice(row, { kind: 'close', price, quantity, fee: result.fee, at }, fills.names);
  await notify(tx, userId, notice, at);
  fills.told?.push({ userId, notice });
  if (exit !== null)
    await notify(
      tx,
      userId,
      { key: reason as 'take_profit', values: exitValues(row, exit, price, pnl, result.fee) },
      at,
    );
  if (reason === 'margin_call') {
    await notify(
      tx,
      userId,
      {
        key: result.protection.gt(0) ? 'margin_call_protected' : 'margin_call',
        values: {
          code: row.code,
          order_no: row.orderNo,
          ratio: `${maintenanceRatio.times(100).toFixed()}%`,
          price: price.toFixed(),
          pnl: formatAmount(pnl, currency),
          fee: formatAmount(result.fee, currency),
          ...(result.protection.gt(0) ? { protection: formatAmount(result.protection, currency) } : {}),
        },
      },
      at,
    );
  }
}

/**
 * Settles a position at `price`: from "preparing to close" (reason user) or from holding when a
 * margin call is due (reason margin_call) or its take profit / stop loss is reached (issue 13). Undefined when
 * the position is not (any longer) in that state or, for a margin call, no longer below maintenance, or, for an
 * exit, no longer reached or the position may not be closed now (T+1, lock-up, lent shares).
 */
export async function settlePosition(
  tx: Tx,
  id: bigint,
  price: Decimal,
  at: Date,
  reason: SettleReason,
  maintenanceRatio: Decimal,
  fills: { names?: FillNames; told?: FillTold[] } = {},
): Promise<PositionRow | undefined> {
  const locked = await lockedToSettle(tx, id, price, at, reason, maintenanceRatio);
  if (!locked) return undefined;
  const { row, from, userId, quantity, account } = locked;
  const currency: Currency = row.currency;
  if (!(await voidHold(tx, BigInt(row.holdId!), at)))
    throw new Error(`position ${row.orderNo}: hold ${row.holdId} was already resolved`);
  const pnl = realisedPnl(row.direction, row.buyPrice, price, quantity, currency);
  const fee = closeFee(price, quantity, row.feeRate, currency);
  const result = settle(new Decimal(account.available).plus(row.margin), pnl, fee);
  const settling: Settling = { row, userId, user: account.id, price, quantity, at, reason, pnl, result };
  await bookSettlement(tx, settling);
  const closed = await settleClose(tx, id, from, {
    price: price.toFixed(),
    pnl: pnl.toFixed(),
    fee: result.fee.toFixed(),
    protection: result.protection.gt(0) ? result.protection.toFixed() : null,
    at,
    closedBy: reason,
  });
  if (!closed) throw new Error(`position ${row.orderNo} changed under its lock`);
  await tellSettlement(tx, settling, maintenanceRatio, fills);
  return closed;
}
