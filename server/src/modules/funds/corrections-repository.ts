/** Data access for labelled corrections (table corrections, 0003_money.sql; append-only). */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { corrections, users } from '../../db/schema';

export type Correction = typeof corrections.$inferSelect;

export async function findUserIdByAccount(tx: Tx, account: string): Promise<bigint | undefined> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.account, account));
  return rows[0]?.id;
}

/** The correction with this order number, row-locked until the transaction ends. */
export async function lockCorrection(
  tx: Tx,
  orderNo: string,
): Promise<Pick<Correction, 'id' | 'userId' | 'currency' | 'amount'> | undefined> {
  const rows = await tx
    .select({
      id: corrections.id,
      userId: corrections.userId,
      currency: corrections.currency,
      amount: corrections.amount,
    })
    .from(corrections)
    .where(eq(corrections.orderNo, orderNo))
    .for('update');
  return rows[0];
}

export async function isReversed(tx: Tx, id: bigint): Promise<boolean> {
  const rows = await tx.select({ id: corrections.id }).from(corrections).where(eq(corrections.reversesId, id));
  return rows.length > 0;
}

/** Inserts a correction; UNIQUE (order_no) and UNIQUE (reverses_id) refuse a second reversal. */
export async function insertCorrection(tx: Tx, correction: Omit<Correction, 'id' | 'createdAt'>): Promise<bigint> {
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`INSERT INTO corrections
          (user_id, order_no, currency, amount, reason, actor_id, reverses_id, journal_transaction_id)
        VALUES (${correction.userId}, ${correction.orderNo}, ${correction.currency}, ${correction.amount},
                ${correction.reason}, ${correction.actorId}, ${correction.reversesId},
                ${correction.journalTransactionId})
        RETURNING id`,
  );
  return row!.id;
}
