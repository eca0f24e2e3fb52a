/** Data access for users (no business rules here: see account-service). */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByAccount(tx: Tx, account: string): Promise<UserRow | undefined> {
  const rows = await tx.select().from(users).where(eq(users.account, account)).limit(1);
  return rows[0];
}

export async function findUserById(tx: Tx, id: bigint): Promise<UserRow | undefined> {
  const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserIdByInviteCode(tx: Tx, inviteCode: string): Promise<bigint | undefined> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode)).limit(1);
  return rows[0]?.id;
}

export interface NewUser {
  account: string;
  email: string;
  passwordHash: string;
  inviteCode: string;
  invitedBy: bigint | null;
}

/**
 * Inserts a user; answers undefined when the account is taken. ON CONFLICT makes two racing
 * registrations of one account end with exactly one user and one clean `account_exists`.
 */
export async function insertUser(tx: Tx, user: NewUser): Promise<bigint | undefined> {
  const rows = await tx
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.account })
    .returning({ id: users.id });
  return rows[0]?.id;
}

/** Test and back-office helper: sets the status flags (banned, frozen, trade_disabled) or role. */
export async function updateUserFlags(
  tx: Tx,
  account: string,
  flags: Partial<Pick<UserRow, 'banned' | 'frozen' | 'tradeDisabled' | 'role'>>,
): Promise<void> {
  await tx.update(users).set(flags).where(eq(users.account, account));
}

export async function countUsers(tx: Tx): Promise<number> {
  const rows = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}
