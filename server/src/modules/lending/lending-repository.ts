/**
 * Data access of securities lending (stock_lendings, 0017) and borrowing (credit_orders of 0001 with the
 * columns of 0017). Every state change is a conditional UPDATE … WHERE status = … RETURNING, so of two
 * concurrent calls exactly one wins; the job claims its rows FOR UPDATE SKIP LOCKED.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { creditOrders, stockLendings } from '../../db/schema';

export type LendingRow = typeof stockLendings.$inferSelect;
export type CreditOrderRow = typeof creditOrders.$inferSelect;

export const LENDING = { lent: 0, recalled: 1, returned: 2 } as const;
export const CREDIT = { active: 0, returned: 1 } as const;

/**
 * The user's holdings (status 0) of every market, oldest first: the candidates to lend; with `positionId` that
 * one only, its row locked (FOR UPDATE) until the transaction ends.
 */
export function userHoldings(tx: Tx, userId: bigint, positionId?: number) {
  const one = positionId === undefined ? sql`` : sql` AND p.id = ${positionId}`;
  const lock = positionId === undefined ? sql`` : sql` FOR UPDATE OF p`;
  return queryRows<{
    id: bigint;
    market: LendingRow['market'];
    currency: Currency;
    code: string;
    name: string;
    leverage: number;
    direction: string;
    stockNum: string;
    buyPrice: string;
    openDate: string | null;
    closableFrom: Date | string | null;
    dayTradeId: bigint | null;
    lent: boolean;
  }>(
    tx,
    sql`SELECT p.id, p.market, p.currency, p.code, p.name, p.leverage, p.direction, p.stock_num AS "stockNum",
               p.buy_price AS "buyPrice", p.open_date::text AS "openDate", p.closable_from AS "closableFrom",
               p.day_trade_id AS "dayTradeId",
               EXISTS (SELECT 1 FROM stock_lendings l WHERE l.position_id = p.id AND l.status < 2) AS lent
        FROM positions p WHERE p.user_id = ${userId} AND p.status = 0${one} ORDER BY p.id${lock}`,
  );
}

export async function insertLending(
  tx: Tx,
  row: Pick<
    LendingRow,
    'userId' | 'orderNo' | 'positionId' | 'market' | 'currency' | 'code' | 'quantity' | 'price' | 'value'
  > &
    Pick<LendingRow, 'annualRatePct' | 'lentAt'>,
): Promise<bigint> {
  const [inserted] = await tx.insert(stockLendings).values(row).returning({ id: stockLendings.id });
  return inserted!.id;
}

export function listUserLendings(tx: Tx, userId: bigint): Promise<LendingRow[]> {
  return tx
    .select()
    .from(stockLendings)
    .where(eq(stockLendings.userId, userId))
    .orderBy(desc(stockLendings.id))
    .limit(100);
}

/** Lent → recalled, for its owner only: the fee stops at `at`, the shares come back on `returnsOn`. */
export async function markRecalled(
  tx: Tx,
  id: number,
  userId: bigint,
  at: Date,
  returnsOn: string,
): Promise<LendingRow | undefined> {
  const rows = await tx
    .update(stockLendings)
    .set({ status: LENDING.recalled, recalledAt: at, returnsOn })
    .where(and(eq(stockLendings.id, BigInt(id)), eq(stockLendings.userId, userId), eq(stockLendings.status, 0)))
    .returning();
  return rows[0];
}

/** The ids of the live lendings (the job then claims each in its own transaction). */
export async function liveLendingIds(tx: Tx): Promise<bigint[]> {
  const rows = await queryRows<{ id: bigint }>(tx, sql`SELECT id FROM stock_lendings WHERE status < 2 ORDER BY id`);
  return rows.map((r) => BigInt(r.id));
}

/** A live lending, locked for this transaction; undefined when another transaction holds it or it ended. */
export async function claimLending(tx: Tx, id: bigint): Promise<LendingRow | undefined> {
  const rows = await tx
    .select()
    .from(stockLendings)
    .where(and(eq(stockLendings.id, id), sql`${stockLendings.status} < 2`))
    .for('update', { skipLocked: true });
  return rows[0];
}

/** The fee booked for days (fromDays, toDays]: only if nothing else booked them first. */
export async function markLendingAccrued(
  tx: Tx,
  id: bigint,
  fromDays: number,
  toDays: number,
  fee: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE stock_lendings SET accrued_days = ${toDays}, fee_paid = fee_paid + ${fee}::numeric
        WHERE id = ${id} AND accrued_days = ${fromDays} RETURNING id`,
  );
  return rows.length === 1;
}

/** Recalled → returned once the market's trading date reached returns_on. */
export async function markReturned(tx: Tx, id: bigint, at: Date, today: string): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE stock_lendings SET status = 2, returned_at = ${at.toISOString()}
        WHERE id = ${id} AND status = 1 AND returns_on <= ${today}::date RETURNING id`,
  );
  return rows.length === 1;
}

