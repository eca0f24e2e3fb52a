/**
 * The watchlist table (migrations/0004_market.sql): data access only, every call inside the
 * caller's transaction, every query scoped by user id.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { watchlist } from '../../db/schema';

export type WatchRow = Pick<typeof watchlist.$inferSelect, 'market' | 'code' | 'createdAt'>;

/** Adds a row; adding one already there changes nothing. Answers whether a row was added. */
export async function addWatch(tx: Tx, userId: bigint, market: string, code: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`INSERT INTO watchlist (user_id, market, code, created_at)
        VALUES (${userId}, ${market}, ${code}, ${now.toISOString()}) ON CONFLICT DO NOTHING RETURNING code`,
  );
  return rows.length > 0;
}

export async function removeWatch(tx: Tx, userId: bigint, market: string, code: string): Promise<boolean> {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`DELETE FROM watchlist WHERE user_id = ${userId} AND market = ${market} AND code = ${code} RETURNING code`,
  );
  return rows.length > 0;
}

export async function countWatch(tx: Tx, userId: bigint): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`SELECT count(*)::int AS n FROM watchlist WHERE user_id = ${userId}`,
  );
  return Number(row?.n ?? 0);
}

/** Newest first; optionally one market only. */
export async function listWatch(tx: Tx, userId: bigint, market?: string): Promise<WatchRow[]> {
  const rows = await queryRows<Pick<WatchRow, 'market' | 'code'> & { created_at: string }>(
    tx,
    market
      ? sql`SELECT market, code, created_at FROM watchlist
            WHERE user_id = ${userId} AND market = ${market} ORDER BY created_at DESC, code`
      : sql`SELECT market, code, created_at FROM watchlist
            WHERE user_id = ${userId} ORDER BY created_at DESC, market, code`,
  );
  return rows.map((row) => ({ market: row.market, code: row.code, createdAt: new Date(row.created_at) }));
}
