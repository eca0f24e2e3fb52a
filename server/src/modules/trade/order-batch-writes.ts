/**
 * The statements of a batch of fills (order-batch.ts): each writes every row of its kind of the batch at once, the
 * same rows the per-order path (order-triggers.ts fillPending) writes one order at a time: the order holds voided,
 * the unfunded orders cancelled, the stop-limits marked triggered, the margin holds placed, the opening fees
 * journaled and the positions filled. Every statement is conditional as the per-order ones are (`status = 'pending'`,
 * `status = 3`): a count short of the batch means a row changed under its lock, and the batch throws (rolled back
 * whole). The ledger's own triggers move the balances and check them (an overdraft still fails the CHECK).
 */
import { sql } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { STATUS } from './trade-repository';

/** Rows to a jsonb_to_recordset parameter (bigints and decimals as text), each with its place in the batch (`seq`). */
const rowsJson = (rows: readonly object[]) =>
  JSON.stringify(
    rows.map((row, seq) => ({ ...row, seq })),
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );

const idArray = (ids: readonly bigint[]) => `{${ids.join(',')}}`;

function expectCount(what: string, got: number, wanted: number): void {
  if (got !== wanted) throw new Error(`fill batch: ${what} changed ${got} of ${wanted} rows under their locks`);
}

/** The batch's users' ledger accounts, locked in id order (as lockUserAccounts does for one user). */
export function lockAccountsOf(tx: Tx, userIds: readonly bigint[]) {
  return queryRows<{ id: string; user_id: string; currency: Currency; available: string }>(
    tx,
    sql`SELECT id::text AS id, user_id::text AS user_id, currency, available::text AS available
        FROM ledger_accounts WHERE user_id = ANY(${idArray(userIds)}::bigint[]) ORDER BY id FOR UPDATE`,
  );
}

/** The house fee-revenue shards by `name/currency`. */
export async function feeShards(tx: Tx): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ id: string; house_name: string; currency: string }>(
    tx,
    sql`SELECT id::text AS id, house_name, currency FROM ledger_accounts
        WHERE user_id IS NULL AND starts_with(house_name, 'fee_revenue_')`,
  );
  return new Map(rows.map((row) => [`${row.house_name}/${row.currency}`, BigInt(row.id)]));
}

/** Releases the order holds (pending → voided); every one must still be pending. */
export async function voidHolds(tx: Tx, holdIds: readonly bigint[], at: Date): Promise<void> {
  if (holdIds.length === 0) return;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE ledger_holds SET status = 'voided', resolved_at = ${at.toISOString()}::timestamptz
        WHERE id = ANY(${idArray(holdIds)}::bigint[]) AND status = 'pending' RETURNING id`,
  );
  expectCount('order holds', rows.length, holdIds.length);
}

/** Pending → cancelled (unfunded at its fill), as cancelOrderFor. */
export async function cancelUnfunded(tx: Tx, ids: readonly bigint[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE positions
        SET status = ${STATUS.cancelled}, cancelled_at = ${at.toISOString()}, cancel_reason = 'unfunded'
        WHERE id = ANY(${idArray(ids)}::bigint[]) AND status = ${STATUS.pending} RETURNING id`,
  );
  expectCount('unfunded orders', rows.length, ids.length);
}

/** Stop-limit orders whose trigger was reached and whose limit is not crossed: triggered once, as markTriggered. */
export async function markAllTriggered(tx: Tx, ids: readonly bigint[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE positions SET triggered_at = ${at.toISOString()}
        WHERE id = ANY(${idArray(ids)}::bigint[]) AND status = ${STATUS.pending} AND order_type = 'stop'
          AND triggered_at IS NULL RETURNING id`,
  );
  expectCount('triggered stop-limits', rows.length, ids.length);
}

export interface MarginHold {
  accountId: bigint;
  amount: string;
  orderNo: string;
}

/** Places the margin holds (in the order given); answers each hold's id by order number. */
export async function placeMarginHolds(tx: Tx, holds: readonly MarginHold[], at: Date): Promise<Map<string, bigint>> {
  if (holds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; reference: string }>(
    tx,
    sql`INSERT INTO ledger_holds (account_id, amount, reason, reference, created_at)
        SELECT h."accountId", h.amount, 'margin', h."orderNo", ${at.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${rowsJson(holds)}::jsonb)
          AS h (seq int, "accountId" bigint, amount numeric, "orderNo" text)
        ORDER BY h.seq
        RETURNING id::text AS id, reference`,
  );
  expectCount('margin holds', rows.length, holds.length);
  return new Map(rows.map((row) => [row.reference, BigInt(row.id)]));
}

export interface FeePosting {
  orderNo: string;
  memo: string;
  currency: Currency;
  accountId: bigint;
  houseId: bigint;
  /** The fee, positive: debited from the user's account, credited to the house shard. */
  fee: string;
}

/** One `fee` journal transaction per fill (two entries: the user's account → the house shard), as bookOpenFee. */
export async function journalFees(tx: Tx, fees: readonly FeePosting[], at: Date): Promise<void> {
  if (fees.length === 0) return;
  const stamp = at.toISOString();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`WITH f AS (
          SELECT * FROM jsonb_to_recordset(${rowsJson(fees)}::jsonb)
            AS f (seq int, "orderNo" text, memo text, currency text, "accountId" bigint, "houseId" bigint,
                  fee numeric)),
        j AS (
          INSERT INTO journal_transactions (kind, reference, memo, created_at)
          SELECT 'fee', f."orderNo", f.memo, ${stamp}::timestamptz FROM f ORDER BY f.seq
          RETURNING id, reference)
        INSERT INTO journal_entries (transaction_id, account_id, currency, amount, created_at)
        SELECT j.id, e.account_id, f.currency, e.amount, ${stamp}::timestamptz
        FROM j JOIN f ON f."orderNo" = j.reference
        CROSS JOIN LATERAL (VALUES (f."accountId", -f.fee), (f."houseId", f.fee)) AS e (account_id, amount)
        -- in account order, as postTransaction (the house shards' rows are locked in one global order)
        ORDER BY e.account_id, f.seq
        RETURNING id`,
  );
  expectCount('fee entries', rows.length, fees.length * 2);
}

export interface PositionFill {
  id: bigint;
  holdId: bigint;
  price: string;
  margin: string;
  fee: string;
  openDate: string;
  leg: 'limit' | 'stop' | null;
  /** Filled by its trigger: triggered_at is set now unless already set (fillPendingAt). */
  triggered: boolean;
}

/** Pending → holding at the fill, as fillPendingAt for each row. */
export async function fillPositions(tx: Tx, fills: readonly PositionFill[], at: Date): Promise<void> {
  if (fills.length === 0) return;
  const stamp = at.toISOString();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE positions p
        SET status = ${STATUS.holding}, hold_id = v."holdId", buy_price = v.price, margin = v.margin, cost = v.margin,
            fee = v.fee, opened_at = ${stamp}::timestamptz, open_date = v."openDate", filled_leg = v.leg,
            triggered_at = CASE WHEN v.triggered THEN coalesce(p.triggered_at, ${stamp}::timestamptz)
                                ELSE p.triggered_at END
        FROM jsonb_to_recordset(${rowsJson(fills)}::jsonb)
          AS v (id bigint, "holdId" bigint, price numeric, margin numeric, fee numeric, "openDate" date, leg text,
                triggered boolean)
        WHERE p.id = v.id AND p.status = ${STATUS.pending}
        RETURNING p.id`,
  );
  expectCount('filled orders', rows.length, fills.length);
}
