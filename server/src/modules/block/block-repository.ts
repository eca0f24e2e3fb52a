/**
 * Data access for block trades (0011_block_trades.sql): listings with their declared dividend,
 * applications, wrong channel passwords. State changes are conditional UPDATE … WHERE … RETURNING,
 * so of two concurrent calls exactly one wins (lots are never taken beyond the total; an application
 * is reviewed once). Raw SQL answers timestamps as text: the row mappers turn them into Dates.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { blockApplications, blockListings } from '../../db/schema';

type ListingTable = typeof blockListings.$inferSelect;
type ApplicationTable = typeof blockApplications.$inferSelect;

export type ListingRow = Omit<ListingTable, 'channelPasswordHash' | 'createdBy' | 'seedKey'> & {
  recordDate: string | null;
  dividendPerShare: string | null;
};
export type ApplicationRow = ApplicationTable & {
  market: ListingRow['market'];
  code: string;
  variant: ListingRow['variant'];
  lotSize: number;
  lockupDays: number;
  recordDate: string | null;
  dividendPerShare: string | null;
};

const LISTING_COLUMNS = sql.raw(
  'l.id, l.market, l.currency, l.code, l.variant, l.block_price AS "blockPrice", l.lot_size AS "lotSize", ' +
    'l.min_lots AS "minLots", l.total_lots AS "totalLots", l.lots_taken AS "lotsTaken", l.deadline, ' +
    'l.dividend_id AS "dividendId", l.leverage, l.financing_rate AS "financingRate", ' +
    'l.financing_days AS "financingDays", l.lockup_days AS "lockupDays", ' +
    'l.closed_state AS "closedState", l.closed_at AS "closedAt", ' +
    'l.created_at AS "createdAt", d.record_date::text AS "recordDate", d.dividend_per_share AS "dividendPerShare"',
);
const LISTING_FROM = sql.raw('block_listings l LEFT JOIN declared_dividends d ON d.id = l.dividend_id');

const APPLICATION_COLUMNS = sql.raw(
  'a.id, a.listing_id AS "listingId", a.user_id AS "userId", a.order_no AS "orderNo", a.currency, a.lots, ' +
    'a.shares, a.block_price AS "blockPrice", a.amount, a.held, a.leverage, a.financed_amount AS "financedAmount", ' +
    'a.financing_fee AS "financingFee", a.status, a.hold_id AS "holdId", a.position_id AS "positionId", ' +
    'a.reject_reason AS "rejectReason", a.reviewed_by AS "reviewedBy", a.reviewed_at AS "reviewedAt", ' +
    'a.dividend_paid AS "dividendPaid", a.dividend_paid_at AS "dividendPaidAt", a.created_at AS "createdAt", ' +
    'l.market, l.code, l.variant, l.lot_size AS "lotSize", l.lockup_days AS "lockupDays", ' +
    'd.record_date::text AS "recordDate", ' +
    'd.dividend_per_share AS "dividendPerShare"',
);
const APPLICATION_FROM = sql.raw(
  'block_applications a JOIN block_listings l ON l.id = a.listing_id ' +
    'LEFT JOIN declared_dividends d ON d.id = l.dividend_id',
);

const dates = <R extends Record<string, unknown>>(row: R, keys: readonly string[]): R => {
  const out: Record<string, unknown> = { ...row };
  for (const key of keys) if (out[key] !== null && out[key] !== undefined) out[key] = new Date(out[key] as string);
  for (const key of ['id', 'listingId', 'userId', 'holdId', 'positionId', 'reviewedBy', 'dividendId'])
    if (out[key] !== null && out[key] !== undefined) out[key] = BigInt(out[key] as string);
  return out as R;
};
const toListing = (row: ListingRow) => dates(row, ['deadline', 'closedAt', 'createdAt']);
const toApplication = (row: ApplicationRow) => dates(row, ['reviewedAt', 'dividendPaidAt', 'createdAt']);

/** Open: not closed or withdrawn, before the deadline, lots left. */
const openAt = (now: Date) =>
  sql`(l.closed_state IS NULL AND l.deadline > ${now.toISOString()}::timestamptz AND l.lots_taken < l.total_lots)`;

export async function listingById(tx: Tx, id: bigint | number): Promise<ListingRow | undefined> {
  const [row] = await queryRows<ListingRow>(tx, sql`SELECT ${LISTING_COLUMNS} FROM ${LISTING_FROM} WHERE l.id = ${id}`);
  return row && toListing(row);
}

export async function channelPasswordHash(tx: Tx, id: bigint | number): Promise<string | undefined> {
  const [row] = await queryRows<{ hash: string }>(
    tx,
    sql`SELECT channel_password_hash AS hash FROM block_listings WHERE id = ${id}`,
  );
  return row?.hash;
}

