/**
 * Rows of the `positions` table (orders and positions, 0006_trading.sql) and the trading rules in
 * site_config. Raw SQL through the caller's transaction; dates as text (no driver time-zone games).
 */
import { sql, type SQL } from 'drizzle-orm';
import { Decimal, type Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { positions } from '../../db/schema';
import { acknowledgedCondition } from '../risk-disclosure/risk-disclosure-repository';
import type { Direction } from './trade-math';

export const STATUS = { holding: 0, closing: 1, closed: 2, pending: 3, cancelled: 4 } as const;
export const STATE_OF = ['holding', 'closing', 'closed', 'pending', 'cancelled'] as const;

/**
 * A row of `positions`, typed by schema.ts. Raw SQL reads it through POSITION_COLUMNS (aliased to
 * the schema's property names) and `toPosition` (raw timestamps arrive as text).
 */
export type PositionRow = typeof positions.$inferSelect;

const TIMESTAMPS = [
  'createdAt',
  'openedAt',
  'closeRequestedAt',
  'closedAt',
  'cancelledAt',
  'closableFrom',
  'triggeredAt',
] as const;

/** A row read through POSITION_COLUMNS, its timestamps as Dates (the driver answers raw ones as text). */
export function toPosition<Row extends Partial<PositionRow>>(row: Row): Row {
  const out: Record<string, unknown> = { ...row };
  for (const key of TIMESTAMPS) {
    const value = out[key];
    if (value !== null && value !== undefined && !(value instanceof Date)) out[key] = new Date(value as string);
  }
  return out as Row;
}

export const POSITION_COLUMNS = sql.raw(
  'id, user_id AS "userId", order_no AS "orderNo", market, currency, code, name, direction, ' +
    'price_type AS "priceType", leverage, stock_num AS "stockNum", buy_price AS "buyPrice", ' +
    'limit_price AS "limitPrice", cost, margin, fee, fee_rate AS "feeRate", ' +
    'close_fee AS "closeFee", sell_price AS "sellPrice", realised_pnl AS "realisedPnl", protection, ' +
    'status, hold_id AS "holdId", closed_by AS "closedBy", created_at AS "createdAt", ' +
    'opened_at AS "openedAt", close_requested_at AS "closeRequestedAt", closed_at AS "closedAt", ' +
    'cancelled_at AS "cancelledAt", open_date::text AS "openDate", source, closable_from AS "closableFrom", ' +
    'day_trade_id AS "dayTradeId", order_type AS "orderType", trigger_price AS "triggerPrice", ' +
    'triggered_at AS "triggeredAt", filled_leg AS "filledLeg", valid_until::text AS "validUntil", ' +
    'take_profit AS "takeProfit", stop_loss AS "stopLoss", cancel_reason AS "cancelReason"',
);

export async function positionById(
  tx: Tx,
  id: bigint | number,
  options: { userId?: bigint; forUpdate?: boolean } = {},
): Promise<PositionRow | undefined> {
  const owner = options.userId === undefined ? sql`` : sql` AND user_id = ${options.userId}`;
  const lock = options.forUpdate ? sql` FOR UPDATE` : sql``;
  const [row] = await queryRows<PositionRow>(
    tx,
    sql`SELECT ${POSITION_COLUMNS} FROM positions WHERE id = ${id}${owner}${lock}`,
  );
  return row && toPosition(row);
}

/** Runs a conditional UPDATE … RETURNING of one position: undefined when its WHERE no longer holds. */
export async function updatePosition(tx: Tx, id: bigint, set: SQL, where: SQL): Promise<PositionRow | undefined> {
  const [row] = await queryRows<PositionRow>(
    tx,
    sql`UPDATE positions SET ${set} WHERE id = ${id} AND ${where} RETURNING ${POSITION_COLUMNS}`,
  );
  return row && toPosition(row);
}

/** Trading fees go to 16 house revenue shards (0006_trading.sql): one shared row would serialise every order. */
export const FEE_SHARDS = 16;
export const feeRevenueAccount = (userId: bigint) => `fee_revenue_${Number(userId % BigInt(FEE_SHARDS))}` as const;

export interface TradeRules {
  leverages: number[];
  feeRate: Decimal;
  maintenanceRatio: Decimal;
  riskVersion: number;
}

export const RULE_NAMES = [
  'trade_leverages',
  'trade_fee_rate',
  'trade_maintenance_ratio',
  'risk_disclosure_version',
] as const;

/** Parses the site_config rows of the trading rules; a missing or malformed row is a deployment error. */
export function parseRules(values: Partial<Record<(typeof RULE_NAMES)[number], string | null>>): TradeRules {
  const leverages = JSON.parse(values.trade_leverages ?? 'null') as unknown;
  if (!Array.isArray(leverages) || leverages.length === 0 || !leverages.every((l) => Number.isInteger(l) && l >= 1))
    throw new Error('site_config trade_leverages must be a JSON list of positive integers');
  const feeRate = new Decimal(values.trade_fee_rate ?? 'NaN');
  const maintenanceRatio = new Decimal(values.trade_maintenance_ratio ?? 'NaN');
  const riskVersion = Number(values.risk_disclosure_version);
  if (!feeRate.isFinite() || feeRate.isNegative() || feeRate.gte(1))
    throw new Error('site_config trade_fee_rate must be a fraction in [0, 1)');
  if (!maintenanceRatio.isFinite() || maintenanceRatio.isNegative() || maintenanceRatio.gt(1))
    throw new Error('site_config trade_maintenance_ratio must be in [0, 1]');
  if (!Number.isInteger(riskVersion) || riskVersion < 1)
    throw new Error('site_config risk_disclosure_version must be a positive integer');
  return { leverages: [...(leverages as number[])].sort((a, b) => a - b), feeRate, maintenanceRatio, riskVersion };
}

/** The hold buffer of a waiting market order where the market has no price limits (site_config, 0018). */
export async function readMarketOrderBuffer(tx: Tx): Promise<Decimal> {
  const [row] = await queryRows<{ value: string }>(
    tx,
    sql`SELECT value FROM site_config WHERE name = 'market_order_buffer'`,
  );
  const buffer = new Decimal(row?.value ?? '0.1');
  if (!buffer.isFinite() || buffer.isNegative()) throw new Error('site_config market_order_buffer must be ≥ 0');
  return buffer;
}

export async function readRules(tx: Tx): Promise<TradeRules> {
  const rows = await queryRows<{ name: string; value: string }>(
    tx,
    sql`SELECT name, value FROM site_config
        WHERE name IN ('trade_leverages', 'trade_fee_rate', 'trade_maintenance_ratio', 'risk_disclosure_version')`,
  );
  return parseRules(Object.fromEntries(rows.map((r) => [r.name, r.value])));
}

/** The raw site_config texts of the rules, as read: what a placement checks it was priced with. */
export interface RuleTexts {
  trade_leverages: string | null;
  trade_fee_rate: string | null;
  trade_maintenance_ratio: string | null;
  risk_disclosure_version: string | null;
}

/** What a placement books (all amounts already rounded to the currency's minor unit). */
export interface PlacementPlan {
  userId: bigint;
  currency: Currency;
  /**
   * False: only read the context (rules unknown or refused with the rules at hand). True: book
   * the order if, in the statement's own snapshot, the user may trade and the rules still read
   * `rules` (the texts the amounts were computed from).
   */
  go: boolean;
  rules: RuleTexts | undefined;
  /** A short or leverage > 1 needs the current risk disclosure acknowledged. */
  needsAck: boolean;
  orderNo: string;
  at: Date;
  hold: { amount: string; reason: 'order' | 'margin' };
  /** The opening fee booked now (market order), undefined for none (limit order, or zero). */
  fee: string | undefined;
  memo: string;
  position: {
    market: string;
    code: string;
    name: string;
    direction: Direction;
    priceType: 'limit' | 'market';
    leverage: number;
    quantity: string;
    buyPrice: string;
    limitPrice: string | null;
    margin: string;
    fee: string;
    feeRate: string;
    status: number;
    openDate: string | null;
    /** Issue 13 (0018_advanced_orders.sql); absent: a normal order without validity or exits. */
    orderType?: 'normal' | 'stop' | 'oco';
    triggerPrice?: string | null;
    validUntil?: string | null;
    takeProfit?: string | null;
    stopLoss?: string | null;
  };
}

/** The answer of the placement statement: the context it read and, when it booked, the order row. */
export interface PlacementRow extends Partial<PositionRow>, RuleTexts {
  ctx_banned: boolean;
  ctx_frozen: boolean;
  ctx_trade_disabled: boolean;
  /** The operator's reason given with the last flag change (0023), shown with trading_disabled. */
  ctx_restriction_reason: string | null;
  ctx_realname_status: string;
  ctx_account_id: bigint | null;
  ctx_revenue_id: bigint;
  ctx_acked: boolean;
  /** The owner's e-mail (a market order's fill notice is mailed there). */
  ctx_email: string | null;
}

/**
 * Order placement as ONE data-modifying statement (docs/decisions/0009, "Performance"): it reads
 * the user's flags, the rules and the risk acknowledgement, and only when every check passes in
 * that same snapshot inserts the hold (its trigger locks the user's account row and the CHECK
 * refuses an overdraft), the order row, and for a market order the fee journal transaction and its
 * two entries (in account-id order, as postTransaction books them). The hold is inserted before any
 * entry (the order row and the entries read its id), so the after-row triggers lock the user's row
 * first and the house shard last, as postTransaction does; run outside a transaction block, the
 * shard stays locked only until the statement's own commit. Answers exactly one row when the user
 * exists (no row: no such user).
 */
export function placementStatement(plan: PlacementPlan): SQL {
  const p = plan.position;
  const at = plan.at.toISOString();
  const rules = plan.rules;
  return sql`
    WITH c AS (SELECT
          max(value) FILTER (WHERE name = 'trade_leverages') AS trade_leverages,
          max(value) FILTER (WHERE name = 'trade_fee_rate') AS trade_fee_rate,
          max(value) FILTER (WHERE name = 'trade_maintenance_ratio') AS trade_maintenance_ratio,
          max(value) FILTER (WHERE name = 'risk_disclosure_version') AS risk_disclosure_version
        FROM site_config
        WHERE name IN ('trade_leverages', 'trade_fee_rate', 'trade_maintenance_ratio', 'risk_disclosure_version')),
    ctx AS (
      SELECT u.banned AS ctx_banned, u.frozen AS ctx_frozen, u.trade_disabled AS ctx_trade_disabled,
             u.restriction_reason AS ctx_restriction_reason,
             u.realname_status AS ctx_realname_status,
             (SELECT a.id FROM ledger_accounts a
              WHERE a.user_id = u.id AND a.currency = ${plan.currency}) AS ctx_account_id,
             (SELECT h.id FROM ledger_accounts h
              WHERE h.user_id IS NULL AND h.house_name = 'fee_revenue_' || (u.id % ${FEE_SHARDS})
                AND h.currency = ${plan.currency}) AS ctx_revenue_id,
             ${acknowledgedCondition(sql`u.id`, 'leverage', sql`c.risk_disclosure_version`)} AS ctx_acked,
             u.email AS ctx_email,
             c.*
      FROM users u, c WHERE u.id = ${plan.userId}),
    ok AS (
      SELECT ctx_account_id AS account_id, ctx_revenue_id AS revenue_id FROM ctx
      WHERE ${plan.go}::boolean
        AND NOT ctx_banned AND NOT ctx_frozen AND NOT ctx_trade_disabled AND ctx_realname_status = 'verified'
        AND ctx_account_id IS NOT NULL AND ctx_revenue_id IS NOT NULL
        AND (NOT ${plan.needsAck}::boolean OR ctx_acked)
        AND trade_leverages IS NOT DISTINCT FROM ${rules?.trade_leverages ?? null}::text
        AND trade_fee_rate IS NOT DISTINCT FROM ${rules?.trade_fee_rate ?? null}::text
        AND trade_maintenance_ratio IS NOT DISTINCT FROM ${rules?.trade_maintenance_ratio ?? null}::text
        AND risk_disclosure_version IS NOT DISTINCT FROM ${rules?.risk_disclosure_version ?? null}::text),
    hold AS (
      INSERT INTO ledger_holds (account_id, amount, reason, reference, created_at)
      SELECT account_id, ${plan.hold.amount}::numeric, ${plan.hold.reason}, ${plan.orderNo}, ${at}::timestamptz FROM ok
      RETURNING id),
    pos AS (
      INSERT INTO positions (user_id, order_no, market, currency, code, name, direction, price_type, leverage,
                             stock_num, buy_price, limit_price,
                             cost, margin, fee, fee_rate, status, hold_id, created_at, opened_at, open_date,
                             order_type, trigger_price, valid_until, take_profit, stop_loss)
      SELECT ${plan.userId}, ${plan.orderNo}, ${p.market}, ${plan.currency}, ${p.code}, ${p.name}, ${p.direction},
             ${p.priceType}, ${p.leverage},
             ${p.quantity}::numeric, ${p.buyPrice}::numeric, ${p.limitPrice}::numeric, ${p.margin}::numeric,
             ${p.margin}::numeric, ${p.fee}::numeric,
             ${p.feeRate}::numeric, ${p.status}::smallint, hold.id, ${at}::timestamptz,
             ${p.openDate === null ? null : at}::timestamptz, ${p.openDate}::date,
             ${p.orderType ?? 'normal'}, ${p.triggerPrice ?? null}::numeric, ${p.validUntil ?? null}::date,
             ${p.takeProfit ?? null}::numeric, ${p.stopLoss ?? null}::numeric
      FROM hold
      RETURNING ${POSITION_COLUMNS}),
    jt AS (
      INSERT INTO journal_transactions (kind, reference, memo, created_at)
      SELECT 'fee', ${plan.orderNo}, ${plan.memo}, ${at}::timestamptz FROM hold
      WHERE ${plan.fee ?? null}::numeric IS NOT NULL
      RETURNING id),
    je AS (
      INSERT INTO journal_entries (transaction_id, account_id, currency, amount, created_at)
      SELECT jt.id, e.account_id, ${plan.currency}, e.amount, ${at}::timestamptz
      FROM jt, ok,
           LATERAL (VALUES (ok.account_id, -(${plan.fee ?? null}::numeric)),
                           (ok.revenue_id, ${plan.fee ?? null}::numeric))
             AS e (account_id, amount)
      ORDER BY e.account_id
      RETURNING id)
    SELECT ctx.*, pos.*, (SELECT count(*) FROM je)::int AS entries FROM ctx LEFT JOIN pos ON true`;
}
