/** Data access for credit loans (table loans, 0001 + 0003) and the credit record the score reads. */
import { sql } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { CreditRecord } from './credit-score';

export interface LoanRow {
  id: bigint;
  user_id: bigint;
  order_no: string;
  currency: Currency;
  amount: string;
  repaid: string;
  status: number;
  term_days: number;
  due_at: Date | null;
  repaid_at: Date | null;
  reject_reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  account?: string;
}

/** The user's own record, the only input of the credit score. */
export async function readCreditRecord(tx: Tx, userId: bigint): Promise<CreditRecord> {
  const [user] = await queryRows<{ realname_status: string }>(
    tx,
    sql`SELECT realname_status FROM users WHERE id = ${userId}`,
  );
  const loans = await queryRows<{ status: number; due_at: Date | null; repaid_at: Date | null }>(
    tx,
    sql`SELECT status, due_at, repaid_at FROM loans WHERE user_id = ${userId} AND status IN (1, 3)`,
  );
  return {
    identityVerified: user?.realname_status === 'verified',
    loans: loans.map((l) => ({
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
    sql`SELECT coalesce(sum(amount), 0)::text AS amount FROM loans WHERE user_id = ${userId} AND currency = ${currency} AND status = 0`,
  );
  return row?.amount ?? '0';
}
