/**
 * The draw and the other set-based steps of the lifecycle (0010, docs/decisions/0016-new-share-lottery.md):
 * each is one SQL statement over all the subscriptions of an issue, so a draw over a million
 * applications costs a few passes, never a round trip per application.
 *
 * `allotStatement` is the lottery of shared/src/lottery (equal-lot-lottery/2) in SQL: tickets are
 * sha256(convert_to(final_seed || ':' || application_no, 'UTF8')) (the caller passes the final seed),
 * bytea ordering = the hex ordering the JavaScript uses; the rounds cut comes from a GROUP BY over units
 * and running sums over its few rows.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

/**
 * Claims the draw of an issue: pending → drawn, exactly once, only once its window closed, its list was
 * sealed (list-seal.ts) and not withdrawn. Answers the committed seed and the sealed list's root.
 */
export async function claimDraw(
  tx: Tx,
  issueId: bigint,
  now: Date,
): Promise<{ seed: string; listRoot: string; lotSize: number; issueSize: bigint } | undefined> {
  const [row] = await queryRows<{ seed: string; listRoot: string; lotSize: number; issueSize: bigint }>(
    tx,
    sql`UPDATE new_share_issues
        SET draw_state = 'drawn', drawn_at = ${now.toISOString()}, units_applied = 0, units_allotted = 0,
            updated_at = ${now.toISOString()}
        WHERE id = ${issueId} AND draw_state = 'pending' AND withdrawn_at IS NULL
          AND closes_at <= ${now.toISOString()} AND list_root IS NOT NULL
        RETURNING seed, list_root AS "listRoot", lot_size AS "lotSize", issue_size AS "issueSize"`,
  );
  return row;
}

/** Records the seed the tickets use (SHA-256 of the committed seed and the sealed list's root). */
export async function recordFinalSeed(tx: Tx, issueId: bigint, finalSeed: string): Promise<void> {
  await tx.execute(sql`UPDATE new_share_issues SET final_seed = ${finalSeed} WHERE id = ${issueId}`);
}

/**
 * The allotment as ONE statement: every subscription awaiting the draw gets its allotted units, and
 * becomes won (status 1, still held) or not_won (status 2, rjmoney cleared). Answers how many rows.
 */
