/**
 * Watchlist groups (migrations/0016_alerts_and_watchlist_groups.sql): the watchlist_groups table and the watchlist's
 * group_id and sort_order columns. Data access only, inside the caller's transaction, every query scoped by user id.
 * A stock's order in its group: sort_order ascending, ties newest first (a new stock is 0 and comes first).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

export interface GroupRow {
  id: number;
  name: string;
}

export interface Placement {
  market: 'jpy' | 'usd' | 'cny';
  code: string;
  /** null: the default group. */
  groupId: number | null;
}

export async function listGroups(tx: Tx, userId: bigint): Promise<GroupRow[]> {
  const rows = await queryRows<{ id: string | number; name: string }>(
    tx,
    sql`SELECT id, name FROM watchlist_groups WHERE user_id = ${userId} ORDER BY id`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** Every watched stock with its group, in display order within each group. */
export async function listPlacements(tx: Tx, userId: bigint): Promise<Placement[]> {
  const rows = await queryRows<{ market: Placement['market']; code: string; group_id: string | number | null }>(
    tx,
    sql`SELECT market, code, group_id FROM watchlist WHERE user_id = ${userId}
        ORDER BY sort_order, created_at DESC, market, code`,
  );
  return rows.map((row) => ({
    market: row.market,
    code: row.code,
    groupId: row.group_id === null ? null : Number(row.group_id),
  }));
}

/** Answers the new group's id, or undefined when the user already has a group of that name. */
export async function insertGroup(tx: Tx, userId: bigint, name: string, now: Date): Promise<number | undefined> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO watchlist_groups (user_id, name, created_at) VALUES (${userId}, ${name}, ${now.toISOString()})
        ON CONFLICT (user_id, name) DO NOTHING RETURNING id`,
  );
  return row ? Number(row.id) : undefined;
}

export async function renameGroup(tx: Tx, userId: bigint, id: number, name: string): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    tx,
    sql`UPDATE watchlist_groups SET name = ${name} WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

/** Deletes a group; its stocks go back to the default group first (at 0: ahead of the default group's order). */
export async function deleteGroup(tx: Tx, userId: bigint, id: number): Promise<boolean> {
  await tx.execute(sql`UPDATE watchlist SET group_id = NULL, sort_order = 0 WHERE user_id = ${userId}
                       AND group_id = ${id}`);
  const rows = await queryRows<{ id: unknown }>(
    tx,
    sql`DELETE FROM watchlist_groups WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

/** Puts a watched stock first in a group (null: the default group); false when it is not watched. */
export async function placeFirst(
  tx: Tx,
  userId: bigint,
  stock: { market: string; code: string },
  groupId: number | null,
): Promise<boolean> {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`UPDATE watchlist SET group_id = ${groupId},
          sort_order = (SELECT coalesce(min(sort_order), 1) - 1 FROM watchlist
                        WHERE user_id = ${userId} AND group_id IS NOT DISTINCT FROM ${groupId}::bigint)
        WHERE user_id = ${userId} AND market = ${stock.market} AND code = ${stock.code} RETURNING code`,
  );
  return rows.length > 0;
}

/** Writes the given order (1, 2, …) of stocks of one group. */
export async function renumber(tx: Tx, userId: bigint, ordered: ReadonlyArray<{ market: string; code: string }>) {
  const items = ordered.map((item, i) => ({ market: item.market, code: item.code, n: i + 1 }));
  await tx.execute(sql`
    UPDATE watchlist w SET sort_order = v.n
    FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS v(market text, code text, n int)
    WHERE w.user_id = ${userId} AND w.market = v.market AND w.code = v.code`);
}
