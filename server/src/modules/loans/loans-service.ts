/**
 * Credit loans (spec §3, §4, §8): the score and limit come from the published formula
 * (credit-score.ts, docs/decisions/0006-credit-score.md) over the user's own record. Apply →
 * pending review (loan_submitted) → approved: the principal is posted from the house `loans`
 * account to the user (balance and debt rise together; debt shows as `jpyyjed`) / rejected.
 * Repayment is of the whole amount outstanding (repay_less_than_borrowed below it); overdue is
 * computed from the due date and the app's clock, never stored.
 */
import { Decimal } from 'shared/money';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { recordAudit } from '../audit/audit-service';
import { REVIEW_STATUS } from '../funds/funds-settings';
import { formatAmount, iso, userAmount, wire } from '../wire/wire';
import { ADMIN_PAGE_SIZE, type MoneyContext } from '../funds/money-context';
import { newOrderNo } from '../funds/order-no';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import { assertCanMoveMoney } from '../users/user-checks';
import { computeCreditScore, CREDIT_CURRENCY, CREDIT_WITHDRAW_THRESHOLD } from './credit-score';
import {
  countPendingLoans,
  insertLoan,
  listLoansForReview,
  listUserLoans,
  loanOwner,
  lockLoan,
  markRepaid,
  outstandingDebt,
  pendingLoanAmount,
  readCreditRecord,
  resolveLoan,
  type LoanRow,
} from './loans-repository';
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';

const LOAN_STATUS = ['pending', 'approved', 'rejected', 'repaid'] as const;

