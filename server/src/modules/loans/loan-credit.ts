/**
 * The figures every loan use case shares (loans-service.ts): the user's credit (score, limit, borrowed, available),
 * the term, what a loan owes at an instant, and a loan's wire form.
 */
import { Decimal } from 'shared/money';
import type { Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { iso, wire } from '../wire/wire';
import { computeCreditScore, CREDIT_CURRENCY } from './credit-score';
import { daysAccrued, daysOverdue, interestFor, type LoanSettings } from './loan-terms';
import { activeCredit, outstandingDebt, pendingLoanAmount, readCreditRecord, type LoanRow } from './loans-repository';

const LOAN_STATUS = ['pending', 'approved', 'rejected', 'repaid'] as const;

/** Score, limit, borrowed (outstanding) and what is still available (limit − outstanding − pending). */
export async function creditOf(tx: Tx, userId: bigint, now: () => Date) {
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
export function termOf(settings: LoanSettings, asked: number | undefined): number {
  const term = asked ?? settings.defaultTerm;
  if (!settings.terms.includes(term)) throw new BusinessError('field_invalid', { field: 'term_days' });
  return term;
}

/** What an approved loan owes at `at`: principal outstanding, interest accrued (days since its start). */
export function owedAt(row: LoanRow, at: Date) {
  const principal = row.status === 1 ? new Decimal(row.amount).minus(row.repaid) : new Decimal(0);
  const days = row.status === 1 && row.startedAt ? daysAccrued(row.startedAt, at) : 0;
  const interest = interestFor(principal, row.annualRatePct, days, row.currency);
  return { principal, days, interest, total: principal.plus(interest) };
}

/** A loan's wire form: what it owes today and at its due date, and whether it is overdue. */
export const loanItem = (row: LoanRow, now: () => Date) => {
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
