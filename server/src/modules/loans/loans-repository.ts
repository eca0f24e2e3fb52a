/** Data access for credit loans (table loans, 0001 + 0003 + 0008 terms) and the credit record the score reads. */
import { and, asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { loans, users } from '../../db/schema';
import type { CreditRecord } from './credit-score';

export type LoanRow = typeof loans.$inferSelect;

/** The user's own record, the only input of the credit score. */
export async function readCreditRecord(tx: Tx, userId: bigint): Promise<CreditRecord> {
  const [user] = await queryRows<{ realname_status: string }>(
    tx,
    sql`SELECT realname_status FROM users WHERE id = ${userId}`,
  );
  const rows = await queryRows<{ status: number; due_at: Date | null; repaid_at: Date | null }>(
    tx,
    sql`SELECT status, due_at, repaid_at FROM loans WHERE user_id = ${userId} AND status IN (1, 3)`,
  );
  return {
    identityVerified: user?.realname_status === 'verified',
    loans: rows.map((l) => ({
      status: l.status,
      dueAt: l.due_at ? new Date(l.due_at) : null,
      repaidAt: l.repaid_at ? new Date(l.repaid_at) : null,
    })),
  };
}

/** Outstanding (approved, unpaid) debt per currency. */
export async function outstandingDebt(tx: Tx, userId: bigint): Promise<Array<{ currency: Currency; amount: string }>> {
  return queryRows(
    tx,
    sql`SELECT currency, sum(amount - repaid)::text AS amount FROM loans
        WHERE user_id = ${userId} AND status = 1 GROUP BY currency HAVING sum(amount - repaid) > 0 ORDER BY currency`,
  );
}

/** Money promised but not yet lent: pending applications. */
export async function pendingLoanAmount(tx: Tx, userId: bigint, currency: Currency): Promise<string> {
  const [row] = await queryRows<{ amount: string }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0)::text AS amount FROM loans
        WHERE user_id = ${userId} AND currency = ${currency} AND status = 0`,
  );
  return row?.amount ?? '0';
}

export async function countPendingLoans(tx: Tx, userId: bigint): Promise<number> {
  const [pending] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM loans WHERE user_id = ${userId} AND status = 0`,
  );
  return pending?.n ?? 0;
}

/** Inserts a pending application; the partial unique index loans_one_pending refuses a second one. */
export async function insertLoan(
  tx: Tx,
  loan: Pick<LoanRow, 'userId' | 'orderNo' | 'currency' | 'amount' | 'termDays' | 'annualRatePct' | 'createdAt'>,
): Promise<bigint> {
  const [row] = await tx.insert(loans).values(loan).returning({ id: loans.id });
  return row!.id;
}

/** The user's latest 100 loans, newest first. */
export async function listUserLoans(tx: Tx, userId: bigint): Promise<LoanRow[]> {
  return tx.select().from(loans).where(eq(loans.userId, userId)).orderBy(desc(loans.id)).limit(100);
}

/** The loan's owner and currency (any user's loan when `userId` is undefined). */
export async function loanOwner(
  tx: Tx,
  id: number,
  userId?: bigint,
): Promise<Pick<LoanRow, 'userId' | 'currency'> | undefined> {
  const rows = await tx
    .select({ userId: loans.userId, currency: loans.currency })
    .from(loans)
    .where(and(eq(loans.id, BigInt(id)), userId === undefined ? undefined : eq(loans.userId, userId)));
  return rows[0];
}

/** The loan, row-locked until the transaction ends (SELECT … FOR UPDATE); optionally only the user's own. */
export async function lockLoan(tx: Tx, id: number, userId?: bigint): Promise<LoanRow | undefined> {
  const rows = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, BigInt(id)), userId === undefined ? undefined : eq(loans.userId, userId)))
    .for('update');
  return rows[0];
}

/**
 * Outstanding → repaid in full with the interest paid (UPDATE … WHERE status = 1); false when it no
 * longer was outstanding.
 */
export async function markRepaid(tx: Tx, id: number, at: Date, interestPaid: string): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE loans SET repaid = amount, status = 3, repaid_at = ${at.toISOString()}, interest_paid = ${interestPaid}
        WHERE id = ${id} AND status = 1 RETURNING id`,
  );
  return rows.length > 0;
}

/** Back office: one page of one status (all when null); pending oldest first, the rest newest first. */
export async function listLoansForReview(
  tx: Tx,
  status: number | null,
  page: { size: number; offset: number },
): Promise<{ rows: Array<LoanRow & { account: string }>; total: number }> {
  const where = status === null ? undefined : eq(loans.status, status);
  const rows = await tx
    .select({ ...getTableColumns(loans), account: users.account })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(where)
    .orderBy(status === 0 ? asc(loans.id) : desc(loans.id))
    .limit(page.size)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(loans).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Resolves a pending application (UPDATE … WHERE status = 0 RETURNING *): approval starts the loan at
 * the review and sets the due date `term_days` after it. Undefined when it is no longer pending.
 */
export async function resolveLoan(
  tx: Tx,
  id: number,
  review: { approve: boolean; at: Date; reviewedBy: bigint; rejectReason: string | null },
): Promise<LoanRow | undefined> {
  const reviewedAt = review.at.toISOString();
  const rows = await tx
    .update(loans)
    .set(
      review.approve
        ? {
            status: 1,
            reviewedAt: review.at,
            reviewedBy: review.reviewedBy,
            startedAt: review.at,
            dueAt: sql`${reviewedAt}::timestamptz + make_interval(days => ${loans.termDays})`,
          }
        : { status: 2, reviewedAt: review.at, reviewedBy: review.reviewedBy, rejectReason: review.rejectReason },
    )
    .where(and(eq(loans.id, BigInt(id)), eq(loans.status, 0)))
    .returning();
  return rows[0];
}

/** Credit used by the user's active credit-stock orders in `currency`. */
export async function activeCredit(tx: Tx, userId: bigint, currency: Currency): Promise<string> {
  const [row] = await queryRows<{ credit: string }>(
    tx,
    sql`SELECT coalesce(sum(credit), 0)::text AS credit FROM credit_orders
        WHERE user_id = ${userId} AND currency = ${currency} AND status = 0`,
  );
  return row?.credit ?? '0';
}