/** One page of listings: open ones first (nearest deadline first), then the others (latest deadline first). */
export async function listListings(
  tx: Tx,
  filter: { market?: string; variant?: string; state: 'open' | 'closed' | 'all'; now: Date },
  page: { size: number; offset: number },
): Promise<{ rows: ListingRow[]; total: number }> {
  const open = openAt(filter.now);
  const conditions: SQL[] = [sql`true`];
  if (filter.market) conditions.push(sql`l.market = ${filter.market}`);
  if (filter.variant) conditions.push(sql`l.variant = ${filter.variant}`);
  if (filter.state === 'open') conditions.push(open);
  if (filter.state === 'closed') conditions.push(sql`NOT ${open}`);
  const where = sql.join(conditions, sql` AND `);
  const rows = await queryRows<ListingRow>(
    tx,
    sql`SELECT ${LISTING_COLUMNS} FROM ${LISTING_FROM} WHERE ${where}
        ORDER BY (CASE WHEN ${open} THEN 0 ELSE 1 END),
                 (CASE WHEN ${open} THEN l.deadline END) ASC, l.deadline DESC, l.id DESC
        LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM ${LISTING_FROM} WHERE ${where}`,
  );
  return { rows: rows.map(toListing), total: count?.n ?? 0 };
}

/** Takes lots of an open listing; false when it is closed, past its deadline or short of lots. */
export async function takeLots(tx: Tx, id: bigint, lots: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE block_listings SET lots_taken = lots_taken + ${lots}
        WHERE id = ${id} AND closed_state IS NULL AND deadline > ${now.toISOString()}::timestamptz
          AND lots_taken + ${lots} <= total_lots
        RETURNING id`,
  );
  return rows.length === 1;
}

/** Gives a rejected application's lots back to its listing. */
export async function giveBackLots(tx: Tx, id: bigint, lots: number): Promise<void> {
  await tx.execute(sql`UPDATE block_listings SET lots_taken = lots_taken - ${lots} WHERE id = ${id}`);
}

/** Closes (or withdraws) an open listing; false when it was already closed or withdrawn. */
export async function closeListing(
  tx: Tx,
  id: bigint,
  state: 'closed' | 'withdrawn',
  at: Date,
): Promise<ListingRow | undefined> {
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE block_listings SET closed_state = ${state}, closed_at = ${at.toISOString()}::timestamptz
        WHERE id = ${id} AND closed_state IS NULL RETURNING id`,
  );
  return row ? listingById(tx, id) : undefined;
}

export async function hasPendingApplication(tx: Tx, listingId: bigint, userId: bigint): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`SELECT id FROM block_applications WHERE listing_id = ${listingId} AND user_id = ${userId} AND status = 0`,
  );
  return rows.length > 0;
}

export type NewApplication = Pick<
  ApplicationTable,
  | 'listingId'
  | 'userId'
  | 'orderNo'
  | 'currency'
  | 'lots'
  | 'shares'
  | 'blockPrice'
  | 'amount'
  | 'held'
  | 'leverage'
  | 'financedAmount'
  | 'financingFee'
  | 'holdId'
  | 'createdAt'
>;

/** Inserts a pending application; the partial unique index block_applications_one_pending refuses a second. */
export async function insertApplication(tx: Tx, a: NewApplication): Promise<bigint> {
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`INSERT INTO block_applications (listing_id, user_id, order_no, currency, lots, shares, block_price, amount,
                                        held, leverage, financed_amount, financing_fee, hold_id, created_at)
        VALUES (${a.listingId}, ${a.userId}, ${a.orderNo}, ${a.currency}, ${a.lots}, ${a.shares}::numeric,
                ${a.blockPrice}::numeric, ${a.amount}::numeric, ${a.held}::numeric, ${a.leverage},
                ${a.financedAmount}::numeric, ${a.financingFee}::numeric, ${a.holdId},
                ${a.createdAt.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return BigInt(row!.id);
}

export async function applicationById(
  tx: Tx,
  id: bigint | number,
  options: { userId?: bigint; forUpdate?: boolean } = {},
): Promise<ApplicationRow | undefined> {
  const owner = options.userId === undefined ? sql`` : sql` AND a.user_id = ${options.userId}`;
  const lock = options.forUpdate ? sql` FOR UPDATE OF a` : sql``;
  const [row] = await queryRows<ApplicationRow>(
    tx,
    sql`SELECT ${APPLICATION_COLUMNS} FROM ${APPLICATION_FROM} WHERE a.id = ${id}${owner}${lock}`,
  );
  return row && toApplication(row);
}

/** One page of applications (a user's, or everyone's for the back office with the account), newest first. */
export async function listApplications(
  tx: Tx,
  filter: { userId?: bigint; variant?: string; market?: string; status?: number; listingId?: number },
  page: { size: number; offset: number; oldestFirst?: boolean },
): Promise<{ rows: Array<ApplicationRow & { account?: string }>; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (filter.userId !== undefined) conditions.push(sql`a.user_id = ${filter.userId}`);
  if (filter.variant) conditions.push(sql`l.variant = ${filter.variant}`);
  if (filter.market) conditions.push(sql`l.market = ${filter.market}`);
  if (filter.status !== undefined) conditions.push(sql`a.status = ${filter.status}`);
  if (filter.listingId !== undefined) conditions.push(sql`a.listing_id = ${filter.listingId}`);
  const where = sql.join(conditions, sql` AND `);
  const rows = await queryRows<ApplicationRow & { account: string }>(
    tx,
    sql`SELECT ${APPLICATION_COLUMNS}, u.account FROM ${APPLICATION_FROM} JOIN users u ON u.id = a.user_id
        WHERE ${where} ORDER BY a.id ${sql.raw(page.oldestFirst ? 'ASC' : 'DESC')}
        LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM ${APPLICATION_FROM} WHERE ${where}`,
  );
  return { rows: rows.map(toApplication), total: count?.n ?? 0 };
}

/** Pending → approved (with its holding) or rejected; undefined when it is no longer pending. */
export async function resolveApplication(
  tx: Tx,
  id: bigint,
  review: { status: 1 | 2; positionId: bigint | null; reason: string | null; reviewedBy: bigint; at: Date },
): Promise<bigint | undefined> {
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE block_applications SET status = ${review.status}, position_id = ${review.positionId},
               reject_reason = ${review.reason}, reviewed_by = ${review.reviewedBy},
               reviewed_at = ${review.at.toISOString()}::timestamptz
        WHERE id = ${id} AND status = 0 RETURNING id`,
  );
  return row && BigInt(row.id);
}