export async function allotStatement(
  tx: Tx,
  draw: { issueId: bigint; seed: string; unitsOffered: bigint | number; lotSize: number; now: Date },
): Promise<number> {
  const offered = BigInt(draw.unitsOffered);
  // The ticket sort of a large draw spills past the default 4 MB work_mem (13.7x a bare UPDATE at 1M
  // applications, 6.3x with 256 MB: bench/MEASUREMENTS.md); more memory for this transaction only.
  await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH apps AS (
          SELECT id, application_no, units FROM new_share_orders
          WHERE issue_id = ${draw.issueId} AND state = 'awaiting_draw'
        ), per AS (
          SELECT units, count(*)::bigint AS n FROM apps GROUP BY units
        ), acc AS (
          -- For each distinct unit count u: below = Σ u'·n over smaller counts, at_or_above = Σ n over u' ≥ u,
          -- so need(k) = below + k · at_or_above for every round k in (previous count, u].
          SELECT units, coalesce(lag(units) OVER (ORDER BY units), 0) AS prev,
                 coalesce(sum(units * n) OVER (ORDER BY units ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                   AS below,
                 sum(n) OVER (ORDER BY units DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS at_or_above
          FROM per
        ), span AS (
          SELECT * FROM acc WHERE below + units * at_or_above >= ${offered}::bigint ORDER BY units LIMIT 1
        ), cut AS (
          SELECT r AS round, ${offered}::bigint - (below + (r - 1) * at_or_above) AS remaining
          FROM span, LATERAL (
            SELECT greatest(prev + 1, ceil((${offered}::bigint - below)::numeric / at_or_above)::bigint) AS r) x
        ), ranked AS (
          SELECT a.id, a.units, c.round, c.remaining,
                 row_number() OVER (
                   PARTITION BY (c.round IS NOT NULL AND a.units >= c.round)
                   ORDER BY sha256(convert_to(${draw.seed}::text || ':' || a.application_no::text, 'UTF8')),
                            a.application_no) AS rnk
          FROM apps a LEFT JOIN cut c ON true
        ), allot AS (
          SELECT id, CASE WHEN round IS NULL OR units < round THEN units
                          WHEN rnk <= remaining THEN round ELSE round - 1 END AS allotted
          FROM ranked
        ), done AS (
          UPDATE new_share_orders o
          SET allotted_units = a.allotted, allotted_quantity = a.allotted * ${draw.lotSize}::int,
              drawn_at = ${draw.now.toISOString()},
              state = CASE WHEN a.allotted > 0 THEN 'won' ELSE 'not_won' END,
              status = CASE WHEN a.allotted > 0 THEN 1 ELSE 2 END,
              rjmoney = CASE WHEN a.allotted > 0 THEN o.rjmoney END
          FROM allot a WHERE o.id = a.id
          RETURNING 1)
        SELECT count(*)::int AS n FROM done`,
  );
  return rows[0]?.n ?? 0;
}

export interface DrawTotals {
  applications: number;
  unitsApplied: number;
  unitsAllotted: number;
  winners: number;
}

/** The drawn subscriptions of an issue, counted. */
export async function drawTotals(tx: Tx, issueId: bigint): Promise<DrawTotals> {
  const [row] = await queryRows<{ applications: number; applied: string; allotted: string; winners: number }>(
    tx,
    sql`SELECT count(*)::int AS applications, coalesce(sum(units), 0)::text AS applied,
               coalesce(sum(allotted_units), 0)::text AS allotted,
               count(*) FILTER (WHERE allotted_units > 0)::int AS winners
        FROM new_share_orders WHERE issue_id = ${issueId} AND allotted_units IS NOT NULL`,
  );
  return {
    applications: row?.applications ?? 0,
    unitsApplied: Number(row?.applied ?? 0),
    unitsAllotted: Number(row?.allotted ?? 0),
    winners: row?.winners ?? 0,
  };
}

/** Records the draw's totals on the issue (the CHECK refuses an allotment beyond the issue size). */
export async function recordDrawTotals(tx: Tx, issueId: bigint): Promise<DrawTotals> {
  const totals = await drawTotals(tx, issueId);
  await tx.execute(
    sql`UPDATE new_share_issues SET units_applied = ${totals.unitsApplied}, units_allotted = ${totals.unitsAllotted}
        WHERE id = ${issueId}`,
  );
  return totals;
}

/** Releases (voids) the pending holds of an issue's subscriptions in the given states. */
export async function releaseHolds(tx: Tx, issueId: bigint, states: readonly string[], at: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH v AS (
          UPDATE ledger_holds h SET status = 'voided', resolved_at = ${at.toISOString()}
          FROM new_share_orders o
          WHERE o.issue_id = ${issueId} AND o.state IN (${sql.join(
            states.map((s) => sql`${s}`),
            sql`, `,
          )}) AND h.id = o.hold_id AND h.status = 'pending'
          RETURNING 1)
        SELECT count(*)::int AS n FROM v`,
  );
  return rows[0]?.n ?? 0;
}

/** How a message's values are written: amounts with thousands separators and the currency. */
export interface MessageFormat {
  /** to_char pattern of the currency's minor unit. */
  amountPattern: string;
  currency: string;
  /** Fixed values of every message of this step (code, deadline, listing time, reason). */
  values: Record<string, string>;
}

/**
 * One inbox message per subscription of the issue in `state` changed at `at` (one INSERT … SELECT);
 * `amount` is the column whose value the message names. Answers the users notified, or nothing when
 * `returnUsers` is false (a large step: the ids of a million subscribers are not worth a round trip).
 */
export async function insertStepMessages(
  tx: Tx,
  step: {
    issueId: bigint;
    state: string;
    key: string;
    /** subscription: price × quantity; allotted: price × allotted; released: what the hold held. */
    amountColumn: 'subscription' | 'allotted' | 'released';
    /** Only these subscriptions (expiry); all of the issue in `state` when absent. */
    ids?: readonly bigint[];
    at: Date;
    format: MessageFormat;
    /** Answer the users messaged (default true). */
    returnUsers?: boolean;
  },
): Promise<bigint[]> {
  const amount =
    step.amountColumn === 'subscription'
      ? sql`o.subscription_price * o.quantity`
      : step.amountColumn === 'allotted'
        ? sql`o.subscription_price * o.allotted_quantity`
        : sql`coalesce(o.paid_amount, o.subscription_price * o.quantity)`;
  const only = step.ids
    ? sql`AND o.id IN (${sql.join(
        step.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  if (step.ids && step.ids.length === 0) return [];
  const rows = await queryRows<{ userId: bigint }>(
    tx,
    sql`INSERT INTO messages (user_id, msg_key, msg_values, created_at)
        SELECT o.user_id, ${step.key},
               ${JSON.stringify(step.format.values)}::jsonb || jsonb_build_object(
                 'amount', to_char(${amount}, ${step.format.amountPattern}) || ' ' || ${step.format.currency}::text,
                 'allotted', trim(to_char(o.allotted_quantity, 'FM999,999,999,999,990')),
                 'quantity', trim(to_char(o.quantity, 'FM999,999,999,999,990')),
                 'application_no', o.application_no::text),
               ${step.at.toISOString()}
        FROM new_share_orders o
        WHERE o.issue_id = ${step.issueId} AND o.state = ${step.state} ${only}
        ${step.returnUsers === false ? sql`` : sql`RETURNING user_id AS "userId"`}`,
  );
  return rows.map((r) => r.userId);
}

/**
 * Fails every live subscription of a withdrawn issue (status 5): their holds are released by the
 * caller with releaseHolds(…, ['failed']) right after.
 */
export async function failSubscriptions(tx: Tx, issueId: bigint, at: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH f AS (
          UPDATE new_share_orders SET state = 'failed', status = 5, rjmoney = NULL, answered_at = ${at.toISOString()}
          WHERE issue_id = ${issueId} AND state IN ('awaiting_draw', 'won', 'subscribed') AND status = 1
          RETURNING 1)
        SELECT count(*)::int AS n FROM f`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Won subscriptions past their issue's payment deadline → abstained (status 3), rows locked with SKIP
 * LOCKED so two servers (or a confirm in flight) never act on the same row. Answers the rows expired.
 */
export async function expireDue(tx: Tx, now: Date): Promise<Array<{ id: bigint; issueId: bigint; holdId: bigint }>> {
  return queryRows<{ id: bigint; issueId: bigint; holdId: bigint }>(
    tx,
    sql`WITH due AS (
          SELECT o.id FROM new_share_orders o JOIN new_share_issues i ON i.id = o.issue_id
          WHERE o.state = 'won' AND i.pay_deadline <= ${now.toISOString()}
          FOR UPDATE OF o SKIP LOCKED
        )
        UPDATE new_share_orders o SET state = 'abstained', status = 3, rjmoney = NULL,
               answered_at = ${now.toISOString()}
        FROM due WHERE o.id = due.id
        RETURNING o.id, o.issue_id AS "issueId", o.hold_id AS "holdId"`,
  );
}

/** Unread counts of some users (to push the inbox badge after a set-based step). */
export async function unreadCounts(tx: Tx, userIds: readonly bigint[]): Promise<Map<bigint, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ userId: bigint; n: number }>(
    tx,
    sql`SELECT user_id AS "userId", count(*)::int AS n FROM messages
        WHERE read_at IS NULL AND user_id IN (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        GROUP BY user_id`,
  );
  return new Map(rows.map((r) => [BigInt(r.userId), r.n]));
}

/** Releases (voids) the given holds that are still pending, in one statement. */
export async function voidHoldsByIds(tx: Tx, holdIds: readonly bigint[], at: Date): Promise<number> {
  if (holdIds.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH v AS (
          UPDATE ledger_holds SET status = 'voided', resolved_at = ${at.toISOString()}
          WHERE status = 'pending' AND id IN (${sql.join(
            holdIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          RETURNING 1)
        SELECT count(*)::int AS n FROM v`,
  );
  return rows[0]?.n ?? 0;
}
