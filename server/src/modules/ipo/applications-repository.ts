/**
 * Data access for subscriptions (new_share_orders, 0001 + 0010). Every state change is a conditional
 * UPDATE … WHERE state = … (exactly one caller wins). Rows written before 0010 have no issue; they
 * read with the order's own columns.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Currency } from 'shared/money';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { newShareOrders } from '../../db/schema';

export type ApplicationState = (typeof newShareOrders.$inferSelect)['state'];

/** A subscription with what the wire needs from its issue. */
export interface ApplicationRow {
  id: bigint;
  userId: bigint;
  orderNo: string;
  issueId: bigint | null;
  market: 'jpy' | 'usd' | 'cny';
  currency: Currency;
  code: string;
  name: string;
  names: Record<string, string> | null;
  applicationNo: number | null;
  quantity: string;
  units: number | null;
  allottedQuantity: string;
  allottedUnits: number | null;
  subscriptionPrice: string;
  issuePrice: string | null;
  rjmoney: string | null;
  paidAmount: string | null;
  status: number;
  state: ApplicationState;
  holdId: bigint | null;
  createdAt: Date;
  drawnAt: Date | null;
  answeredAt: Date | null;
  opensAt: Date | null;
  closesAt: Date | null;
  payDeadline: Date | null;
  listingAt: Date | null;
  lockupDays: number | null;
  withdrawnAt: Date | null;
  /** The application's contribution to the draw and its two parts (0032; null before). */
  deviceContribution: string | null;
  serverContribution: string | null;
  contribution: string | null;
}

const SELECT = sql`
  SELECT o.id, o.user_id AS "userId", o.order_no AS "orderNo", o.issue_id AS "issueId", o.market, o.currency,
         o.code, o.name, i.names, o.application_no AS "applicationNo", o.quantity, o.units,
         o.allotted_quantity AS "allottedQuantity", o.allotted_units AS "allottedUnits",
         o.subscription_price AS "subscriptionPrice", i.price AS "issuePrice", o.rjmoney,
         o.paid_amount AS "paidAmount", o.status, o.state, o.hold_id AS "holdId", o.created_at AS "createdAt",
         o.drawn_at AS "drawnAt", o.answered_at AS "answeredAt", i.opens_at AS "opensAt",
         i.closes_at AS "closesAt", i.pay_deadline AS "payDeadline", i.listing_at AS "listingAt",
         i.lockup_days AS "lockupDays", i.withdrawn_at AS "withdrawnAt",
         o.device_contribution AS "deviceContribution", o.server_contribution AS "serverContribution",
         o.contribution
  FROM new_share_orders o LEFT JOIN new_share_issues i ON i.id = o.issue_id`;

type Raw = Omit<ApplicationRow, DateKey | IdKey> & Record<DateKey, Date | string | null> & Record<IdKey, unknown>;
type DateKey =
  'createdAt' | 'drawnAt' | 'answeredAt' | 'opensAt' | 'closesAt' | 'payDeadline' | 'listingAt' | 'withdrawnAt';
type IdKey = 'id' | 'userId' | 'issueId' | 'holdId';
const date = (v: Date | string | null) => (v === null ? null : new Date(v));
const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as string));

/** Raw SQL answers timestamps as text on one driver and ids as strings or bigints: one shape here. */
function toRow(raw: Raw): ApplicationRow {
  return {
    ...raw,
    id: big(raw.id)!,
    userId: big(raw.userId)!,
    issueId: big(raw.issueId),
    holdId: big(raw.holdId),
    createdAt: date(raw.createdAt)!,
    drawnAt: date(raw.drawnAt),
    answeredAt: date(raw.answeredAt),
    opensAt: date(raw.opensAt),
    closesAt: date(raw.closesAt),
    payDeadline: date(raw.payDeadline),
    listingAt: date(raw.listingAt),
    withdrawnAt: date(raw.withdrawnAt),
  };
}
const rowsOf = async (tx: Tx, query: SQL) => (await queryRows<Raw>(tx, query)).map(toRow);

/** The user's subscriptions in one currency, newest first; `drawnOnly` keeps the drawn ones (allotment records). */
export function listUserApplications(
  tx: Tx,
  userId: bigint,
  currency: Currency,
  drawnOnly = false,
): Promise<ApplicationRow[]> {
  return rowsOf(
    tx,
    sql`${SELECT}
        WHERE o.user_id = ${userId} AND o.currency = ${currency}
          AND (NOT ${drawnOnly}::boolean OR o.drawn_at IS NOT NULL)
        ORDER BY o.id DESC`,
  );
}

