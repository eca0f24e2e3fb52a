/**
 * Withdrawals (spec §5, §6, §9): to a bound card, with the fund password, at least the currency's
 * minimum, on business days 09:00–15:30 Japan time; refused while positions are open (or limit
 * orders pending: orders_pending {count}), a credit loan is unpaid, an order is under review, or the
 * credit score is below the published threshold — each refusal names its rule and the way out. The
 * amount is frozen (a ledger hold) while pending; approval posts the hold to the house bank account,
 * rejection voids it. Inbox message either way.
 */
import type { InputOf } from '../../contract-input';
import { ADMIN_PAGE_SIZE, type MoneyContext } from '../common/money-context';
import { REVIEW_STATUS } from '../common/review-status';
import { iso, wire } from '../wire/wire';
import { reviewWithdrawal } from './withdraw-review';
import { submitWithdrawal, withdrawRules, type WithdrawDeps, type WithdrawInput } from './withdraw-submit';
import { listWithdrawalsForReview } from './withdrawals-repository';

export { assertWithdrawAllowed, withdrawBlockers, type WithdrawBlocker } from './withdraw-blockers';
export type { WithdrawInput } from './withdraw-submit';

/** The back office's list of withdrawals of a status, one page. */
async function adminWithdrawals({ db }: MoneyContext, { status, page }: InputOf<'adminWithdrawals'>) {
  return db.tx(
    async (tx) => {
      const code = status === 'all' ? null : REVIEW_STATUS.indexOf(status);
      const { rows, total } = await listWithdrawalsForReview(tx, code, {
        size: ADMIN_PAGE_SIZE,
        offset: (page - 1) * ADMIN_PAGE_SIZE,
      });
      return {
        list: rows.map((row) => ({
          id: Number(row.id),
          order_no: row.orderNo,
          account: row.account,
          currency: row.currency,
          amount: wire(row.money),
          holder_name: row.holderName,
          bank_name: row.bankName,
          card_number: row.cardNumberMasked,
          status: REVIEW_STATUS[row.status]!,
          reject_reason: row.rejectReason,
          created_at: iso(row.createdAt)!,
          reviewed_at: iso(row.reviewedAt),
        })),
        total,
      };
    },
    { readOnly: true },
  );
}

export function createWithdrawService(deps: WithdrawDeps) {
  return {
    /** The rules, and for `userId` every reason a withdrawal would be refused now (withdraw-submit.ts). */
    rules: (userId: bigint) => withdrawRules(deps, userId),

    /** `confirmedByPasskey`: the caller verified a passkey assertion bound to this withdrawal (no fund password). */
    withdraw: (
      userId: bigint,
      input: WithdrawInput,
      key: string | undefined,
      proof: { confirmedByPasskey?: boolean } = {},
    ) => submitWithdrawal(deps, userId, input, key, proof),

    adminList: (input: InputOf<'adminWithdrawals'>) => adminWithdrawals(deps, input),

    /** An operator's approval or rejection; exactly one reviewer wins (withdraw-review.ts reviewWithdrawal). */
    review: (actorId: bigint, input: InputOf<'adminWithdrawalReview'>, via: { fourEyesId?: bigint } = {}) =>
      reviewWithdrawal(deps, actorId, input, via),
  };
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;
