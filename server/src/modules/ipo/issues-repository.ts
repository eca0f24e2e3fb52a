/**
 * Data access for new-share issues (table new_share_issues, 0010). The tabs are clock ranges
 * (docs/decisions/0016-new-share-lottery.md): toSubscribe = window not yet closed, subscribing =
 * closed but not listed, ended = listed or withdrawn.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { newShareIssues } from '../../db/schema';

export type IssueRow = typeof newShareIssues.$inferSelect;
export type IssueInsert = typeof newShareIssues.$inferInsert;
export type Tab = 'toSubscribe' | 'subscribing' | 'ended';
export type IssueFacts = Pick<
  IssueInsert,
  | 'market'
  | 'currency'
  | 'code'
  | 'names'
  | 'price'
  | 'pe'
  | 'lotSize'
  | 'subscriptionCap'
  | 'issueSize'
  | 'underwriter'
  | 'lockupDays'
  | 'opensAt'
  | 'closesAt'
  | 'drawAt'
  | 'payDeadline'
  | 'listingAt'
  | 'distributionAt'
>;

function tabWhere(tab: Tab, now: Date): { where: SQL | undefined; order: SQL[] } {
  const live = isNull(newShareIssues.withdrawnAt);
  switch (tab) {
    case 'toSubscribe':
      return { where: and(live, gt(newShareIssues.closesAt, now)), order: [asc(newShareIssues.opensAt)] };
    case 'subscribing':
      return {
        where: and(live, lte(newShareIssues.closesAt, now), gt(newShareIssues.listingAt, now)),
        order: [desc(newShareIssues.closesAt)],
      };
    case 'ended':
      return {
        where: or(isNotNull(newShareIssues.withdrawnAt), lte(newShareIssues.listingAt, now)),
        order: [desc(newShareIssues.listingAt)],
      };
  }
}

/** One page of a market's issues in a tab, and how many there are. */
export async function listIssues(
  tx: Tx,
  input: { market: IssueRow['market']; tab: Tab; now: Date; limit: number; offset: number },
): Promise<{ rows: IssueRow[]; total: number }> {
  const { where, order } = tabWhere(input.tab, input.now);
  const filter = and(eq(newShareIssues.market, input.market), where);
  const rows = await tx
    .select()
    .from(newShareIssues)
    .where(filter)
    .orderBy(...order, desc(newShareIssues.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await tx.select({ n: count() }).from(newShareIssues).where(filter);
  return { rows, total: total?.n ?? 0 };
}

/** Back office: every issue, newest first. */
export async function listAllIssues(tx: Tx, limit: number, offset: number) {
  const rows = await tx.select().from(newShareIssues).orderBy(desc(newShareIssues.id)).limit(limit).offset(offset);
  const [total] = await tx.select({ n: count() }).from(newShareIssues);
  return { rows, total: total?.n ?? 0 };
}

export async function getIssue(tx: Tx, id: bigint | number, options: { lock?: boolean } = {}) {
  const query = tx
    .select()
    .from(newShareIssues)
    .where(eq(newShareIssues.id, BigInt(id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function countIssues(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(newShareIssues);
  return row?.n ?? 0;
}

export async function insertIssue(
  tx: Tx,
  issue: IssueFacts & { seed: string; seedHash: string; createdBy?: bigint | null; createdAt: Date },
): Promise<IssueRow> {
  const [row] = await tx
    .insert(newShareIssues)
    .values({ ...issue, updatedAt: issue.createdAt })
    .returning();
  return row!;
}

/** Edits an issue whose window has not opened (by the database's reading of `now`); undefined otherwise. */
export async function updateIssueBeforeOpen(
  tx: Tx,
  id: bigint,
  facts: IssueFacts,
  now: Date,
): Promise<IssueRow | undefined> {
  const [row] = await tx
    .update(newShareIssues)
    .set({ ...facts, updatedAt: now })
    .where(and(eq(newShareIssues.id, id), isNull(newShareIssues.withdrawnAt), gt(newShareIssues.opensAt, now)))
    .returning();
  return row;
}

/** Withdraws a live issue not yet listed; undefined when it was withdrawn or listed already. */
export async function withdrawIssueRow(tx: Tx, id: bigint, reason: string, now: Date): Promise<IssueRow | undefined> {
  const [row] = await tx
    .update(newShareIssues)
    .set({ withdrawnAt: now, withdrawReason: reason, updatedAt: now })
    .where(
      and(
        eq(newShareIssues.id, id),
        isNull(newShareIssues.withdrawnAt),
        isNull(newShareIssues.listedAt),
        gt(newShareIssues.listingAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * Takes the next application number of an issue whose window is open at `now` (a row lock on the
 * issue until commit); undefined when the window is not open or the issue was withdrawn or drawn.
 */
export async function takeApplicationNo(tx: Tx, id: bigint, now: Date): Promise<number | undefined> {
  const [row] = await tx
    .update(newShareIssues)
    .set({ applications: sql`${newShareIssues.applications} + 1` })
    .where(
      and(
        eq(newShareIssues.id, id),
        isNull(newShareIssues.withdrawnAt),
        eq(newShareIssues.drawState, 'pending'),
        lte(newShareIssues.opensAt, now),
        gt(newShareIssues.closesAt, now),
      ),
    )
    .returning({ applications: newShareIssues.applications });
  return row?.applications;
}

/** Issues whose draw is due at `now` (the job runner claims them one by one; drawIssue is exactly-once). */
export async function dueDrawIds(tx: Tx, now: Date): Promise<bigint[]> {
  const rows = await tx
    .select({ id: newShareIssues.id })
    .from(newShareIssues)
    .where(
      and(eq(newShareIssues.drawState, 'pending'), isNull(newShareIssues.withdrawnAt), lte(newShareIssues.drawAt, now)),
    )
    .orderBy(asc(newShareIssues.drawAt));
  return rows.map((r) => r.id);
}
