/**
 * The order and position writes and lists of `positions` (0006_trading.sql) beyond the placement
 * statement (trade-repository.ts): every change is a conditional UPDATE … WHERE status = … RETURNING,
 * so of two concurrent calls on one order exactly one wins (undefined for the other). The risk
 * acknowledgements are modules/risk-disclosure's.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { T_PLUS_ONE } from './t-plus-one';
import { POSITION_COLUMNS, STATUS, toPosition, updatePosition, type PositionRow } from './trade-repository';

type MarketId = PositionRow['market'];

/** Pending → cancelled, for its owner only. */
export function cancelPendingOrder(tx: Tx, userId: bigint, id: bigint, at: Date): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`status = ${STATUS.cancelled}, cancelled_at = ${at.toISOString()}, cancel_reason = 'user'`,
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
    closedBy: NonNullable<PositionRow['closedBy']>;
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

/** What the matcher does with a row at a price (dueOrders). */
export type DueAction = 'close' | 'fill_limit' | 'fill_stop' | 'fill_market' | 'trigger' | 'margin_call' | 'exit';

/**
 * The matcher's work at these prices, in id order: closing positions; pending orders valid in the session of
 * `sessionDate` whose limit is crossed (a normal limit order, a triggered stop-limit, an OCO's limit leg), whose
 * trigger is reached (an untriggered stop, an OCO's stop leg), or that fill at market (a market order that waited
 * for the open); holding positions below the maintenance ratio, or whose take profit or stop loss is reached.
 */
export function dueOrders(
  tx: Tx,
  market: MarketId,
  prices: Array<{ code: string; price: string }>,
  maintenanceRatio: string,
  sessionDate: string,
  at: Date,
): Promise<Array<Pick<PositionRow, 'id' | 'userId' | 'status' | 'code'> & { price: string; action: DueAction }>> {
  const tPlusOne = T_PLUS_ONE.has(market);
  const crossed = sql`((p.direction = 'long' AND q.price <= p.limit_price)
                       OR (p.direction = 'short' AND q.price >= p.limit_price))`;
  const reached = sql`((p.direction = 'long' AND q.price >= p.trigger_price)
                       OR (p.direction = 'short' AND q.price <= p.trigger_price))`;
  return queryRows(
    tx,
    sql`SELECT * FROM (
      SELECT p.id, p.user_id AS "userId", p.status, p.code, q.price::text AS price,
        CASE
          WHEN p.status = 1 THEN 'close'
          WHEN p.status = 3 AND p.valid_until IS NOT NULL AND p.valid_until < ${sessionDate}::date THEN NULL
          WHEN p.status = 3 AND p.order_type = 'oco' AND ${crossed} THEN 'fill_limit'
          WHEN p.status = 3 AND p.order_type = 'oco' AND ${reached} THEN 'fill_stop'
          WHEN p.status = 3 AND p.order_type = 'stop' AND p.triggered_at IS NULL AND ${reached} THEN 'trigger'
          WHEN p.status = 3 AND p.order_type = 'normal' AND p.price_type = 'market' THEN 'fill_market'
          WHEN p.status = 3 AND p.price_type = 'limit' AND (p.order_type = 'normal' OR p.triggered_at IS NOT NULL)
               AND ${crossed} THEN 'fill_limit'
          -- a fully paid long (1×, cash: trade-math fullyPaid) is never margin-called
          WHEN p.status = 0 AND NOT (p.direction = 'long' AND p.leverage = 1)
               AND p.margin + (CASE WHEN p.direction = 'long' THEN q.price - p.buy_price ELSE p.buy_price - q.price END)
                              * p.stock_num < ${maintenanceRatio}::numeric * p.margin THEN 'margin_call'
          WHEN p.status = 0 AND p.day_trade_id IS NULL
               -- not before it may be closed (exit-guard.ts re-checks, lent shares too): T+1, lock-up
               AND NOT (${tPlusOne}::boolean AND p.open_date >= ${sessionDate}::date)
               AND (p.closable_from IS NULL OR p.closable_from <= ${at.toISOString()}::timestamptz)
               AND ((p.direction = 'long' AND (q.price >= p.take_profit OR q.price <= p.stop_loss))
                    OR (p.direction = 'short' AND (q.price <= p.take_profit OR q.price >= p.stop_loss))) THEN 'exit'
        END AS action
      FROM positions p
      JOIN jsonb_to_recordset(${JSON.stringify(prices)}::jsonb) AS q (code text, price numeric) ON q.code = p.code
      WHERE p.market = ${market} AND p.status IN (0, 1, 3)) d
      WHERE d.action IS NOT NULL
      ORDER BY d.id`,
  );
}

/**
 * Pending → holding at `fill.price` with the figures at that price, now holding `marginHold`, opened on
 * `openDate` (an OCO records the leg that filled; a fill by a trigger records when it triggered).
 */
