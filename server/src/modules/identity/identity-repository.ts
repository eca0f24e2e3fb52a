/** Data access for identity checks (table realname_checks) and the identity columns of users. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { realnameChecks, users } from '../../db/schema';

export type RealnameCheck = typeof realnameChecks.$inferSelect;
export type RealnameStatus = (typeof users.$inferSelect)['realnameStatus'];
export type CheckStatus = RealnameCheck['status'];

/** The user's identity status, the row locked until the transaction ends. */
export async function lockRealnameStatus(tx: Tx, userId: bigint): Promise<RealnameStatus | undefined> {
  const rows = await tx
    .select({ realnameStatus: users.realnameStatus })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows[0]?.realnameStatus;
}

export async function readRealnameStatus(tx: Tx, userId: bigint): Promise<RealnameStatus | undefined> {
  const rows = await tx.select({ realnameStatus: users.realnameStatus }).from(users).where(eq(users.id, userId));
  return rows[0]?.realnameStatus;
}

/** Sets the user's identity status; `verified` also records the verified name. */
export async function setRealnameStatus(
  tx: Tx,
  userId: bigint,
  status: RealnameStatus,
  verifiedName?: string,
): Promise<void> {
  await tx
    .update(users)
    .set(
      verifiedName === undefined ? { realnameStatus: status } : { realnameStatus: status, realnameName: verifiedName },
    )
    .where(eq(users.id, userId));
}

export async function insertRealnameCheck(
  tx: Tx,
  check: Pick<RealnameCheck, 'userId' | 'name' | 'idNumber' | 'frontId' | 'backId' | 'createdAt'>,
): Promise<void> {
  await tx.insert(realnameChecks).values(check);
}

export type CheckSummary = Pick<
  RealnameCheck,
  'name' | 'idNumber' | 'rejectReason' | 'createdAt' | 'frontId' | 'backId'
>;

/** The user's latest check, if any. */
export async function latestCheck(tx: Tx, userId: bigint): Promise<CheckSummary | undefined> {
  const rows = await tx
    .select({
      name: realnameChecks.name,
      idNumber: realnameChecks.idNumber,
      rejectReason: realnameChecks.rejectReason,
      createdAt: realnameChecks.createdAt,
      frontId: realnameChecks.frontId,
      backId: realnameChecks.backId,
    })
    .from(realnameChecks)
    .where(eq(realnameChecks.userId, userId))
    .orderBy(desc(realnameChecks.id))
    .limit(1);
  return rows[0];
}

export type CheckListRow = Omit<RealnameCheck, 'userId' | 'reviewedBy'> & { account: string };

/** Back office: one page of checks (all statuses when `status` is null), newest first. */
export async function listChecks(
  tx: Tx,
  status: CheckStatus | null,
  page: { size: number; offset: number },
): Promise<{ rows: CheckListRow[]; total: number }> {
  const rows = await tx
    .select({
      id: realnameChecks.id,
      account: users.account,
      name: realnameChecks.name,
      idNumber: realnameChecks.idNumber,
      frontId: realnameChecks.frontId,
      backId: realnameChecks.backId,
      status: realnameChecks.status,
      rejectReason: realnameChecks.rejectReason,
      createdAt: realnameChecks.createdAt,
      reviewedAt: realnameChecks.reviewedAt,
    })
    .from(realnameChecks)
    .innerJoin(users, eq(users.id, realnameChecks.userId))
    .where(sql`(${status}::text IS NULL OR ${realnameChecks.status} = ${status})`)
    .orderBy(desc(realnameChecks.id))
    .limit(page.size)
    .offset(page.offset);
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM realname_checks WHERE (${status}::text IS NULL OR status = ${status})`,
  );
  return { rows, total: count?.n ?? 0 };
}

/**
 * Resolves a pending check (UPDATE … WHERE status = 'pending'): exactly one reviewer wins. Answers
 * the user and the checked name, or undefined when the check is not pending (or missing).
 */
export async function resolveCheck(
  tx: Tx,
  id: number,
  review: Pick<RealnameCheck, 'status' | 'rejectReason' | 'reviewedBy' | 'reviewedAt'>,
): Promise<Pick<RealnameCheck, 'userId' | 'name'> | undefined> {
  const rows = await tx
    .update(realnameChecks)
    .set(review)
    .where(and(eq(realnameChecks.id, BigInt(id)), eq(realnameChecks.status, 'pending')))
    .returning({ userId: realnameChecks.userId, name: realnameChecks.name });
  return rows[0];
}

export async function checkExists(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: realnameChecks.id })
    .from(realnameChecks)
    .where(eq(realnameChecks.id, BigInt(id)));
  return rows.length > 0;
}
