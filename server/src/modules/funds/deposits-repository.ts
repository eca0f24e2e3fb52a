/** Data access for deposits (table deposits, 0003_money.sql). */
import { and, asc, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { deposits, users } from '../../db/schema';

export type Deposit = typeof deposits.$inferSelect;

export async function hasPendingDeposit(tx: Tx, userId: bigint): Promise<boolean> {
  const rows = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 0)))
    .limit(1);
  return rows.length > 0;
}

/** Inserts a pending deposit; the partial unique index deposits_one_pending refuses a second one. */
export async function insertDeposit(
  tx: Tx,
  deposit: Pick<Deposit, 'userId' | 'orderNo' | 'currency' | 'amount' | 'channelId' | 'proofUploadId' | 'createdAt'>,
): Promise<bigint> {
  const [row] = await tx.insert(deposits).values(deposit).returning({ id: deposits.id });
  return row!.id;
}

/** The user's latest 100 deposits, newest first. */
export async function listUserDeposits(tx: Tx, userId: bigint): Promise<Deposit[]> {
  return tx.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(desc(deposits.id)).limit(100);
}

/** Back office: one page of one status (all when null); pending oldest first, the rest newest first. */
export async function listDepositsForReview(
  tx: Tx,
  status: number | null,
  page: { size: number; offset: number },
): Promise<{ rows: Array<Deposit & { account: string }>; total: number }> {
  const where = status === null ? undefined : eq(deposits.status, status);
  const rows = await tx
    .select({ ...getTableColumns(deposits), account: users.account })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(status === 0 ? asc(deposits.id) : desc(deposits.id))
    .limit(page.size)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(deposits).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function depositOwner(tx: Tx, id: number): Promise<bigint | undefined> {
  const rows = await tx
    .select({ userId: deposits.userId })
    .from(deposits)
    .where(eq(deposits.id, BigInt(id)));
  return rows[0]?.userId;
}

/** The deposit if still pending, row-locked (SELECT … FOR UPDATE): a second reviewer waits. */
export async function lockPendingDeposit(tx: Tx, id: number): Promise<Deposit | undefined> {
  const rows = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, BigInt(id)), eq(deposits.status, 0)))
    .for('update');
  return rows[0];
}

/** Resolves a pending deposit (UPDATE … WHERE status = 0 RETURNING *); undefined when no longer pending. */
export async function resolveDeposit(
  tx: Tx,
  id: number,
  review: Pick<
    Deposit,
    'status' | 'reviewedAt' | 'reviewedBy' | 'rejectReason' | 'journalTransactionId' | 'fourEyesRequestId'
  >,
): Promise<Deposit | undefined> {
  const rows = await tx
    .update(deposits)
    .set(review)
    .where(and(eq(deposits.id, BigInt(id)), eq(deposits.status, 0)))
    .returning();
  return rows[0];
}
