/**
 * An operator's review of a pending withdrawal (withdraw-service.ts): approval posts the hold to the house bank
 * account, rejection voids it; an inbox message, an audit entry, and the owner's mail once it committed.
 */
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { assertMayDecideAbout } from '../admin/own-account';
import { requireRejectReason } from '../admin/reject-reason';
import { recordAudit } from '../audit/audit-service';
import { directApprovalNeedsSecond, FourEyesRequired } from '../four-eyes/approval-limits';
import { notify, type InboxNotice } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, postHold, voidHold } from '../ledger/ledger-repository';
import { moneyTx } from '../ledger/money-tx';
import { formatAmount, wire } from '../wire/wire';
import { mailOwner } from '../mail/owner-mail';
import type { WithdrawDeps } from './withdraw-submit';
import { pendingWithdrawal, resolveWithdrawal, withdrawalOwner, type Withdrawal } from './withdrawals-repository';

type ReviewInput = InputOf<'adminWithdrawalReview'>;

/** A direct approval (no `fourEyesId`) above the four-eyes amount or the operator's daily total: FourEyesRequired. */
async function assertNoSecondNeeded(
  tx: Tx,
  { actorId, userId, input, now }: { actorId: bigint; userId: bigint; input: ReviewInput; now: () => Date },
  via: { fourEyesId?: bigint },
): Promise<void> {
  const approve = input.action === 'approve';
  const pending = approve && via.fourEyesId === undefined ? await pendingWithdrawal(tx, input.id) : undefined;
  if (pending) {
    // Read before this approval is written (it must not count itself), under the operator's lock.
    const why = await directApprovalNeedsSecond(tx, {
      kind: 'withdrawal',
      operatorId: actorId,
      currency: pending.currency,
      amount: pending.money,
      now: now(),
    });
    if (why) throw new FourEyesRequired(userId, why);
  }
}

/** Resolves the withdrawal's hold: posted to the house bank account (approval) or voided (rejection). */
async function resolveHold(tx: Tx, row: Withdrawal, approve: boolean, now: () => Date): Promise<void> {
  const holdId = row.holdId!;
  const resolved = approve
    ? await postHold(tx, holdId, {
        accountId: await getHouseAccountId(tx, 'bank', row.currency),
        kind: 'withdrawal',
        reference: row.orderNo,
        at: now(),
      })
    : await voidHold(tx, holdId, now());
  // The hold resolves with the row or the whole review rolls back: never one without the other.
  if (!resolved) throw new Error(`withdrawal ${row.orderNo}: hold ${holdId} was already resolved`);
}

/** The audit entry of a resolved withdrawal. */
async function auditReview(
  tx: Tx,
  { actorId, userId, input }: { actorId: bigint; userId: bigint; input: ReviewInput },
  row: Withdrawal,
  fourEyesId: bigint | undefined,
): Promise<void> {
  const approve = input.action === 'approve';
  await recordAudit(tx, {
    actorId,
    action: `withdrawal.${input.action}`,
    target: `withdrawal:${row.orderNo}`,
    detail: {
      user_id: String(userId),
      amount: wire(row.money),
      currency: row.currency,
      reason: input.reason,
      four_eyes_id: fourEyesId?.toString() ?? null,
    },
    before: { status: 'pending', hold: 'pending' },
    after: { status: approve ? 'approved' : 'rejected', hold: approve ? 'posted' : 'voided' },
  });
}

/**
 * Exactly one reviewer wins; approval posts the hold (user → bank), rejection voids it. Nobody reviews their
 * own withdrawal (review_own_account). A direct approval (no `fourEyesId`) above the four-eyes amount, or over
 * the operator's daily total, throws FourEyesRequired (rolled back, nothing moved): the API layer submits it to
 * a second administrator, whose approval runs this again with `fourEyesId`.
 */
export async function reviewWithdrawal(
  { db, now, notices }: Pick<WithdrawDeps, 'db' | 'now' | 'notices'>,
  actorId: bigint,
  input: ReviewInput,
  via: { fourEyesId?: bigint } = {},
) {
  let told: { userId: bigint; notice: InboxNotice } | undefined;
  const answer = await moneyTx(db, async (tx) => {
    const userId = await withdrawalOwner(tx, input.id);
    if (userId === undefined) throw new BusinessError('not_found');
    await assertMayDecideAbout(tx, actorId, userId);
    await lockUserAccounts(tx, userId);
    const approve = input.action === 'approve';
    await assertNoSecondNeeded(tx, { actorId, userId, input, now }, via);
    const row = await resolveWithdrawal(tx, input.id, {
      status: approve ? 1 : 2,
      reviewedAt: now(),
      reviewedBy: actorId,
      rejectReason: approve ? null : input.reason || null,
      fourEyesRequestId: approve ? (via.fourEyesId ?? null) : null,
    });
    if (!row) throw new BusinessError('review_already_done');
    requireRejectReason(input.action, input.reason);
    await resolveHold(tx, row, approve, now);
    const amount = formatAmount(row.money, row.currency);
    const notice: InboxNotice = approve
      ? { key: 'withdrawal_approved', values: { amount } }
      : { key: 'withdrawal_rejected', values: { amount, reason: input.reason || '-' } };
    await notify(tx, userId, notice, now());
    told = { userId, notice };
    await auditReview(tx, { actorId, userId, input }, row, via.fourEyesId);
    return { msg: 'review_done' as const, data: {} };
  });
  if (told) await mailOwner(db, notices, told.userId, told.notice);
  return answer;
}