export async function insertCreditOrder(
  tx: Tx,
  row: Pick<
    CreditOrderRow,
    'userId' | 'orderNo' | 'market' | 'currency' | 'code' | 'name' | 'quantity' | 'credit' | 'holdId' | 'price'
  > &
    Pick<CreditOrderRow, 'annualRatePct' | 'termDays' | 'returnDue' | 'createdAt'>,
): Promise<bigint> {
  const [inserted] = await tx.insert(creditOrders).values(row).returning({ id: creditOrders.id });
  return inserted!.id;
}

export async function lockCreditOrder(tx: Tx, id: number, userId: bigint): Promise<CreditOrderRow | undefined> {
  const rows = await tx
    .select()
    .from(creditOrders)
    .where(and(eq(creditOrders.id, BigInt(id)), eq(creditOrders.userId, userId)))
    .for('update');
  return rows[0];
}

export function listUserCreditOrders(tx: Tx, userId: bigint): Promise<CreditOrderRow[]> {
  return tx
    .select()
    .from(creditOrders)
    .where(eq(creditOrders.userId, userId))
    .orderBy(desc(creditOrders.id))
    .limit(100);
}

/** Active → returned with the buy-back price and the fee paid. */
export async function markCreditReturned(
  tx: Tx,
  id: bigint,
  close: { at: Date; price: string; fee: string; days: number },
): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE credit_orders SET status = 1, closed_at = ${close.at.toISOString()}, return_price = ${close.price},
               fee_paid = ${close.fee}, fee_accrued = ${close.fee}, accrued_days = ${close.days}
        WHERE id = ${id} AND status = 0 RETURNING id`,
  );
  return rows.length === 1;
}

/** Active borrowings whose accrued days are behind, locked and skipped when another transaction holds them. */
export function claimActiveCreditOrders(tx: Tx, limit: number): Promise<CreditOrderRow[]> {
  return tx
    .select()
    .from(creditOrders)
    .where(eq(creditOrders.status, CREDIT.active))
    .orderBy(creditOrders.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markCreditAccrued(
  tx: Tx,
  id: bigint,
  fromDays: number,
  toDays: number,
  fee: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE credit_orders SET accrued_days = ${toDays}, fee_accrued = ${fee}
        WHERE id = ${id} AND status = 0 AND accrued_days = ${fromDays} RETURNING id`,
  );
  return rows.length === 1;
}

/** One of the user's lendings (undefined for another user's: nothing leaks). */
export async function lendingById(tx: Tx, id: number, userId: bigint): Promise<LendingRow | undefined> {
  const rows = await tx
    .select()
    .from(stockLendings)
    .where(and(eq(stockLendings.id, BigInt(id)), eq(stockLendings.userId, userId)));
  return rows[0];
}

/** The position's state: when it left `holding` (closing asked or closed), the lending ends with it. */
export async function positionState(
  tx: Tx,
  positionId: bigint,
): Promise<{ status: number; endedAt: Date | null } | undefined> {
  const [row] = await queryRows<{ status: number; ended_at: string | Date | null }>(
    tx,
    sql`SELECT status, coalesce(close_requested_at, closed_at) AS ended_at FROM positions WHERE id = ${positionId}`,
  );
  return row && { status: Number(row.status), endedAt: row.ended_at ? new Date(row.ended_at) : null };
}

/** A live lending ends with its position (closed by the matcher's margin check): recalled then, returned now. */
export async function endWithPosition(tx: Tx, id: bigint, endedAt: Date, at: Date, date: string): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE stock_lendings
        SET status = 2, recalled_at = coalesce(recalled_at, ${endedAt.toISOString()}::timestamptz),
               returns_on = coalesce(returns_on, ${date}::date), returned_at = ${at.toISOString()}
        WHERE id = ${id} AND status < 2 RETURNING id`,
  );
  return rows.length === 1;
}

/** Active borrowings past their return date, oldest first (the job buys each back in its own transaction). */
export function overdueCreditOrders(tx: Tx, at: Date) {
  return queryRows<{ id: bigint; userId: bigint; market: CreditOrderRow['market']; code: string }>(
    tx,
    sql`SELECT id, user_id AS "userId", market, code FROM credit_orders
        WHERE status = 0 AND return_due <= ${at.toISOString()}::timestamptz ORDER BY id`,
  );
}
