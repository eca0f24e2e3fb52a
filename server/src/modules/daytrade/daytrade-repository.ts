/**
 * Day-trading rows (0013_day_trading.sql): applications, their rules in site_config, the exposure and
 * result of their positions (positions.day_trade_id), reviews and settlements as conditional UPDATEs,
 * due applications claimed FOR UPDATE SKIP LOCKED. Every statement of the module is here.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { dayTrades } from '../../db/schema';
import type { RuleTexts } from '../trade/trade-repository';

export type DayTradeRow = typeof dayTrades.$inferSelect;
export type DayTradeStatus = DayTradeRow['status'];
export type DayTradeMarket = DayTradeRow['market'];

/** Live statuses: the participation is held. */
export const LIVE_STATUSES: readonly DayTradeStatus[] = ['submitted', 'applied', 'in_trade'];

export interface DayTradeRules {
  multiple: number;
  /** Minimum participation per market (absent: day trading closed there). */
  minimum: Partial<Record<DayTradeMarket, string>>;
}

export async function readDayTradeRules(tx: Tx): Promise<DayTradeRules> {
  const rows = await queryRows<{ name: string; value: string }>(
    tx,
    sql`SELECT name, value FROM site_config WHERE name = 'day_trade_multiple' OR name LIKE 'day\_trade\_min\_%'`,
  );
  const values = new Map(rows.map((r) => [r.name, r.value.trim()]));
  const multiple = Number(values.get('day_trade_multiple') ?? '5');
  const minimum: DayTradeRules['minimum'] = {};
  for (const market of ['jpy', 'usd', 'cny'] as const) {
    const value = values.get(`day_trade_min_${market}`);
    if (value !== undefined && /^\d+(\.\d+)?$/.test(value)) minimum[market] = value;
  }
  return { multiple: Number.isInteger(multiple) && multiple >= 1 ? multiple : 5, minimum };
}

export async function insertDayTrade(tx: Tx, row: typeof dayTrades.$inferInsert): Promise<DayTradeRow> {
  const [inserted] = await tx.insert(dayTrades).values(row).returning();
  return inserted!;
}