/** Tries at the channel password (the wrong ones and any being checked) of a user for a listing on a local date. */
export async function passwordFailures(tx: Tx, listingId: bigint, userId: bigint, localDate: string): Promise<number> {
  const [row] = await queryRows<{ failures: number }>(
    tx,
    sql`SELECT failures FROM block_password_failures
        WHERE listing_id = ${listingId} AND user_id = ${userId} AND local_date = ${localDate}::date`,
  );
  return row?.failures ?? 0;
}

/**
 * Claims one try at the channel password before it is checked (issue 33 point 4): one conditional upsert, so
 * concurrent tries serialise on the row and at most `limit` are claimed a day. Answers the day's count with this
 * try, or undefined when `limit` tries were already claimed (locked).
 */
export async function claimPasswordTry(
  tx: Tx,
  try_: { listingId: bigint; userId: bigint; localDate: string; at: Date },
  limit: number,
): Promise<number | undefined> {
  const [row] = await queryRows<{ failures: number }>(
    tx,
    sql`INSERT INTO block_password_failures (listing_id, user_id, local_date, failures, last_failed_at)
        VALUES (${try_.listingId}, ${try_.userId}, ${try_.localDate}::date, 1, ${try_.at.toISOString()}::timestamptz)
        ON CONFLICT (listing_id, user_id, local_date)
        DO UPDATE SET failures = block_password_failures.failures + 1, last_failed_at = EXCLUDED.last_failed_at
        WHERE block_password_failures.failures < ${limit}
        RETURNING failures`,
  );
  return row?.failures;
}

/** Hands back a claimed try (the password was right, or nothing was checked). */
export async function handBackPasswordTry(tx: Tx, try_: { listingId: bigint; userId: bigint; localDate: string }) {
  await tx.execute(
    sql`UPDATE block_password_failures SET failures = failures - 1
        WHERE listing_id = ${try_.listingId} AND user_id = ${try_.userId} AND local_date = ${try_.localDate}::date
          AND failures > 0`,
  );
}

/** A house account by name (0011 adds 'dividends'), which ledger-repository's HouseAccount does not list. */
export async function houseAccount(tx: Tx, name: 'dividends' | 'loan_interest', currency: Currency): Promise<bigint> {
  const [row] = await queryRows<{ id: bigint }>(
    tx,
    sql`SELECT id FROM ledger_accounts WHERE user_id IS NULL AND house_name = ${name} AND currency = ${currency}`,
  );
  if (!row) throw new Error(`house account ${name} ${currency} is missing`);
  return BigInt(row.id);
}

/** The answer stored with a user's Idempotency-Key for `endpoint` and this request hash, if any. */
export async function storedAnswer(
  tx: Tx,
  claim: { userId: bigint; key: string; endpoint: string; requestHash: string },
): Promise<unknown> {
  const [row] = await queryRows<{ response: unknown }>(
    tx,
    sql`SELECT response FROM idempotency_keys
        WHERE user_id = ${claim.userId} AND key = ${claim.key} AND endpoint = ${claim.endpoint}
          AND request_hash = ${claim.requestHash} AND response IS NOT NULL`,
  );
  return row?.response ?? undefined;
}
