/** Data access for password-reset codes (one row per user: the live code). No rules here. */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { passwordResetCodes } from '../../db/schema';

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

/** Stores the user's live code, replacing any earlier one (its attempts start again at 0). */
export async function replaceResetCode(
  tx: Tx,
  code: Pick<ResetCodeRow, 'userId' | 'codeHash' | 'createdAt' | 'expiresAt'>,
): Promise<void> {
  await tx
    .insert(passwordResetCodes)
    .values({ ...code, attempts: 0 })
    .onConflictDoUpdate({
      target: passwordResetCodes.userId,
      set: { codeHash: code.codeHash, createdAt: code.createdAt, expiresAt: code.expiresAt, attempts: 0 },
    });
}

/** The user's code, locked until the transaction ends (a wrong try and a right one never interleave). */
export async function lockResetCode(tx: Tx, userId: bigint): Promise<ResetCodeRow | undefined> {
  const rows = await tx.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, userId)).for('update');
  return rows[0];
}

/** Counts one wrong try; answers the attempts so far. */
export async function countWrongAttempt(tx: Tx, userId: bigint): Promise<number> {
  const rows = await tx
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(eq(passwordResetCodes.userId, userId))
    .returning({ attempts: passwordResetCodes.attempts });
  return rows[0]?.attempts ?? 0;
}

export async function deleteResetCode(tx: Tx, userId: bigint): Promise<void> {
  await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
}
