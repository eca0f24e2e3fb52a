/**
 * The user's side of a credit loan (loans-service.ts): the credit (score, limit, available), the price before
 * applying, the application (pending review, at the rate quoted) and the repayment of everything owed today.
 */
import { Decimal } from 'shared/money';
import type { InputOf } from '../../contract-input';
import { refuseDuplicate } from '../../db/errors';
import { BusinessError } from '../../errors';
import { assertNotTooFrequent } from '../../security/money-limiter';
import type { MoneyContext } from '../common/money-context';
import { newOrderNo } from '../common/order-no';
import { assertCanMoveMoney } from '../common/user-checks';
import { getHouseAccountId, lockUserAccounts, postTransaction } from '../ledger/ledger-repository';
import { runIdempotent } from '../ledger/money-tx';
import { formatAmount, userAmount } from '../wire/wire';
import { CREDIT_CURRENCY, CREDIT_WITHDRAW_THRESHOLD } from './credit-score';
import { creditOf, owedAt, termOf } from './loan-credit';
import { DAY_COUNT, dueDate, interestFor, readLoanSettings } from './loan-terms';
import { countPendingLoans, insertLoan, loanOwner, lockLoan, markRepaid } from './loans-repository';

/** The user's score, limit, borrowed and available, and the reasons of the score. */
export async function loanCredit({ db, now }: MoneyContext, userId: bigint) {
  return db.tx(
    async (tx) => {
      const { credit, borrowed, available } = await creditOf(tx, userId, now);
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
}

/** The price before applying, from the settings of now; nothing is stored. */
export async function quoteLoan({ db, now }: MoneyContext, input: InputOf<'loanQuote'>) {
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
}

/** Applies for a loan within the credit available: pending review (loan_submitted), one pending per user. */
export async function applyLoan(
  { db, now }: MoneyContext,
  userId: bigint,
  input: InputOf<'loanApply'>,
  key: string | undefined,
) {
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
      const { available } = await creditOf(tx, userId, now);
      if (amount.gt(available))
        throw new BusinessError('borrow_limit_insufficient', {
          field: 'amount',
          values: { max: formatAmount(available, CREDIT_CURRENCY) },
        });
      const orderNo = newOrderNo('L', now());
      const insert = () =>
        insertLoan(tx, {
          userId,
          orderNo,
          currency: CREDIT_CURRENCY,
          amount: amount.toFixed(),
          termDays,
          annualRatePct: settings.annualRatePct.toFixed(),
          createdAt: now(),
        });
      const id = await refuseDuplicate(insert, 'order_under_review', 'loans_one_pending');
      return { msg: 'loan_submitted' as const, data: { id: Number(id), order_no: orderNo } };
    },
  );
}

/**
 * Repays everything owed today: principal (user → house loans) and interest accrued (user → house
 * loan_interest), one balanced transaction. Less is refused and moves nothing; more is not taken.
 */
export async function repayLoan(
  { db, now }: MoneyContext,
  userId: bigint,
  input: InputOf<'loanRepay'>,
  key: string | undefined,
) {
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
}
