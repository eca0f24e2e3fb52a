/**
 * Writes of block listings and declared dividends (0011_block_trades.sql), and the dividend
 * payment's reads: which approved applications of dividend blocks are due, and the claim that pays
 * each exactly once (`UPDATE … WHERE dividend_paid_at IS NULL`).
 */
import { sql } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { blockListings } from '../../db/schema';
import { getConfigValue } from '../site-config/site-config-repository';

export type NewListing = Omit<
  typeof blockListings.$inferInsert,
  'id' | 'lotsTaken' | 'closedState' | 'closedAt' | 'seedKey'
> & { seedKey?: string | null; lockupDays: number };

/**
 * The lock-up a listing created now states (site config block_lockup_days, 0033_block_lockup.sql): calendar days
 * after approval during which its holding cannot be sold. Kept on the listing, so a later change of the setting
 * never alters the terms of a listing already published.
 */
export async function currentLockupDays(tx: Tx): Promise<number> {
  const value = Number((await getConfigValue(tx, 'block_lockup_days')) ?? 'NaN');
  if (!Number.isInteger(value) || value < 0 || value > 3650)
    throw new Error('site_config block_lockup_days must be a whole number of days in [0, 3650]');
  return value;
}

/** Inserts a listing (a seeded one at most once per seed key); answers its id, undefined for a known seed. */
export async function insertListing(tx: Tx, l: NewListing): Promise<bigint | undefined> {
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`INSERT INTO block_listings (seed_key, market, currency, code, variant, block_price, lot_size, min_lots,
                                    total_lots, deadline, channel_password_hash, dividend_id, leverage,
                                    financing_rate, financing_days, lockup_days, created_by, created_at)
        VALUES (${l.seedKey ?? null}, ${l.market}, ${l.currency}, ${l.code}, ${l.variant ?? 'standard'},
                ${l.blockPrice}::numeric, ${l.lotSize ?? 1}, ${l.minLots}, ${l.totalLots},
                ${l.deadline.toISOString()}::timestamptz, ${l.channelPasswordHash}, ${l.dividendId ?? null},
                ${l.leverage ?? 1}, ${l.financingRate ?? null}::numeric, ${l.financingDays ?? null}, ${l.lockupDays},
                ${l.createdBy ?? null}, ${(l.createdAt ?? new Date()).toISOString()}::timestamptz)
        ON CONFLICT (seed_key) DO NOTHING
        RETURNING id`,
  );
  return row && BigInt(row.id);
}

/** The seed keys already inserted (of those asked). */
export async function knownSeedKeys(tx: Tx, keys: readonly string[]): Promise<Set<string>> {
  const rows = await queryRows<{ seed_key: string }>(
    tx,
    sql`SELECT seed_key FROM block_listings WHERE seed_key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.seed_key));
}

/** Records a declared dividend (once per stock and record date); answers its id. */
export async function upsertDeclaredDividend(
  tx: Tx,
  d: { market: string; code: string; recordDate: string; dividendPerShare: string; source: string },
): Promise<bigint> {
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`INSERT INTO declared_dividends (market, code, record_date, dividend_per_share, source)
        VALUES (${d.market}, ${d.code}, ${d.recordDate}::date, ${d.dividendPerShare}::numeric, ${d.source})
        ON CONFLICT (market, code, record_date) DO UPDATE SET source = declared_dividends.source
        RETURNING id`,
  );
  return BigInt(row!.id);
}

/** The stock's next declared dividend whose record date is after `after` (UTC date), if any. */
export async function declaredDividendAfter(
  tx: Tx,
  market: string,
  code: string,
  after: Date,
): Promise<{ id: bigint; recordDate: string } | undefined> {
  const [row] = await queryRows<{ id: bigint; record_date: string }>(
    tx,
    sql`SELECT id, record_date::text FROM declared_dividends
        WHERE market = ${market} AND code = ${code} AND record_date > ${after.toISOString()}::timestamptz::date
        ORDER BY record_date LIMIT 1`,
  );
  return row && { id: BigInt(row.id), recordDate: row.record_date };
}

export interface DividendDue {
  id: bigint;
  userId: bigint;
  orderNo: string;
  market: 'jpy' | 'usd' | 'cny';
  code: string;
  currency: Currency;
  shares: string;
  recordDate: string;
  dividendPerShare: string;
  positionId: bigint;
}

/** Approved applications of dividend blocks not yet paid whose record date is on or before `date`. */
export async function dividendsDue(tx: Tx, date: string): Promise<DividendDue[]> {
  const rows = await queryRows<DividendDue>(
    tx,
    sql`SELECT a.id, a.user_id AS "userId", a.order_no AS "orderNo", l.market, l.code, a.currency, a.shares,
               d.record_date::text AS "recordDate", d.dividend_per_share AS "dividendPerShare",
               a.position_id AS "positionId"
        FROM block_applications a JOIN block_listings l ON l.id = a.listing_id
        JOIN declared_dividends d ON d.id = l.dividend_id
        WHERE a.status = 1 AND a.dividend_paid_at IS NULL AND d.record_date <= ${date}::date
        ORDER BY a.id`,
  );
  return rows.map((r) => ({ ...r, id: BigInt(r.id), userId: BigInt(r.userId), positionId: BigInt(r.positionId) }));
}

/** Whether the holding was open at the end of the record date (opened before, not closed before). */
export async function heldAt(tx: Tx, positionId: bigint, at: Date): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`SELECT id FROM positions WHERE id = ${positionId} AND opened_at < ${at.toISOString()}::timestamptz
          AND (closed_at IS NULL OR closed_at >= ${at.toISOString()}::timestamptz)`,
  );
  return rows.length === 1;
}

/** Claims the payment of one application's dividend (exactly once); false when already paid. */
export async function claimDividend(tx: Tx, id: bigint, amount: string, at: Date): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE block_applications
        SET dividend_paid = ${amount}::numeric, dividend_paid_at = ${at.toISOString()}::timestamptz
        WHERE id = ${id} AND dividend_paid_at IS NULL RETURNING id`,
  );
  return rows.length === 1;
}
