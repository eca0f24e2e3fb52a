/**
 * Deposits (spec §3, §5, §9): the user transfers money to a channel of site config and uploads the
 * proof; the deposit is pending review; an operator approves it (the ledger credits the user from
 * the house `bank` account, in the same transaction) or rejects it; an inbox message either way.
 * One pending deposit per user (deposit_pending; also a partial unique index).
 */
import type { InputOf } from '../../contract-input';
import { iso, wire } from '../wire/wire';
import { listDepositsForReview, listUserDeposits, type Deposit } from './deposits-repository';
import { REVIEW_STATUS } from '../common/review-status';
import { ADMIN_PAGE_SIZE, type MoneyContext } from '../common/money-context';
import { reviewDeposit } from './deposit-review';
import { depositChannels, submitDeposit, type DepositDeps, type DepositInput } from './deposit-submit';

export type { DepositInput } from './deposit-submit';

const toItem = (row: Deposit) => ({
  id: Number(row.id),
  order_no: row.orderNo,
  currency: row.currency,
  amount: wire(row.amount),
  status: REVIEW_STATUS[row.status]!,
  reject_reason: row.rejectReason,
  created_at: iso(row.createdAt)!,
  reviewed_at: iso(row.reviewedAt),
  proof_id: row.proofUploadId,
});

/** The back office's list of deposits of a status, one page. */
async function adminDeposits({ db }: MoneyContext, { status, page }: InputOf<'adminDeposits'>) {
  return db.tx(
    async (tx) => {
      const code = status === 'all' ? null : REVIEW_STATUS.indexOf(status);
      const { rows, total } = await listDepositsForReview(tx, code, {
        size: ADMIN_PAGE_SIZE,
        offset: (page - 1) * ADMIN_PAGE_SIZE,
      });
      return {
        list: rows.map((row) => ({
          ...toItem(row),
          account: row.account,
          channel_id: row.channelId,
        })),
        total,
      };
    },
    { readOnly: true },
  );
}

/** `uploads` keeps the proofs (the app's upload store, plugins/uploads.ts). */
export function createDepositService(deps: DepositDeps) {
  const { db } = deps;
  return {
    /** The receiving accounts, the maximum and the hours (deposit-submit.ts depositChannels). */
    channels: (userId: bigint, lang?: string) => depositChannels(deps, userId, lang),

    /** A deposit with its proof, pending review (deposit-submit.ts submitDeposit). */
    submit: (userId: bigint, input: DepositInput, proof: Buffer | undefined, key: string | undefined) =>
      submitDeposit(deps, userId, input, proof, key),

    async list(userId: bigint) {
      return db.tx(async (tx) => (await listUserDeposits(tx, userId)).map(toItem), { readOnly: true });
    },

    adminList: (input: InputOf<'adminDeposits'>) => adminDeposits(deps, input),

    /** An operator's approval or rejection; exactly one reviewer wins (deposit-review.ts reviewDeposit). */
    review: (actorId: bigint, input: InputOf<'adminDepositReview'>, via: { fourEyesId?: bigint } = {}) =>
      reviewDeposit(deps, actorId, input, via),
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