export async function dayTradeById(
  tx: Tx,
  id: bigint | number,
  options: { userId?: bigint; forUpdate?: boolean } = {},
): Promise<DayTradeRow | undefined> {
  const where =
    options.userId === undefined
      ? eq(dayTrades.id, BigInt(id))
      : and(eq(dayTrades.id, BigInt(id)), eq(dayTrades.userId, options.userId));
  const query = tx.select().from(dayTrades).where(where);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The live application of a user, market and trade date (the unique index allows one). */
export async function liveDayTradeOn(
  tx: Tx,
  userId: bigint,
  market: DayTradeMarket,
  tradeDate: string,
): Promise<DayTradeRow | undefined> {
  const [row] = await tx
    .select()
    .from(dayTrades)
    .where(
      and(
        eq(dayTrades.userId, userId),
        eq(dayTrades.market, market),
        eq(dayTrades.tradeDate, tradeDate),
        sql`${dayTrades.status} <> 'failed'`,
      ),
    )
    .orderBy(desc(dayTrades.id))
    .limit(1);
  return row;
}

export async function listDayTrades(
  tx: Tx,
  filter: { userId?: bigint; market?: DayTradeMarket; status?: DayTradeStatus; limit: number; offset: number },
): Promise<{ rows: DayTradeRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(eq(dayTrades.userId, filter.userId));
  if (filter.market !== undefined) conditions.push(eq(dayTrades.market, filter.market));
  if (filter.status !== undefined) conditions.push(eq(dayTrades.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await tx
    .select()
    .from(dayTrades)
    .where(where)
    .orderBy(desc(dayTrades.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(dayTrades)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** A review: submitted → applied or failed (rejected). Undefined when it was no longer submitted. */
export async function setReviewed(
  tx: Tx,
  id: bigint,
  review: { approve: boolean; note: string; by: bigint; at: Date },
): Promise<DayTradeRow | undefined> {
  const [row] = await tx
    .update(dayTrades)
    .set({
      status: review.approve ? 'applied' : 'failed',
      failedReason: review.approve ? null : 'rejected',
      reviewNote: review.note === '' ? null : review.note,
      reviewedBy: review.by,
      reviewedAt: review.at,
      ...(review.approve ? {} : { holdId: null }),
    })
    .where(and(eq(dayTrades.id, id), eq(dayTrades.status, 'submitted')))
    .returning();
  return row;
}

export async function setHold(tx: Tx, id: bigint, holdId: bigint | null): Promise<void> {
  await tx.update(dayTrades).set({ holdId }).where(eq(dayTrades.id, id));
}

/** applied → in_trade at the first order (no-op when already in trade). */
export async function markInTrade(tx: Tx, id: bigint): Promise<void> {
  await tx
    .update(dayTrades)
    .set({ status: 'in_trade' })
    .where(and(eq(dayTrades.id, id), eq(dayTrades.status, 'applied')));
}

export async function tagPosition(tx: Tx, positionId: bigint, dayTradeId: bigint): Promise<void> {
  await tx.execute(sql`UPDATE positions SET day_trade_id = ${dayTradeId} WHERE id = ${positionId}`);
}

/** Position ids of applications (newest first), optionally only those in `statuses`. */
export async function positionIdsOf(
  tx: Tx,
  dayTradeIds: readonly bigint[],
  statuses?: readonly number[],
): Promise<Array<{ id: bigint; dayTradeId: bigint }>> {
  if (dayTradeIds.length === 0) return [];
  const ids = sql.join(
    dayTradeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const only = statuses
    ? sql` AND status IN (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<{ id: string; day_trade_id: string }>(
    tx,
    sql`SELECT id::text, day_trade_id::text FROM positions WHERE day_trade_id IN (${ids})${only} ORDER BY id DESC`,
  );
  return rows.map((r) => ({ id: BigInt(r.id), dayTradeId: BigInt(r.day_trade_id) }));
}

/** The application a position draws on (undefined for an ordinary order). */
export async function dayTradeIdOfPosition(tx: Tx, positionId: bigint): Promise<bigint | undefined> {
  const [row] = await queryRows<{ day_trade_id: string | null }>(
    tx,
    sql`SELECT day_trade_id::text FROM positions WHERE id = ${positionId}`,
  );
  return row?.day_trade_id ? BigInt(row.day_trade_id) : undefined;
}

export interface Exposure {
  /** Notional (price × quantity; a pending order's limit) of the open and pending orders. */
  used: string;
  /** Money their pending holds keep (margins, a pending order's margin + fee). */
  held: string;
}

export async function exposureOf(tx: Tx, dayTradeIds: readonly bigint[]): Promise<Map<bigint, Exposure>> {
  if (dayTradeIds.length === 0) return new Map();
  const ids = sql.join(
    dayTradeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ day_trade_id: string; used: string; held: string }>(
    tx,
    sql`SELECT p.day_trade_id::text, sum(p.buy_price * p.stock_num)::text AS used,
               coalesce(sum(h.amount) FILTER (WHERE h.status = 'pending'), 0)::text AS held
        FROM positions p LEFT JOIN ledger_holds h ON h.id = p.hold_id
        WHERE p.day_trade_id IN (${ids}) AND p.status IN (0, 1, 3)
        GROUP BY p.day_trade_id`,
  );
  return new Map(rows.map((r) => [BigInt(r.day_trade_id), { used: r.used, held: r.held }]));
}

export interface DayResult {
  /** Σ realised P&L of the closed positions (before fees). */
  realised: string;
  /** Σ opening fees of the filled positions and closing fees of the closed ones. */
  fees: string;
  /** Σ negative-balance protection paid by the house. */
  protection: string;
}

export async function resultOf(tx: Tx, dayTradeIds: readonly bigint[]): Promise<Map<bigint, DayResult>> {
  if (dayTradeIds.length === 0) return new Map();
  const ids = sql.join(
    dayTradeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ day_trade_id: string; realised: string; fees: string; protection: string }>(
    tx,
    sql`SELECT day_trade_id::text,
               coalesce(sum(realised_pnl) FILTER (WHERE status = 2), 0)::text AS realised,
               coalesce(sum(fee + coalesce(close_fee, 0)) FILTER (WHERE status IN (0, 1, 2)), 0)::text AS fees,
               coalesce(sum(protection), 0)::text AS protection
        FROM positions WHERE day_trade_id IN (${ids}) GROUP BY day_trade_id`,
  );
  return new Map(
    rows.map((r) => [BigInt(r.day_trade_id), { realised: r.realised, fees: r.fees, protection: r.protection }]),
  );
}

/** Live applications whose trade date's session closed by `at`, claimed for this transaction. */
export async function claimDue(tx: Tx, at: Date, limit: number): Promise<DayTradeRow[]> {
  return tx
    .select()
    .from(dayTrades)
    .where(and(inArray(dayTrades.status, [...LIVE_STATUSES]), sql`${dayTrades.closesAt} <= ${at.toISOString()}`))
    .orderBy(dayTrades.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** in_trade → filled with the day's result computed from its positions. */
export async function markSettled(
  tx: Tx,
  id: bigint,
  result: { realised: string; fees: string; pnl: string; protection: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(dayTrades)
    .set({
      status: 'filled',
      holdId: null,
      realisedPnl: result.realised,
      fees: result.fees,
      pnl: result.pnl,
      protection: result.protection,
      settledAt: result.at,
    })
    .where(and(eq(dayTrades.id, id), eq(dayTrades.status, 'in_trade')))
    .returning({ id: dayTrades.id });
  return rows.length === 1;
}

/** submitted or applied → failed: the trade date passed without an order. */
export async function markExpired(tx: Tx, id: bigint): Promise<boolean> {
  const rows = await tx
    .update(dayTrades)
    .set({ status: 'failed', failedReason: 'expired', holdId: null })
    .where(and(eq(dayTrades.id, id), inArray(dayTrades.status, ['submitted', 'applied'])))
    .returning({ id: dayTrades.id });
  return rows.length === 1;
}

/** The available money of a ledger account (read under its lock by the caller). */
export async function availableOf(tx: Tx, accountId: bigint): Promise<string> {
  const [row] = await queryRows<{ available: string }>(
    tx,
    sql`SELECT available::text FROM ledger_accounts WHERE id = ${accountId}`,
  );
  return row?.available ?? '0';
}

/** The trading rules' raw texts, as the engine's placement statement checks them. */
export async function readRuleTexts(tx: Tx): Promise<RuleTexts> {
  const rows = await queryRows<{ name: keyof RuleTexts; value: string }>(
    tx,
    sql`SELECT name, value FROM site_config
        WHERE name IN ('trade_leverages', 'trade_fee_rate', 'trade_maintenance_ratio', 'risk_disclosure_version')`,
  );
  const texts: RuleTexts = {
    trade_leverages: null,
    trade_fee_rate: null,
    trade_maintenance_ratio: null,
    risk_disclosure_version: null,
  };
  for (const r of rows) texts[r.name] = r.value;
  return texts;
}

/** Ids of the applications in trade whose session has not closed yet (the stop's candidates). */
export async function inTradeIds(tx: Tx, at: Date): Promise<Array<{ id: bigint; market: DayTradeMarket }>> {
  return tx
    .select({ id: dayTrades.id, market: dayTrades.market })
    .from(dayTrades)
    .where(and(eq(dayTrades.status, 'in_trade'), sql`${dayTrades.closesAt} > ${at.toISOString()}`))
    .orderBy(dayTrades.id);
}

/** One application in trade, claimed for this transaction (undefined when another has it or it moved on). */
export async function claimInTrade(tx: Tx, id: bigint): Promise<DayTradeRow | undefined> {
  const [row] = await tx
    .select()
    .from(dayTrades)
    .where(and(eq(dayTrades.id, id), eq(dayTrades.status, 'in_trade')))
    .for('update', { skipLocked: true });
  return row;
}
