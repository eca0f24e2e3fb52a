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

/** users.role is derived from admin_roles (migration 0019): a new user starts as 'user'. */
export type NewUser = Pick<UserRow, 'account' | 'email' | 'passwordHash' | 'inviteCode' | 'invitedBy'>;

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

/** Test and back-office helper: sets the status flags (banned, frozen, trade_disabled). */
export async function updateUserFlags(
  tx: Tx,
  account: string,
  flags: Partial<Pick<UserRow, 'banned' | 'frozen' | 'tradeDisabled'>>,
): Promise<void> {
  await tx.update(users).set(flags).where(eq(users.account, account));
}

/** A user's id and role by account, the row locked until the transaction ends. */
export async function lockUserRoleByAccount(
  tx: Tx,
  account: string,
): Promise<Pick<UserRow, 'id' | 'role'> | undefined> {
  const rows = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.account, account))
    .for('update');
  return rows[0];
}

/** Locks the user's row until the transaction ends (serialises one user's profile changes). */
export async function lockUser(tx: Tx, userId: bigint): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Locks a user's row by account, with the status flags an operator may change. */
export async function lockUserFlagsByAccount(
  tx: Tx,
  account: string,
): Promise<Pick<UserRow, 'id' | 'banned' | 'frozen' | 'tradeDisabled'> | undefined> {
  const rows = await tx
    .select({ id: users.id, banned: users.banned, frozen: users.frozen, tradeDisabled: users.tradeDisabled })
    .from(users)
    .where(eq(users.account, account))
    .for('update');
  return rows[0];
}

export async function setUserStatusFlags(
  tx: Tx,
  userId: bigint,
  flags: Pick<UserRow, 'banned' | 'frozen' | 'tradeDisabled' | 'restrictionReason'>,
): Promise<void> {
  await tx.update(users).set(flags).where(eq(users.id, userId));
}

/** The verified identity a bank card must match. */
export async function readIdentity(
  tx: Tx,
  userId: bigint,
): Promise<Pick<UserRow, 'realnameStatus' | 'realnameName'> | undefined> {
  const rows = await tx
    .select({ realnameStatus: users.realnameStatus, realnameName: users.realnameName })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0];
}

export async function countUsers(tx: Tx): Promise<number> {
  const rows = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}
