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
import { Decimal } from 'shared/money';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import { assertMayDecideAbout } from '../admin/own-account';
import { requireRejectReason } from '../admin/reject-reason';
import { recordAudit } from '../audit/audit-service';
import { REVIEW_STATUS } from '../common/review-status';
import { formatAmount, iso, userAmount, wire } from '../wire/wire';
import { ADMIN_PAGE_SIZE, type MoneyContext } from '../common/money-context';
import { newOrderNo } from '../common/order-no';
import { notify } from '../inbox/inbox-service';
import { getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { moneyTx, runIdempotent } from '../ledger/money-tx';
import { assertCanMoveMoney } from '../common/user-checks';
import { computeCreditScore, CREDIT_CURRENCY, CREDIT_WITHDRAW_THRESHOLD } from './credit-score';
import {
  DAY_COUNT,
  daysAccrued,
  daysOverdue,
  dueDate,
  interestFor,
  readLoanSettings,
  type LoanSettings,
} from './loan-terms';
import {
  activeCredit,
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
    // borrowed shares use the same limit (credit-stock orders, docs/decisions/0023)
    const shares = new Decimal(await activeCredit(tx, userId, CREDIT_CURRENCY));
    const available = Decimal.max(0, credit.limit.minus(borrowed).minus(pending).minus(shares));
    return { credit, borrowed: borrowed.plus(shares), available };
  }

  /** The term asked for (else the default), refused unless it is one of the terms on offer. */
  function termOf(settings: LoanSettings, asked: number | undefined): number {
    const term = asked ?? settings.defaultTerm;
    if (!settings.terms.includes(term)) throw new BusinessError('field_invalid', { field: 'term_days' });
    return term;
  }

  /** What an approved loan owes at `at`: principal outstanding, interest accrued (days since its start). */
  function owedAt(row: LoanRow, at: Date) {
    const principal = row.status === 1 ? new Decimal(row.amount).minus(row.repaid) : new Decimal(0);
    const days = row.status === 1 && row.startedAt ? daysAccrued(row.startedAt, at) : 0;
    const interest = interestFor(principal, row.annualRatePct, days, row.currency);
    return { principal, days, interest, total: principal.plus(interest) };
  }

  const toItem = (row: LoanRow) => {
    const today = owedAt(row, now());
    const atDue = interestFor(row.amount, row.annualRatePct, row.termDays, row.currency);
    const overdueDays = row.status === 1 && row.dueAt ? daysOverdue(row.dueAt, now()) : 0;
    return {
      id: Number(row.id),
      order_no: row.orderNo,
      currency: row.currency,
      amount: wire(row.amount),
      outstanding: today.principal.toFixed(),
      term_days: row.termDays,
      annual_rate_pct: wire(row.annualRatePct),
      status: LOAN_STATUS[row.status]!,
      started_at: iso(row.startedAt),
      due_at: iso(row.dueAt),
      interest_at_due: atDue.toFixed(),
      total_at_due: atDue.plus(row.amount).toFixed(),
      days_accrued: today.days,
      interest_today: today.interest.toFixed(),
      owed_today: today.total.toFixed(),
      interest_paid: wire(row.interestPaid),
      // the same comparison as the credit score's overdue_now (credit-score.ts)
      overdue: overdueDays > 0,
      overdue_days: overdueDays,
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

    /** The price before applying, from the settings of now; nothing is stored. */
    async quote(input: InputOf<'loanQuote'>) {
      const principal = input.amount ? userAmount(input.amount, CREDIT_CURRENCY) : new Decimal(0);
      const settings = await db.tx(readLoanSettings, { readOnly: true });
      const term = termOf(settings, input.term_days);
      const interest = interestFor(principal, settings.annualRatePct, term, CREDIT_CURRENCY);
      return {
        currency: CREDIT_CURRENCY,
        annual_rate_pct: settings.annualRatePct.toFixed(),
        day_count: DAY_COUNT,
        terms: settings.terms,
        term_days: term,
        principal: principal.toFixed(),
        interest: interest.toFixed(),
        total: principal.plus(interest).toFixed(),
        due_at: dueDate(now(), term).toISOString(),
      };
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
          // the rate quoted now is the loan's rate: a later change of the settings never reprices it
          const settings = await readLoanSettings(tx);
          const termDays = termOf(settings, input.term_days);
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
              termDays,
              annualRatePct: settings.annualRatePct.toFixed(),
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

    /**
     * Repays everything owed today: principal (user → house loans) and interest accrued (user → house
     * loan_interest), one balanced transaction. Less is refused and moves nothing; more is not taken.
     */
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
          const owed = owedAt(loan, now());
          if (amount.lt(owed.total))
            throw new BusinessError('repay_less_than_owed', {
              field: 'amount',
              values: { owed: formatAmount(owed.total, loan.currency) },
            });
          const entries = [
            {
              accountId: accounts.get(loan.currency)!.id,
              currency: loan.currency,
              amount: owed.total.negated().toFixed(),
            },
            {
              accountId: await getHouseAccountId(tx, 'loans', loan.currency),
              currency: loan.currency,
              amount: owed.principal.toFixed(),
            },
          ];
          if (owed.interest.gt(0))
            entries.push({
              accountId: await getHouseAccountId(tx, 'loan_interest', loan.currency),
              currency: loan.currency,
              amount: owed.interest.toFixed(),
            });
          await postTransaction(tx, { at: now(), kind: 'loan_repay', reference: loan.orderNo, entries });
          if (!(await markRepaid(tx, input.id, now(), owed.interest.toFixed())))
            throw new Error(`loan ${loan.orderNo} changed under its lock`);
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
        await assertMayDecideAbout(tx, actorId, userId);
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
        requireRejectReason(input.action, input.reason);
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
            annual_rate_pct: wire(row.annualRatePct),
            reason: input.reason,
          },
          before: { status: 'pending' },
          after: { status: approve ? 'approved' : 'rejected' },
        });
        return { msg: 'review_done' as const, data: {} };
      });
    },
  };
}

export type LoansService = ReturnType<typeof createLoansService>;
