/**
 * The price_alerts table (migrations/0016_alerts_and_watchlist_groups.sql): data access only, every call inside the
 * caller's transaction, every user query scoped by user id. Firing is one statement: the active alerts the given
 * quotes cross are claimed FOR UPDATE SKIP LOCKED and turned to 'fired' by a conditional UPDATE, so an alert fires
 * once however many job runs evaluate it at the same moment.
 */
import { sql } from 'drizzle-orm';
import type { AlertKind } from 'shared/contract';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

export interface AlertRow {
  id: string | number | bigint;
  userId: string | number | bigint;
  market: 'jpy' | 'usd' | 'cny';
  code: string;
  kind: AlertKind;
  threshold: string;
  status: 'active' | 'fired';
  createdAt: Date | string;
  firedAt: Date | string | null;
  firedPrice: string | null;
  firedChange: string | null;
}

/** A stock's last price and day's change ratio in percent, as decimal strings. */
export interface QuotePoint {
  market: string;
  code: string;
  price: string;
  ratio: string;
}

const COLUMNS = sql`id, user_id AS "userId", market, code, kind, threshold::text AS threshold, status,
  created_at AS "createdAt", fired_at AS "firedAt", fired_price::text AS "firedPrice",
  fired_change::text AS "firedChange"`;

export async function countActiveAlerts(tx: Tx, userId: bigint): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM price_alerts WHERE user_id = ${userId} AND status = 'active'`,
  );
  return Number(row?.n ?? 0);
}

export async function insertAlert(
  tx: Tx,
  userId: bigint,
  alert: { market: string; code: string; kind: AlertKind; threshold: string },
  now: Date,
): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO price_alerts (user_id, market, code, kind, threshold, created_at)
        VALUES (${userId}, ${alert.market}, ${alert.code}, ${alert.kind}, ${alert.threshold}::numeric,
                ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return Number(row!.id);
}

/** The user's alerts, newest first; optionally one stock's. */
export async function listAlerts(tx: Tx, userId: bigint, stock?: { market?: string; code?: string }) {
  const code = stock?.code ?? null;
  const market = stock?.market ?? null;
  return queryRows<AlertRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM price_alerts
        WHERE user_id = ${userId} AND (${code}::text IS NULL OR code = ${code})
          AND (${market}::text IS NULL OR market = ${market})
        ORDER BY id DESC LIMIT 200`,
  );
}

export async function deleteAlert(tx: Tx, userId: bigint, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    tx,
    sql`DELETE FROM price_alerts WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

/** The stocks some active alert watches (the job quotes only these). */
export async function watchedStocks(tx: Tx): Promise<Array<{ market: string; code: string }>> {
  return queryRows(tx, sql`SELECT DISTINCT market, code FROM price_alerts WHERE status = 'active'`);
}

/**
 * Fires every active alert the quotes cross and answers the fired rows. Rows another transaction holds are skipped
 * (it is firing them); the UPDATE's own `status = 'active'` keeps a row fired once even without the lock.
 */
export async function fireCrossed(tx: Tx, quotes: readonly QuotePoint[], at: Date): Promise<AlertRow[]> {
  if (quotes.length === 0) return [];
  return queryRows<AlertRow>(
    tx,
    sql`WITH q AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(quotes)}::jsonb)
            AS q(market text, code text, price numeric, ratio numeric)
        ), crossed AS (
          SELECT a.id, q.price, q.ratio FROM price_alerts a
          JOIN q ON q.market = a.market AND q.code = a.code
          WHERE a.status = 'active'
            AND ((a.kind = 'price_above' AND q.price >= a.threshold)
              OR (a.kind = 'price_below' AND q.price <= a.threshold)
              OR (a.kind = 'change_beyond' AND abs(q.ratio) >= a.threshold))
          ORDER BY a.id
          FOR UPDATE OF a SKIP LOCKED
        )
        UPDATE price_alerts p SET status = 'fired', fired_at = ${at.toISOString()}::timestamptz,
          fired_price = crossed.price, fired_change = crossed.ratio
        FROM crossed WHERE p.id = crossed.id AND p.status = 'active'
        RETURNING p.id, p.user_id AS "userId", p.market, p.code, p.kind, p.threshold::text AS threshold, p.status,
          p.created_at AS "createdAt", p.fired_at AS "firedAt", p.fired_price::text AS "firedPrice",
          p.fired_change::text AS "firedChange"`,
  );
}
