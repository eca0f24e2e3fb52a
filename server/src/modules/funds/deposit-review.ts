/**
 * An operator's review of a pending deposit (deposit-service.ts): approval credits the user from the house
 * `bank` account in the same transaction, rejection names its reason; an inbox message and an audit entry either
 * way.
 */
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { requireRejectReason } from '../admin/reject-reason';
import { recordAudit } from '../audit/audit-service';
import type { MoneyContext } from '../common/money-context';
import { directApprovalNeedsSecond, FourEyesRequired } from '../four-eyes/approval-limits';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { formatAmount, wire } from '../wire/wire';
import { depositOwner, lockPendingDeposit, resolveDeposit, type Deposit } from './deposits-repository';

type ReviewInput = InputOf<'adminDepositReview'>;

/** The credit of an approved deposit: house bank → the user, one journal transaction; answers its id. */
async function creditDeposit(tx: Tx, userId: bigint, pending: Deposit, now: () => Date): Promise<bigint> {
  const accounts = await lockUserAccounts(tx, userId, [pending.currency]);
  const bank = await getHouseAccountId(tx, 'bank', pending.currency);
  const amount = wire(pending.amount);
  return postTransaction(tx, {
    at: now(),
    kind: 'deposit',
    reference: pending.orderNo,
    entries: [
      { accountId: bank, currency: pending.currency, amount: `-${amount}` },
      { accountId: accounts.get(pending.currency)!.id, currency: pending.currency, amount },
    ],
  });
}

/** The user's inbox message and the audit entry of a resolved deposit. */
async function announceReview(
  tx: Tx,
  { actorId, userId, input, now }: { actorId: bigint; userId: bigint; input: ReviewInput; now: () => Date },
  row: Deposit,
  { journalId, fourEyesId }: { journalId: bigint | null; fourEyesId?: bigint },
): Promise<void> {
  const approve = input.action === 'approve';
  const amount = formatAmount(row.amount, row.currency);
  await notify(
    tx,
    userId,
    approve
      ? { key: 'deposit_approved', values: { amount } }
      : { key: 'deposit_rejected', values: { amount, reason: input.reason || '-' } },
    now(),
  );
  await recordAudit(tx, {
    actorId,
    action: `deposit.${input.action}`,
    target: `deposit:${row.orderNo}`,
    detail: {
      user_id: String(userId),
      amount: wire(row.amount),
      currency: row.currency,
      reason: input.reason,
      four_eyes_id: fourEyesId?.toString() ?? null,
    },
    before: { status: 'pending' },
    after: { status: approve ? 'approved' : 'rejected', journal_transaction_id: journalId?.toString() ?? null },
  });
}

/**
 * Exactly one reviewer wins: the pending row is taken with SELECT … FOR UPDATE (a second
 * reviewer waits, then finds it no longer pending) and changed with UPDATE … WHERE status = 0.
 * Approval credits the user from the house bank account in the same transaction.
 *
 * Nobody reviews their own deposit (review_own_account). A direct approval (no `fourEyesId`) above the
 * four-eyes amount, or over the operator's daily total, throws FourEyesRequired (rolled back, nothing moved):
 * the API layer submits it to a second administrator, whose approval runs this again with `fourEyesId`.
 */
export async function reviewDeposit(
  { db, now }: MoneyContext,
  actorId: bigint,
  input: ReviewInput,
  via: { fourEyesId?: bigint } = {},
) {
  return moneyTx(db, async (tx) => {
    const userId = await depositOwner(tx, input.id);
    if (userId === undefined) throw new BusinessError('not_found');
    await assertMayDecideAbout(tx, actorId, userId);
    // The user's accounts first, as every money call does (one lock order, no deadlock).
    await lockUserAccounts(tx, userId);
    const pending = await lockPendingDeposit(tx, input.id);
    if (!pending) throw new BusinessError('review_already_done');
    requireRejectReason(input.action, input.reason);
    const approve = input.action === 'approve';
    if (approve && via.fourEyesId === undefined) {
      const why = await directApprovalNeedsSecond(tx, {
        kind: 'deposit',
        operatorId: actorId,
        currency: pending.currency,
        amount: pending.amount,
        now: now(),
      });
      if (why) throw new FourEyesRequired(userId, why);
    }
    const journalId = approve ? await creditDeposit(tx, userId, pending, now) : null;
    const row = await resolveDeposit(tx, input.id, {
      status: approve ? 1 : 2,
      reviewedAt: now(),
      reviewedBy: actorId,
      rejectReason: approve ? null : input.reason || null,
      journalTransactionId: journalId,
      fourEyesRequestId: via.fourEyesId ?? null,
    });
    if (!row) throw new BusinessError('review_already_done');
    await announceReview(tx, { actorId, userId, input, now }, row, { journalId, fourEyesId: via.fourEyesId });
    return { msg: 'review_done' as const, data: {} };
  });
}