/** The user's subscription by id (FOR UPDATE of the order when `lock`). */
export async function getOwnApplication(
  tx: Tx,
  userId: bigint,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ApplicationRow | undefined> {
  const [row] = await rowsOf(
    tx,
    sql`${SELECT} WHERE o.id = ${id} AND o.user_id = ${userId} ${options.lock ? sql`FOR UPDATE OF o` : sql``}`,
  );
  return row;
}

export async function getUserApplicationForIssue(
  tx: Tx,
  userId: bigint,
  issueId: bigint,
): Promise<ApplicationRow | undefined> {
  const [row] = await rowsOf(tx, sql`${SELECT} WHERE o.issue_id = ${issueId} AND o.user_id = ${userId}`);
  return row;
}

export async function insertApplication(
  tx: Tx,
  row: {
    userId: bigint;
    orderNo: string;
    issueId: bigint;
    market: ApplicationRow['market'];
    currency: Currency;
    code: string;
    name: string;
    applicationNo: number;
    quantity: string;
    units: number;
    price: string;
    amount: string;
    holdId: bigint;
    at: Date;
    contribution: { device: string | null; server: string; contribution: string };
  },
): Promise<bigint> {
  const [inserted] = await tx
    .insert(newShareOrders)
    .values({
      userId: row.userId,
      orderNo: row.orderNo,
      issueId: row.issueId,
      market: row.market,
      currency: row.currency,
      code: row.code,
      name: row.name,
      applicationNo: row.applicationNo,
      quantity: row.quantity,
      units: row.units,
      subscriptionPrice: row.price,
      rjmoney: row.amount,
      status: 1,
      state: 'awaiting_draw',
      holdId: row.holdId,
      createdAt: row.at,
      deviceContribution: row.contribution.device,
      serverContribution: row.contribution.server,
      contribution: row.contribution.contribution,
    })
    .returning({ id: newShareOrders.id });
  return inserted!.id;
}

/** won → subscribed: the payment hold replaces the subscription hold. False when not `won` any more. */
export async function markPaid(
  tx: Tx,
  id: bigint,
  paid: { amount: string; holdId: bigint; at: Date },
): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE new_share_orders SET state = 'subscribed', status = 1, paid_amount = ${paid.amount}::numeric,
               rjmoney = ${paid.amount}::numeric, hold_id = ${paid.holdId}, answered_at = ${paid.at.toISOString()}
        WHERE id = ${id} AND state = 'won' RETURNING id`,
  );
  return rows.length === 1;
}

/** won → abstained (declined). False when not `won` any more. */
export async function markDeclined(tx: Tx, id: bigint, at: Date): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE new_share_orders SET state = 'abstained', status = 3, rjmoney = NULL,
               answered_at = ${at.toISOString()}
        WHERE id = ${id} AND state = 'won' RETURNING id`,
  );
  return rows.length === 1;
}

/** Per issue: applications, units applied (every subscription of the issue). */
export async function countApplications(
  tx: Tx,
  issueId: bigint,
): Promise<{ applications: number; unitsApplied: number }> {
  const [row] = await queryRows<{ applications: number; units: string | null }>(
    tx,
    sql`SELECT count(*)::int AS applications, sum(units)::text AS units
        FROM new_share_orders WHERE issue_id = ${issueId}`,
  );
  return { applications: row?.applications ?? 0, unitsApplied: Number(row?.units ?? 0) };
}

type DrawLineRow = { application_no: number; units: number; allotted_units: number; contribution: string | null };

/** A page of the published draw, by application number (with each line's contribution, a leaf of the list). */
export async function listDrawLines(
  tx: Tx,
  issueId: bigint,
  page: { limit: number; offset: number },
): Promise<{ rows: DrawLineRow[]; total: number }> {
  const rows = await queryRows<DrawLineRow>(
    tx,
    sql`SELECT application_no, units, allotted_units, contribution FROM new_share_orders
        WHERE issue_id = ${issueId} AND allotted_units IS NOT NULL
        ORDER BY application_no LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM new_share_orders WHERE issue_id = ${issueId} AND allotted_units IS NOT NULL`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** Paid allotments of an issue, for the listing: each becomes a holding at the issue price. */
export function listPaidAllotments(tx: Tx, issueId: bigint): Promise<ApplicationRow[]> {
  return rowsOf(
    tx,
    sql`${SELECT} WHERE o.issue_id = ${issueId} AND o.state = 'subscribed' AND o.status = 1 ORDER BY o.id`,
  );
}

/**
 * subscribed (paid, held) → listed (status 4): the listing voided the payment hold and booked the
 * holding with the same money. False when it was not waiting for the listing.
 */
export async function markListed(tx: Tx, id: bigint): Promise<boolean> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`UPDATE new_share_orders SET status = 4, rjmoney = NULL
        WHERE id = ${id} AND state = 'subscribed' AND status = 1 RETURNING id`,
  );
  return rows.length === 1;
}
