/**
 * When approving money in or out needs a second administrator (issue 33 point 1; docs/decisions/0026, amendment
 * 2026-12-01). Two limits, per currency, in the approval's own currency (no conversion):
 *
 * - the single amount: above `four_eyes_<kind>_<currency>` (site config, e.g. four_eyes_deposit_jpy = 1000000);
 * - the operator's day: their direct approvals of the same kind and currency today (the Japan-time calendar day of
 *   the app clock) plus this one above `four_eyes_daily_<kind>_<currency>`. Approvals that went through four-eyes
 *   (deposits.four_eyes_request_id / withdrawals.four_eyes_request_id set) do not count.
 *
 * Without a key the defaults below apply; a currency without either, or a value that is not a plain amount, needs
 * four-eyes on every approval. The day's total is read under a transaction-scoped advisory lock on the operator, so
 * two approvals by the same operator at once are serialised: the second reads the first's committed amount (writes
 * run READ COMMITTED) and cannot slip under the total with it.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { getConfigValue } from '../site-config/site-config-repository';

export type MoneyReview = 'deposit' | 'withdrawal';

/** The single-approval thresholds (the same for deposits and withdrawals unless configured). */
export const SINGLE_FOUR_EYES_DEFAULTS: Record<string, string> = { JPY: '1000000', USD: '10000', CNY: '50000' };
/** One operator's daily total of direct approvals, per kind: three times the single threshold. */
export const DAILY_FOUR_EYES_DEFAULTS: Record<string, string> = { JPY: '3000000', USD: '30000', CNY: '150000' };

/** First key of the per-operator advisory lock (the second is the hash of the operator's id). */
const OPERATOR_LOCK_CLASS = 0x46455945; // "FEYE"
const JST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

async function limitOf(tx: Tx, name: string, defaults: Record<string, string>, currency: string): Promise<Decimal> {
  const value = (await getConfigValue(tx, name)) ?? defaults[currency] ?? '0';
  return new Decimal(/^\d+(\.\d+)?$/.test(value.trim()) ? value.trim() : '0');
}

/** The Japan-time calendar day holding `now`, as [start, end) instants. */
export function tokyoDay(now: Date): { start: Date; end: Date } {
  const start = Math.floor((now.getTime() + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** Whether the amount alone is above the single threshold `four_eyes_<kind>_<currency>`. */
export async function aboveSingleThreshold(
  tx: Tx,
  kind: MoneyReview,
  currency: string,
  amount: Decimal.Value,
): Promise<boolean> {
  const limit = await limitOf(tx, `four_eyes_${kind}_${currency.toLowerCase()}`, SINGLE_FOUR_EYES_DEFAULTS, currency);
  return new Decimal(amount).gt(limit);
}

/** The operator's direct approvals of `kind` in `currency` within [start, end). */
async function directApprovalsTotal(
  tx: Tx,
  kind: MoneyReview,
  operatorId: bigint,
  currency: string,
  day: { start: Date; end: Date },
): Promise<Decimal> {
  const range = sql`reviewed_by = ${operatorId} AND status = 1 AND four_eyes_request_id IS NULL
    AND currency = ${currency} AND reviewed_at >= ${day.start.toISOString()}::timestamptz
    AND reviewed_at < ${day.end.toISOString()}::timestamptz`;
  const query =
    kind === 'deposit'
      ? sql`SELECT coalesce(sum(amount), 0)::text AS total FROM deposits WHERE ${range}`
      : sql`SELECT coalesce(sum(money), 0)::text AS total FROM withdrawals WHERE ${range}`;
  const [row] = await queryRows<{ total: string }>(tx, query);
  return new Decimal(row?.total ?? '0');
}

/**
 * Why approving `amount` directly needs a second administrator, or null when it may go through. Call it inside the
 * approval's transaction, before the approval is written: the daily total takes the operator's advisory lock, held
 * until that transaction ends.
 */
export async function directApprovalNeedsSecond(
  tx: Tx,
  approval: { kind: MoneyReview; operatorId: bigint; currency: string; amount: Decimal.Value; now: Date },
): Promise<'amount' | 'daily_total' | null> {
  const { kind, operatorId, currency } = approval;
  if (await aboveSingleThreshold(tx, kind, currency, approval.amount)) return 'amount';
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${OPERATOR_LOCK_CLASS}::int4, hashtext(${`four-eyes-day:${operatorId}`}))`,
  );
  const daily = await limitOf(
    tx,
    `four_eyes_daily_${kind}_${currency.toLowerCase()}`,
    DAILY_FOUR_EYES_DEFAULTS,
    currency,
  );
  const today = await directApprovalsTotal(tx, kind, operatorId, currency, tokyoDay(approval.now));
  return today.plus(approval.amount).gt(daily) ? 'daily_total' : null;
}

/**
 * Thrown inside an approval's transaction when it needs a second administrator (the transaction rolls back: nothing
 * moved); the API layer catches it and submits the four-eyes request instead.
 */
export class FourEyesRequired extends Error {
  constructor(
    readonly subjectUserId: bigint,
    readonly why: 'amount' | 'daily_total',
  ) {
    super(`four-eyes required (${why})`);
    this.name = 'FourEyesRequired';
  }
}
