/**
 * The back office's review of a block application, exactly once (the user's accounts locked first, then
 * `UPDATE … WHERE status = 0`):
 *   approve: the application's hold is released and, in the same transaction, the holding takes the
 *            money back as its margin hold (insertGrantedHolding); a financed block also pays its
 *            financing fee to the house 'loan_interest' account (a balanced journal transaction); the
 *            owner's inbox says placement_success with the shares, the price, the amount and the order number.
 *   reject:  the hold is released, the lots go back to the listing, the reason goes to the inbox.
 */
import { Decimal, type Currency } from 'shared/money';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { requireRejectReason } from '../admin/reject-reason';
import { recordAudit } from '../audit/audit-service';
import { notify } from '../inbox/inbox-service';
import { lockUserAccounts, postTransaction, voidHold, type LockedAccount } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { insertGrantedHolding } from '../trade/granted-holding';
import { tradeDateAt } from '../trade/t-plus-one';
import { lockupEnd } from '../ipo/ipo-listing';
import { formatAmount, wire } from '../wire/wire';
import {
  applicationById,
  giveBackLots,
  houseAccount,
  resolveApplication,
  type ApplicationRow,
} from './block-repository';
import { sellableFrom } from './block-wire';
import type { BlockAdminContext } from './block-context';

/**
 * Rejects one pending application: hold released, lots back, inbox. False when no longer pending. Exported for a
 * listing's withdrawal (block-listing-admin.ts), which rejects every pending one: a rejection only gives back. A
 * reviewer's decision goes through reviewApplication, which checks the reviewer may decide about the account.
 */
export async function rejectApplication(
  { now }: Pick<BlockAdminContext, 'now'>,
  tx: Tx,
  id: bigint,
  actorId: bigint,
  reason: string,
): Promise<boolean> {
  const row = await applicationById(tx, id);
  if (!row) throw new BusinessError('not_found');
  await lockUserAccounts(tx, row.userId);
  const resolved = await resolveApplication(tx, id, {
    status: 2,
    positionId: null,
    reason: reason || null,
    reviewedBy: actorId,
    at: now(),
  });
  if (!resolved) return false;
  requireRejectReason('reject', reason);
  if (!(await voidHold(tx, row.holdId, now())))
    throw new Error(`block application ${row.orderNo}: hold ${row.holdId} was already resolved`);
  await giveBackLots(tx, row.listingId, row.lots);
  await notify(
    tx,
    row.userId,
    {
      key: 'block_rejected',
      values: {
        code: row.code,
        shares: wire(row.shares),
        order_no: row.orderNo,
        amount: formatAmount(row.held, row.currency),
        reason: reason || '-',
      },
    },
    now(),
  );
  return true;
}

/** A financed block's financing fee, from the user's account to the house 'loan_interest' account. */
async function chargeFinancingFee(tx: Tx, row: ApplicationRow, accounts: Map<Currency, LockedAccount>, at: Date) {
  const fee = new Decimal(row.financingFee ?? 0);
  if (fee.isZero()) return;
  await postTransaction(tx, {
    kind: 'fee',
    reference: row.orderNo,
    memo: `block financing ${row.code}: ${wire(row.financedAmount)} financed for the listing's days`,
    at,
    entries: [
      { accountId: accounts.get(row.currency)!.id, currency: row.currency, amount: fee.negated().toFixed() },
      {
        accountId: await houseAccount(tx, 'loan_interest', row.currency),
        currency: row.currency,
        amount: fee.toFixed(),
      },
    ],
  });
}

/**
 * Approves one pending application: hold released, fee paid, holding granted, inbox. False when no longer pending.
 * Module-private: only reviewApplication calls it, after assertMayDecideAbout.
 */
async function approveApplication(
  { now, prices }: Pick<BlockAdminContext, 'now' | 'prices'>,
  tx: Tx,
  id: bigint,
  actorId: bigint,
): Promise<boolean> {
  const peek = await applicationById(tx, id);
  if (!peek) throw new BusinessError('not_found');
  const accounts = await lockUserAccounts(tx, peek.userId, [peek.currency]);
  const row = await applicationById(tx, id, { forUpdate: true });
  if (!row || row.status !== 0) return false;
  const at = now();
  if (!(await voidHold(tx, row.holdId, at)))
    throw new Error(`block application ${row.orderNo}: hold ${row.holdId} was already resolved`);
  await chargeFinancingFee(tx, row, accounts, at);
  const position = await insertGrantedHolding(tx, {
    userId: row.userId,
    market: row.market,
    code: row.code,
    name: prices.nameOf(row.market, row.code, 'zh-CN') ?? row.code,
    quantity: row.shares,
    price: row.blockPrice,
    currency: row.currency,
    source: 'block',
    leverage: row.leverage,
    // The listing's lock-up (0033): no sale before local midnight `lockupDays` days after today.
    closableFrom: lockupEnd(row.market, at, row.lockupDays),
    at,
    reference: row.orderNo,
  });
  const resolved = await resolveApplication(tx, id, {
    status: 1,
    positionId: BigInt(position.id),
    reason: null,
    reviewedBy: actorId,
    at,
  });
  if (!resolved) throw new Error(`block application ${row.orderNo} changed under its lock`);
  await notify(
    tx,
    row.userId,
    {
      key: 'placement_success',
      values: {
        code: row.code,
        shares: wire(row.shares),
        order_no: row.orderNo,
        price: formatAmount(row.blockPrice, row.currency),
        amount: formatAmount(row.amount, row.currency),
        sellable_from: sellableFrom(row.market, at, row.lockupDays) ?? tradeDateAt(row.market, at),
      },
    },
    at,
  );
  return true;
}

/** Exactly one reviewer wins (review_already_done for the others). */
export async function reviewApplication(
  deps: Pick<BlockAdminContext, 'db' | 'now' | 'prices'>,
  actorId: bigint,
  input: InputOf<'adminBlockReview'>,
) {
  return moneyTx(deps.db, async (tx) => {
    const id = BigInt(input.id);
    const application = await applicationById(tx, id);
    if (!application) throw new BusinessError('not_found');
    await assertMayDecideAbout(tx, actorId, application.userId);
    const done =
      input.action === 'approve'
        ? await approveApplication(deps, tx, id, actorId)
        : await rejectApplication(deps, tx, id, actorId, input.reason);
    if (!done) throw new BusinessError('review_already_done');
    await recordAudit(tx, {
      actorId,
      action: `block.${input.action}`,
      target: `block_application:${input.id}`,
      detail: { reason: input.reason },
      before: { status: 'pending' },
      after: { status: input.action === 'approve' ? 'approved' : 'rejected' },
    });
    return { msg: 'review_done' as const, data: {} };
  });
}
