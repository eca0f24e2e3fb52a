/**
 * Credit loans (spec §3, §4, §8): the score and limit come from the published formula
 * (credit-score.ts, docs/decisions/0006-credit-score.md) over the user's own record. Apply →
 * pending review (loan_submitted) → approved: the principal is posted from the house `loans`
 * account to the user (balance and debt rise together; debt shows as `jpyyjed`) / rejected.
 * The price is stated before the contract (loan-terms.ts: annual rate from site config, interest
 * daily on the outstanding principal, actual/365): /funds/loanQuote answers it, the application
 * stores the rate quoted, approval the start and due date. Repayment is of everything owed today,
 * principal + interest accrued (repay_less_than_owed below it), in one balanced transaction: the
 * principal back to the house `loans` account, the interest to the house `loan_interest` revenue
 * account. Overdue is computed from the due date and the app's clock, never stored.
 */
import type { InputOf } from '../../contract-input';
import type { MoneyContext } from '../common/money-context';
import { applyLoan, loanCredit, quoteLoan, repayLoan } from './loan-apply';
import { loanItem } from './loan-credit';
import { adminLoans, reviewLoan } from './loan-review';
import { listUserLoans } from './loans-repository';

export function createLoansService(deps: MoneyContext) {
  const { db, now } = deps;
  return {
    /** Score, limit, borrowed and available (loan-apply.ts loanCredit). */
    credit: (userId: bigint) => loanCredit(deps, userId),

    /** The price before applying, from the settings of now; nothing is stored (loan-apply.ts quoteLoan). */
    quote: (input: InputOf<'loanQuote'>) => quoteLoan(deps, input),

    /** An application, pending review (loan-apply.ts applyLoan). */
    apply: (userId: bigint, input: InputOf<'loanApply'>, key: string | undefined) =>
      applyLoan(deps, userId, input, key),

    async list(userId: bigint) {
      return db.tx(async (tx) => (await listUserLoans(tx, userId)).map((row) => loanItem(row, now)), {
        readOnly: true,
      });
    },

    /** Repays everything owed today (loan-apply.ts repayLoan). */
    repay: (userId: bigint, input: InputOf<'loanRepay'>, key: string | undefined) =>
      repayLoan(deps, userId, input, key),

    adminList: (input: InputOf<'adminLoans'>) => adminLoans(deps, input),

    /** An operator's approval or rejection; exactly one reviewer wins (loan-review.ts reviewLoan). */
    review: (actorId: bigint, input: InputOf<'adminLoanReview'>) => reviewLoan(deps, actorId, input),
  };
}

export type LoansService = ReturnType<typeof createLoansService>;
