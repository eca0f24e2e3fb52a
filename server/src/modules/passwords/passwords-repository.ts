/** Data access for the two password hashes of a user (columns of users). */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema';

export type PasswordHashes = Pick<typeof users.$inferSelect, 'passwordHash' | 'fundPasswordHash'>;

export async function readPasswordHashes(tx: Tx, userId: bigint): Promise<PasswordHashes | undefined> {
  const rows = await tx
    .select({ passwordHash: users.passwordHash, fundPasswordHash: users.fundPasswordHash })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0];
}

/** Sets the login password and stamps password_changed_at. */
export async function setPasswordHash(tx: Tx, userId: bigint, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setFundPasswordHash(tx: Tx, userId: bigint, fundPasswordHash: string): Promise<void> {
  await tx.update(users).set({ fundPasswordHash }).where(eq(users.id, userId));
}

/**
 * Sets the fund password only if none is set (UPDATE … WHERE fund_password_hash IS NULL): answers
 * false when a concurrent first setting won.
 */
export async function setFirstFundPasswordHash(tx: Tx, userId: bigint, fundPasswordHash: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ fundPasswordHash })
    .where(and(eq(users.id, userId), isNull(users.fundPasswordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}
