/** Data access for four-eyes requests (table four_eyes_requests, 0020_four_eyes.sql). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { fourEyesRequests } from '../../db/schema';

export type FourEyesRow = typeof fourEyesRequests.$inferSelect;

const COLUMNS = sql`id, endpoint, target, payload, requested_by AS "requestedBy", requested_roles AS "requestedRoles",
  requested_at AS "requestedAt", status, decided_by AS "decidedBy", decided_at AS "decidedAt", reason, outcome,
  subject_user_id AS "subjectUserId"`;

/** Records a request; undefined when one for the same endpoint and target is already pending. */
export async function insertFourEyesRequest(
  tx: Tx,
  request: Pick<FourEyesRow, 'endpoint' | 'target' | 'payload' | 'requestedBy' | 'requestedRoles' | 'subjectUserId'>,
): Promise<bigint | undefined> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`
    INSERT INTO four_eyes_requests (endpoint, target, payload, requested_by, requested_roles, subject_user_id)
    VALUES (${request.endpoint}, ${request.target}, ${JSON.stringify(request.payload)}::jsonb, ${request.requestedBy},
      ${JSON.stringify(request.requestedRoles)}::jsonb, ${request.subjectUserId})
    ON CONFLICT (endpoint, target) WHERE status = 'pending' DO NOTHING
    RETURNING id`,
  );
  return rows[0] ? BigInt(rows[0].id) : undefined;
}

export async function findPendingFourEyesId(tx: Tx, endpoint: string, target: string): Promise<bigint | undefined> {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`SELECT id FROM four_eyes_requests WHERE endpoint = ${endpoint} AND target = ${target} AND status = 'pending'`,
  );
  return rows[0] ? BigInt(rows[0].id) : undefined;
}

export async function getFourEyesRequest(tx: Tx, id: bigint): Promise<FourEyesRow | undefined> {
  const rows = await queryRows<FourEyesRow>(tx, sql`SELECT ${COLUMNS} FROM four_eyes_requests WHERE id = ${id}`);
  return rows[0];
}

/**
 * Decides a pending request: exactly one decision wins (UPDATE … WHERE status = 'pending' RETURNING), and never
 * the requester's own (also a CHECK). Undefined when it was no longer pending or is the decider's own.
 */
export async function decideFourEyesRequest(
  tx: Tx,
  decision: { id: bigint; deciderId: bigint; status: 'approved' | 'rejected'; reason: string },
): Promise<FourEyesRow | undefined> {
  const rows = await queryRows<FourEyesRow>(
    tx,
    sql`
    UPDATE four_eyes_requests
    SET status = ${decision.status}, decided_by = ${decision.deciderId}, decided_at = now(), reason = ${decision.reason}
    WHERE id = ${decision.id} AND status = 'pending' AND requested_by <> ${decision.deciderId}
    RETURNING ${COLUMNS}`,
  );
  return rows[0];
}

/** Writes an approved request's outcome (once: a trigger refuses a second write). */
export async function setFourEyesOutcome(tx: Tx, id: bigint, outcome: object): Promise<void> {
  await tx.execute(
    sql`UPDATE four_eyes_requests SET outcome = ${JSON.stringify(outcome)}::jsonb WHERE id = ${id} AND outcome IS NULL`,
  );
}

/** A listed request: who asked and decided, and for a deposit or withdrawal approval its amount and currency. */
export type ListedRequest = FourEyesRow & {
  requester: string;
  decider: string | null;
  amount: string | null;
  currency: string | null;
};

export async function listFourEyesRequests(
  tx: Tx,
  status: FourEyesRow['status'] | null,
  page: { size: number; offset: number },
): Promise<{ rows: ListedRequest[]; total: number }> {
  const where = status === null ? sql`TRUE` : sql`r.status = ${status}`;
  // A deposit or withdrawal approval's request names only the row: its amount and currency are read with it.
  const rows = await queryRows<ListedRequest>(
    tx,
    sql`
    SELECT r.id, r.endpoint, r.target, r.payload, r.requested_roles AS "requestedRoles",
      r.requested_at AS "requestedAt", r.status, r.decided_at AS "decidedAt", r.reason, r.outcome,
      q.account AS requester, d.account AS decider, coalesce(w.money, dep.amount) AS amount,
      coalesce(w.currency, dep.currency) AS currency
    FROM four_eyes_requests r JOIN users q ON q.id = r.requested_by LEFT JOIN users d ON d.id = r.decided_by
      LEFT JOIN withdrawals w ON r.endpoint = 'adminWithdrawalReview' AND w.id = (r.payload->>'id')::bigint
      LEFT JOIN deposits dep ON r.endpoint = 'adminDepositReview' AND dep.id = (r.payload->>'id')::bigint
    WHERE ${where} ORDER BY r.id DESC LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM four_eyes_requests r WHERE ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}
