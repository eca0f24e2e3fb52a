/** Data access for withdrawals (table withdrawals, 0001 + 0003) and the state rules' reads. */
import { and, asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { users, withdrawals } from '../../db/schema';

export type Withdrawal = typeof withdrawals.$inferSelect;

/** The user's open items: positions holding or closing (status 0, 1) and pending limit orders (status 3). */
export async function countOpenPositions(
  tx: Tx,
  userId: bigint,
): Promise<{ positions: number; pendingOrders: number }> {
  const [open] = await queryRows<{ positions: number; pending_orders: number }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE status IN (0, 1))::int AS positions,
               count(*) FILTER (WHERE status = 3)::int AS pending_orders
          FROM positions WHERE user_id = ${userId} AND status IN (0, 1, 3)`,
  );
  return { positions: open?.positions ?? 0, pendingOrders: open?.pending_orders ?? 0 };
}

/**
 * The review items of spec §4 the user still has pending: withdrawals, deposits, loans, block-trade applications
 * (0011) and day-trade applications (0013, status 'submitted'). Read under the user's account lock, which every one
 * of those submissions takes too, so one submitted concurrently is seen.
 */
export async function countUnderReview(tx: Tx, userId: bigint): Promise<number> {
  const [review] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT ((SELECT count(*) FROM withdrawals WHERE user_id = ${userId} AND status = 0)
              + (SELECT count(*) FROM deposits WHERE user_id = ${userId} AND status = 0)
              + (SELECT count(*) FROM loans WHERE user_id = ${userId} AND status = 0)
              + (SELECT count(*) FROM block_applications WHERE user_id = ${userId} AND status = 0)
              + (SELECT count(*) FROM day_trades WHERE user_id = ${userId} AND status = 'submitted'))::int AS n`,
  );
  return review?.n ?? 0;
}

/** Inserts a pending withdrawal; the partial unique index withdrawals_one_pending refuses a second one. */
export async function insertWithdrawal(
  tx: Tx,
  withdrawal: Pick<
    Withdrawal,
    | 'userId'
    | 'orderNo'
    | 'currency'
    | 'money'
    | 'holderName'
    | 'bankName'
    | 'cardNumberMasked'
    | 'holdId'
    | 'cardId'
    | 'createdAt'
  >,
): Promise<bigint> {
  const [row] = await tx.insert(withdrawals).values(withdrawal).returning({ id: withdrawals.id });
  return row!.id;
}

/** Back office: one page of one status (all when null); pending oldest first, the rest newest first. */
export async function listWithdrawalsForReview(
  tx: Tx,
  status: number | null,
  page: { size: number; offset: number },
): Promise<{ rows: Array<Withdrawal & { account: string }>; total: number }> {
  const where = status === null ? undefined : eq(withdrawals.status, status);
  const rows = await tx
    .select({ ...getTableColumns(withdrawals), account: users.account })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(status === 0 ? asc(withdrawals.id) : desc(withdrawals.id))
    .limit(page.size)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(withdrawals).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function withdrawalOwner(tx: Tx, id: number): Promise<bigint | undefined> {
  const rows = await tx
    .select({ userId: withdrawals.userId })
    .from(withdrawals)
    .where(eq(withdrawals.id, BigInt(id)));
  return rows[0]?.userId;
}

/** A pending withdrawal's amount and currency (undefined when it is not pending). */
export async function pendingWithdrawal(tx: Tx, id: number): Promise<{ currency: string; money: string } | undefined> {
  const rows = await tx
    .select({ currency: withdrawals.currency, money: withdrawals.money })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, BigInt(id)), eq(withdrawals.status, 0)));
  return rows[0];
}

/** Resolves a pending withdrawal (UPDATE … WHERE status = 0 RETURNING *); undefined when no longer pending. */
export async function resolveWithdrawal(
  tx: Tx,
  id: number,
  review: Pick<Withdrawal, 'status' | 'reviewedAt' | 'reviewedBy' | 'rejectReason' | 'fourEyesRequestId'>,
): Promise<Withdrawal | undefined> {
  const rows = await tx
    .update(withdrawals)
    .set(review)
    .where(and(eq(withdrawals.id, BigInt(id)), eq(withdrawals.status, 0)))
    .returning();
  return rows[0];
}
