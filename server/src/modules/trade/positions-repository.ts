/**
 * The order and position writes and lists of `positions` (0006_trading.sql) beyond the placement
 * statement (trade-repository.ts): every change is a conditional UPDATE … WHERE status = … RETURNING,
 * so of two concurrent calls on one order exactly one wins (undefined for the other). The risk
 * acknowledgements are modules/risk-disclosure's.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { POSITION_COLUMNS, STATUS, toPosition, updatePosition, type PositionRow } from './trade-repository';

type MarketId = PositionRow['market'];

/** Pending → cancelled, for its owner only. */
export function cancelPendingOrder(tx: Tx, userId: bigint, id: bigint, at: Date): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`status = ${STATUS.cancelled}, cancelled_at = ${at.toISOString()}`,
    sql`user_id = ${userId} AND status = ${STATUS.pending}`,
  );
}

/** Holding → closing ("preparing to close", by the user), for its owner only. */
export function requestClose(tx: Tx, userId: bigint, id: bigint, at: Date): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`status = ${STATUS.closing}, close_requested_at = ${at.toISOString()}, closed_by = 'user'`,
    sql`user_id = ${userId} AND status = ${STATUS.holding}`,
  );
}

/** Pending → holding at its limit price, now holding `marginHold`, opened on `openDate`. */
export function fillPendingOrder(
  tx: Tx,
  id: bigint,
  fill: { marginHold: bigint; at: Date; openDate: string },
): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`status = ${STATUS.holding}, hold_id = ${fill.marginHold}, buy_price = limit_price,
        opened_at = ${fill.at.toISOString()}, open_date = ${fill.openDate}::date`,
    sql`status = ${STATUS.pending}`,
  );
}

/** Holding or closing (`from`) → closed, with the settlement's figures. */
export function settleClose(
  tx: Tx,
  id: bigint,
  from: number,
  close: {
    price: string;
    pnl: string;
    fee: string;
    protection: string | null;
    at: Date;
    closedBy: 'user' | 'margin_call';
  },
): Promise<PositionRow | undefined> {
  const at = close.at.toISOString();
  return updatePosition(
    tx,
    id,
    sql`status = ${STATUS.closed}, sell_price = ${close.price}, realised_pnl = ${close.pnl}, close_fee = ${close.fee},
        protection = ${close.protection}, closed_at = ${at},
        closed_by = ${close.closedBy}, close_requested_at = coalesce(close_requested_at, ${at}::timestamptz)`,
    sql`status = ${from}`,
  );
}

/** One page of the user's orders of one market in the given statuses, newest first. */
export async function listUserPositions(
  tx: Tx,
  userId: bigint,
  market: MarketId,
  statuses: readonly number[],
  page: { size: number; offset: number },
): Promise<{ rows: PositionRow[]; total: number }> {
  const list = sql.raw(statuses.map((s) => String(Number(s))).join(', '));
  const rows = await queryRows<PositionRow>(
    tx,
    sql`SELECT ${POSITION_COLUMNS} FROM positions
        WHERE user_id = ${userId} AND market = ${market} AND status IN (${list})
        ORDER BY id DESC LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM positions
        WHERE user_id = ${userId} AND market = ${market} AND status IN (${list})`,
  );
  return { rows: rows.map(toPosition), total: count?.n ?? 0 };
}

/** The codes with live orders or positions (pending, holding, closing) in one market. */
export function liveCodes(tx: Tx, market: MarketId): Promise<Array<{ code: string }>> {
  return queryRows<{ code: string }>(
    tx,
    sql`SELECT DISTINCT code FROM positions WHERE market = ${market} AND status IN (0, 1, 3)`,
  );
}

/**
 * The matcher's work at these prices: closing positions, pending orders whose limit is crossed,
 * and holding positions below the maintenance ratio, in id order.
 */
export function dueOrders(
  tx: Tx,
  market: MarketId,
  prices: Array<{ code: string; price: string }>,
  maintenanceRatio: string,
): Promise<Array<Pick<PositionRow, 'id' | 'status' | 'code'> & { price: string }>> {
  return queryRows(
    tx,
    sql`SELECT p.id, p.status, p.code, q.price::text AS price
      FROM positions p
      JOIN jsonb_to_recordset(${JSON.stringify(prices)}::jsonb) AS q (code text, price numeric) ON q.code = p.code
      WHERE p.market = ${market} AND p.status IN (0, 1, 3) AND (
        p.status = 1
        OR (p.status = 3 AND ((p.direction = 'long' AND q.price <= p.limit_price)
                              OR (p.direction = 'short' AND q.price >= p.limit_price)))
        OR (p.status = 0
            AND p.margin + (CASE WHEN p.direction = 'long' THEN q.price - p.buy_price ELSE p.buy_price - q.price END)
                           * p.stock_num
                < ${maintenanceRatio}::numeric * p.margin))
      ORDER BY p.id`,
  );
}

/**
 * Holding → holding with `amount` more margin (and cost: the money it holds), now holding `hold` (add margin);
 * for its owner only, never a day-trade position (its margin comes from the day's participation).
 */
export function raiseMargin(
  tx: Tx,
  userId: bigint,
  id: bigint,
  change: { amount: string; hold: bigint },
): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`margin = margin + ${change.amount}::numeric, cost = cost + ${change.amount}::numeric, hold_id = ${change.hold}`,
    sql`user_id = ${userId} AND status = ${STATUS.holding} AND day_trade_id IS NULL`,
  );
}

/** Whether a position draws on a day-trading application (positions.day_trade_id, 0013_day_trading.sql). */
export async function isDayTradePosition(tx: Tx, id: bigint): Promise<boolean> {
  const [row] = await queryRows<{ day: boolean }>(
    tx,
    sql`SELECT day_trade_id IS NOT NULL AS day FROM positions WHERE id = ${id}`,
  );
  return row?.day === true;
}