export function createLoansService({ db, now }: MoneyContext) {
  /** Score, limit, borrowed (outstanding) and what is still available (limit − outstanding − pending). */
  async function creditOf(tx: Tx, userId: bigint) {
    const credit = computeCreditScore(await readCreditRecord(tx, userId), now());
    const borrowed = (await outstandingDebt(tx, userId))
      .filter((d) => d.currency === CREDIT_CURRENCY)
      .reduce((sum, d) => sum.plus(d.amount), new Decimal(0));
    const pending = new Decimal(await pendingLoanAmount(tx, userId, CREDIT_CURRENCY));
    const available = Decimal.max(0, credit.limit.minus(borrowed).minus(pending));
    return { credit, borrowed, available };
  }

  const toItem = (row: LoanRow) => {
    const outstanding = row.status === 1 ? new Decimal(row.amount).minus(row.repaid) : new Decimal(0);
    return {
      id: Number(row.id),
      order_no: row.orderNo,
      currency: row.currency,
      amount: wire(row.amount),
      outstanding: outstanding.toFixed(),
      term_days: row.termDays,
      status: LOAN_STATUS[row.status]!,
      due_at: iso(row.dueAt),
      overdue: row.status === 1 && row.dueAt !== null && now().getTime() > new Date(row.dueAt).getTime(),
      created_at: iso(row.createdAt)!,
    };
  };

  return {
    async credit(userId: bigint) {
      return db.tx(
        async (tx) => {
          const { credit, borrowed, available } = await creditOf(tx, userId);
          return {
            score: credit.score,
            threshold: CREDIT_WITHDRAW_THRESHOLD,
            limit: credit.limit.toFixed(),
            borrowed: borrowed.toFixed(),
            available: available.toFixed(),
            currency: CREDIT_CURRENCY,
            reasons: credit.reasons.map((r) => ({ key: r.key, points: r.points })),
          };
        },
        { readOnly: true },
      );
    },

    async apply(userId: bigint, input: InputOf<'loanApply'>, key: string | undefined) {
      const amount = userAmount(input.amount, CREDIT_CURRENCY);
      return runIdempotent(
        db,
        {
          userId,
          key,
          endpoint: 'loanApply',
          payload: { amount: amount.toFixed(), term_days: input.term_days },
          limit: () => assertNotTooFrequent(userId, 'loan'),
        },
        async (tx) => {
          await assertCanMoveMoney(tx, userId, { needCard: false });
          await lockUserAccounts(tx, userId, [CREDIT_CURRENCY]);
          if ((await countPendingLoans(tx, userId)) > 0) throw new BusinessError('order_under_review');
          const { available } = await creditOf(tx, userId);
          if (amount.gt(available))
            throw new BusinessError('borrow_limit_insufficient', {
              field: 'amount',
              values: { max: formatAmount(available, CREDIT_CURRENCY) },
            });
          const orderNo = newOrderNo('L', now());
          try {
            const id = await insertLoan(tx, {
              userId,
              orderNo,
              currency: CREDIT_CURRENCY,
              amount: amount.toFixed(),
              termDays: input.term_days,
              createdAt: now(),
            });
            return { msg: 'loan_submitted' as const, data: { id: Number(id), order_no: orderNo } };
          } catch (error) {
            if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'loans_one_pending')
              throw new BusinessError('order_under_review');
            throw error;
          }
        },
      );
    },

    async list(userId: bigint) {
      return db.tx(async (tx) => (await listUserLoans(tx, userId)).map(toItem), { readOnly: true });
    },

    /** Repays the whole amount outstanding (user → house loans); less is refused, more is not taken. */
    async repay(userId: bigint, input: InputOf<'loanRepay'>, key: string | undefined) {
      return runIdempotent(
        db,
        {
          userId,
          key,
          endpoint: 'loanRepay',
          payload: { id: input.id, amount: input.amount },
          limit: () => assertNotTooFrequent(userId, 'loan_repay'),
        },
        async (tx) => {
          const owned = await loanOwner(tx, input.id, userId);
          if (!owned) throw new BusinessError('not_found');
          const amount = userAmount(input.amount, owned.currency);
          const accounts = await lockUserAccounts(tx, userId, [owned.currency]);
          const loan = await lockLoan(tx, input.id, userId);
          if (!loan || loan.status !== 1) throw new BusinessError('loan_not_outstanding');
          const outstanding = new Decimal(loan.amount).minus(loan.repaid);
          if (amount.lt(outstanding))
            throw new BusinessError('repay_less_than_borrowed', {
              field: 'amount',
              values: { amount: formatAmount(outstanding, loan.currency) },
            });
          const house = await getHouseAccountId(tx, 'loans', loan.currency);
          await postTransaction(tx, {
            at: now(),
            kind: 'loan_repay',
            reference: loan.orderNo,
            entries: [
              {
                accountId: accounts.get(loan.currency)!.id,
                currency: loan.currency,
                amount: outstanding.negated().toFixed(),
              },
              { accountId: house, currency: loan.currency, amount: outstanding.toFixed() },
            ],
          });
          if (!(await markRepaid(tx, input.id, now()))) throw new Error(`loan ${loan.orderNo} changed under its lock`);
          return { msg: 'loan_repaid' as const, data: {} };
        },
      );
    },

    async adminList({ status, page }: InputOf<'adminLoans'>) {
      return db.tx(
        async (tx) => {
          const code = status === 'all' ? null : REVIEW_STATUS.indexOf(status);
          const { rows, total } = await listLoansForReview(tx, code, {
            size: ADMIN_PAGE_SIZE,
            offset: (page - 1) * ADMIN_PAGE_SIZE,
          });
          const list = [];
          for (const row of rows) {
            // The reviewer sees the same score and limit the user sees, from the same formula.
            const { credit, available } = await creditOf(tx, row.userId);
            list.push({
              ...toItem(row),
              account: row.account,
              score: credit.score,
              limit: credit.limit.toFixed(),
              available: available.toFixed(),
              reject_reason: row.rejectReason,
            });
          }
          return { list, total };
        },
        { readOnly: true },
      );
    },

    /**
     * Exactly one reviewer wins; approval posts the principal (house loans → user) and sets the due
     * date. The limit is checked again at approval: the score may have fallen since the
     * application (a loan gone overdue), and no reviewer can lend beyond the published formula.
     */
    async review(actorId: bigint, input: InputOf<'adminLoanReview'>) {
      return moneyTx(db, async (tx) => {
        const owner = await loanOwner(tx, input.id);
        if (!owner) throw new BusinessError('not_found');
        const userId = owner.userId;
        const accounts = await lockUserAccounts(tx, userId, [owner.currency]);
        const approve = input.action === 'approve';
        if (approve) {
          const pending = await lockLoan(tx, input.id);
          if (pending?.status === 0) {
            // this application is the user's only pending one (loans_one_pending): the room is
            // limit − outstanding
            const { credit, borrowed } = await creditOf(tx, userId);
            const room = Decimal.max(0, credit.limit.minus(borrowed));
            if (new Decimal(pending.amount).gt(room))
              throw new BusinessError('borrow_limit_insufficient', {
                values: { max: formatAmount(room, owner.currency) },
              });
          }
        }
        const row = await resolveLoan(tx, input.id, {
          approve,
          at: now(),
          reviewedBy: actorId,
          rejectReason: input.reason || null,
        });
        if (!row) throw new BusinessError('review_already_done');
        const amount = formatAmount(row.amount, row.currency);
        if (approve) {
          const house = await getHouseAccountId(tx, 'loans', row.currency);
          await postTransaction(tx, {
            at: now(),
            kind: 'loan',
            reference: row.orderNo,
            entries: [
              { accountId: house, currency: row.currency, amount: new Decimal(row.amount).negated().toFixed() },
              { accountId: accounts.get(row.currency)!.id, currency: row.currency, amount: wire(row.amount) },
            ],
          });
          await notify(
            tx,
            userId,
            { key: 'loan_approved', values: { amount, due: iso(row.dueAt)!.slice(0, 10) } },
            now(),
          );
        } else {
          await notify(tx, userId, { key: 'loan_rejected', values: { amount, reason: input.reason || '-' } }, now());
        }
        await recordAudit(tx, {
          actorId,
          action: `loan.${input.action}`,
          target: `loan:${row.orderNo}`,
          detail: {
            user_id: String(userId),
            amount: wire(row.amount),
            currency: row.currency,
            term_days: row.termDays,
            reason: input.reason,
          },
        });
        return { msg: 'review_done' as const, data: {} };
      });
    },
  };
}

export type LoansService = ReturnType<typeof createLoansService>;
