/**
 * Rows of the `positions` table (orders and positions, 0006_trading.sql) and the trading rules in
 * site_config. Raw SQL through the caller's transaction; dates as text (no driver time-zone games).
 */
import { sql, type SQL } from 'drizzle-orm';
import { Decimal, type Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { Direction } from './trade-math';

export const STATUS = { holding: 0, closing: 1, closed: 2, pending: 3, cancelled: 4 } as const;
export const STATE_OF = ['holding', 'closing', 'closed', 'pending', 'cancelled'] as const;

export interface PositionRow {
  id: bigint;
  user_id: bigint;
  order_no: string;
  market: 'jpy' | 'usd' | 'cny';
  currency: Currency;
  code: string;
  name: string;
  direction: Direction;
  price_type: 'limit' | 'market';
  leverage: number;
  stock_num: string;
  buy_price: string;
  limit_price: string | null;
  cost: string;
  margin: string;
  fee: string;
  fee_rate: string;
  close_fee: string | null;
  sell_price: string | null;
  realised_pnl: string | null;
  protection: string | null;
  status: number;
  hold_id: bigint | null;
  closed_by: 'user' | 'margin_call' | null;
  created_at: Date;
  opened_at: Date | null;
  close_requested_at: Date | null;
  closed_at: Date | null;
  cancelled_at: Date | null;
  open_date: string | null;
}

export const POSITION_COLUMNS = sql.raw(
  'id, user_id, order_no, market, currency, code, name, direction, price_type, leverage, stock_num, buy_price, limit_price, cost, margin, fee, fee_rate, ' +
    'close_fee, sell_price, realised_pnl, protection, status, hold_id, closed_by, created_at, opened_at, close_requested_at, closed_at, cancelled_at, open_date::text AS open_date',
);

export async function positionById(tx: Tx, id: bigint | number, options: { userId?: bigint; forUpdate?: boolean } = {}): Promise<PositionRow | undefined> {
  const owner = options.userId === undefined ? sql`` : sql` AND user_id = ${options.userId}`;
  const lock = options.forUpdate ? sql` FOR UPDATE` : sql``;
  const [row] = await queryRows<PositionRow>(tx, sql`SELECT ${POSITION_COLUMNS} FROM positions WHERE id = ${id}${owner}${lock}`);
  return row;
}

/** Runs a conditional UPDATE … RETURNING of one position: undefined when its WHERE no longer holds. */
export async function updatePosition(tx: Tx, id: bigint, set: SQL, where: SQL): Promise<PositionRow | undefined> {
  const [row] = await queryRows<PositionRow>(tx, sql`UPDATE positions SET ${set} WHERE id = ${id} AND ${where} RETURNING ${POSITION_COLUMNS}`);
  return row;
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

export const RULE_NAMES = ['trade_leverages', 'trade_fee_rate', 'trade_maintenance_ratio', 'risk_disclosure_version'] as const;

/** Parses the site_config rows of the trading rules; a missing or malformed row is a deployment error. */
export function parseRules(values: Partial<Record<(typeof RULE_NAMES)[number], string | null>>): TradeRules {
  const leverages = JSON.parse(values.trade_leverages ?? 'null') as unknown;
  if (!Array.isArray(leverages) || leverages.length === 0 || !leverages.every((l) => Number.isInteger(l) && l >= 1)) throw new Error('site_config trade_leverages must be a JSON list of positive integers');
  const feeRate = new Decimal(values.trade_fee_rate ?? 'NaN');
  const maintenanceRatio = new Decimal(values.trade_maintenance_ratio ?? 'NaN');
  const riskVersion = Number(values.risk_disclosure_version);
  if (!feeRate.isFinite() || feeRate.isNegative() || feeRate.gte(1)) throw new Error('site_config trade_fee_rate must be a fraction in [0, 1)');
  if (!maintenanceRatio.isFinite() || maintenanceRatio.isNegative() || maintenanceRatio.gt(1)) throw new Error('site_config trade_maintenance_ratio must be in [0, 1]');
  if (!Number.isInteger(riskVersion) || riskVersion < 1) throw new Error('site_config risk_disclosure_version must be a positive integer');
  return { leverages: [...(leverages as number[])].sort((a, b) => a - b), feeRate, maintenanceRatio, riskVersion };
}

export async function readRules(tx: Tx): Promise<TradeRules> {
  const rows = await queryRows<{ name: string; value: string }>(tx, sql`SELECT name, value FROM site_config WHERE name IN ('trade_leverages', 'trade_fee_rate', 'trade_maintenance_ratio', 'risk_disclosure_version')`);
  return parseRules(Object.fromEntries(rows.map((r) => [r.name, r.value])));
}

/** The rules, the user's flags, the ledger account of the currency and the risk acknowledgement, in one round trip (order placement). */
export interface OrderContext {
  banned: boolean;
  frozen: boolean;
  trade_disabled: boolean;
  realname_status: string;
  account_id: bigint | null;
  /** The user's fee-revenue shard in the currency (the opening fee's counterparty). */
  revenue_id: bigint;
  acked: boolean;
  rules: TradeRules;
}

export async function readOrderContext(tx: Tx, userId: bigint, currency: Currency): Promise<OrderContext | undefined> {
  const [row] = await queryRows<{
    banned: boolean; frozen: boolean; trade_disabled: boolean; realname_status: string; account_id: bigint | null; revenue_id: bigint; acked: boolean;
    trade_leverages: string | null; trade_fee_rate: string | null; trade_maintenance_ratio: string | null; risk_disclosure_version: string | null;
  }>(
    tx,
    sql`WITH c AS (SELECT
          max(value) FILTER (WHERE name = 'trade_leverages') AS trade_leverages,
          max(value) FILTER (WHERE name = 'trade_fee_rate') AS trade_fee_rate,
          max(value) FILTER (WHERE name = 'trade_maintenance_ratio') AS trade_maintenance_ratio,
          max(value) FILTER (WHERE name = 'risk_disclosure_version') AS risk_disclosure_version
        FROM site_config WHERE name IN ('trade_leverages', 'trade_fee_rate', 'trade_maintenance_ratio', 'risk_disclosure_version'))
        SELECT u.banned, u.frozen, u.trade_disabled, u.realname_status,
               (SELECT a.id FROM ledger_accounts a WHERE a.user_id = u.id AND a.currency = ${currency}) AS account_id,
               (SELECT h.id FROM ledger_accounts h WHERE h.user_id IS NULL AND h.house_name = 'fee_revenue_' || (u.id % ${FEE_SHARDS}) AND h.currency = ${currency}) AS revenue_id,
               EXISTS (SELECT 1 FROM risk_acknowledgements r WHERE r.user_id = u.id AND r.version::text = c.risk_disclosure_version) AS acked,
               c.*
        FROM users u, c WHERE u.id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    banned: row.banned,
    frozen: row.frozen,
    trade_disabled: row.trade_disabled,
    realname_status: row.realname_status,
    account_id: row.account_id === null ? null : BigInt(row.account_id),
    revenue_id: BigInt(row.revenue_id),
    acked: row.acked,
    rules: parseRules(row),
  };
}