export function fillPendingAt(
  tx: Tx,
  id: bigint,
  fill: {
    price: string;
    margin: string;
    fee: string;
    marginHold: bigint;
    at: Date;
    openDate: string;
    filledLeg: 'limit' | 'stop' | null;
    /** Filled by its trigger (a stop-market, an OCO's stop leg): triggered_at is set now unless already set. */
    triggered: boolean;
  },
): Promise<PositionRow | undefined> {
  const triggeredAt = fill.triggered ? fill.at.toISOString() : null;
  return updatePosition(
    tx,
    id,
    sql`status = ${STATUS.holding}, hold_id = ${fill.marginHold}, buy_price = ${fill.price}::numeric,
        margin = ${fill.margin}::numeric, cost = ${fill.margin}::numeric, fee = ${fill.fee}::numeric,
        opened_at = ${fill.at.toISOString()}, open_date = ${fill.openDate}::date, filled_leg = ${fill.filledLeg},
        triggered_at = COALESCE(triggered_at, ${triggeredAt}::timestamptz)`,
    sql`status = ${STATUS.pending}`,
  );
}

/** Pending → cancelled by the system (expired, unfunded); undefined when no longer pending. */
export function cancelOrderFor(
  tx: Tx,
  id: bigint,
  reason: 'expired' | 'unfunded',
  at: Date,
): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`status = ${STATUS.cancelled}, cancelled_at = ${at.toISOString()}, cancel_reason = ${reason}`,
    sql`status = ${STATUS.pending}`,
  );
}

/** An untriggered pending stop-limit order → triggered (it then waits as a limit order); once only. */
export function markTriggered(tx: Tx, id: bigint, at: Date): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`triggered_at = ${at.toISOString()}`,
    sql`status = ${STATUS.pending} AND order_type = 'stop' AND triggered_at IS NULL`,
  );
}

/** The validity condition of an expired order: before `sessionDate`, or on it too once its session `ended`. */
const expiredBy = (sessionDate: string, ended: boolean) =>
  ended ? sql`valid_until <= ${sessionDate}::date` : sql`valid_until < ${sessionDate}::date`;

/** The pending orders of a market whose validity ended (candidates: cancelExpired claims each one). */
export function expiredOrders(
  tx: Tx,
  market: MarketId,
  sessionDate: string,
  ended: boolean,
  limit: number,
): Promise<Array<Pick<PositionRow, 'id' | 'userId' | 'currency'>>> {
  return queryRows(
    tx,
    sql`SELECT id, user_id AS "userId", currency FROM positions
        WHERE market = ${market} AND status = ${STATUS.pending} AND ${expiredBy(sessionDate, ended)}
        ORDER BY id LIMIT ${limit}`,
  );
}

/** Pending and expired → cancelled (expired); undefined when another claimer or a fill came first. */
export function cancelExpired(
  tx: Tx,
  id: bigint,
  sessionDate: string,
  ended: boolean,
  at: Date,
): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`status = ${STATUS.cancelled}, cancelled_at = ${at.toISOString()}, cancel_reason = 'expired'`,
    sql`status = ${STATUS.pending} AND ${expiredBy(sessionDate, ended)}`,
  );
}

/**
 * cancelExpired for many orders in one statement (orders:expire, issue 37): those still pending and expired are
 * cancelled; answers them in id order (another claimer's or a fill's orders are not among them).
 */
export async function cancelExpiredMany(
  tx: Tx,
  ids: readonly bigint[],
  sessionDate: string,
  ended: boolean,
  at: Date,
): Promise<Array<Pick<PositionRow, 'id' | 'userId' | 'orderNo' | 'code' | 'holdId' | 'validUntil'>>> {
  if (ids.length === 0) return [];
  const rows = await queryRows<Pick<PositionRow, 'id' | 'userId' | 'orderNo' | 'code' | 'holdId' | 'validUntil'>>(
    tx,
    sql`UPDATE positions
        SET status = ${STATUS.cancelled}, cancelled_at = ${at.toISOString()}, cancel_reason = 'expired'
        WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) AND status = ${STATUS.pending}
          AND ${expiredBy(sessionDate, ended)}
        RETURNING id, user_id AS "userId", order_no AS "orderNo", code, hold_id AS "holdId",
                  valid_until::text AS "validUntil"`,
  );
  return rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/** A pending order's new prices, quantity and hold (/trade/modify), for its owner only. */
export function modifyPendingOrder(
  tx: Tx,
  userId: bigint,
  id: bigint,
  change: {
    limitPrice: string | null;
    triggerPrice: string | null;
    quantity: string;
    buyPrice: string;
    margin: string;
    fee: string;
    hold: bigint;
  },
): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`limit_price = ${change.limitPrice}::numeric, trigger_price = ${change.triggerPrice}::numeric,
        stock_num = ${change.quantity}::numeric, buy_price = ${change.buyPrice}::numeric,
        margin = ${change.margin}::numeric, cost = ${change.margin}::numeric, fee = ${change.fee}::numeric,
        hold_id = ${change.hold}`,
    sql`user_id = ${userId} AND status = ${STATUS.pending}`,
  );
}

/** The IFD exits of a pending order or a holding position (/trade/exits), for its owner only. */
export function setPositionExits(
  tx: Tx,
  userId: bigint,
  id: bigint,
  exits: { takeProfit: string | null; stopLoss: string | null },
): Promise<PositionRow | undefined> {
  return updatePosition(
    tx,
    id,
    sql`take_profit = ${exits.takeProfit}::numeric, stop_loss = ${exits.stopLoss}::numeric`,
    sql`user_id = ${userId} AND status IN (${STATUS.holding}, ${STATUS.pending}) AND day_trade_id IS NULL`,
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
