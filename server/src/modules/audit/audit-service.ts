/**
 * The append-only audit log of operator actions (migration 0002: triggers refuse UPDATE, DELETE
 * and TRUNCATE). Written in the same transaction as the action, so an action that rolls back
 * leaves no entry and an entry never describes an action that did not happen.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

export interface AuditInput {
  /** The operator; null for the system itself (start-up bootstrap, CLI). */
  actorId: bigint | null;
  /** What was done, e.g. 'realname.approve', 'user.flags', 'config.set'. */
  action: string;
  /** What it was done to, e.g. 'user:0901234567', 'deposit:12'. */
  target: string;
  detail?: object;
}

export async function recordAudit(tx: Tx, input: AuditInput): Promise<void> {
  await tx.execute(sql`
    INSERT INTO audit_log (actor_id, action, target, detail)
    VALUES (${input.actorId}, ${input.action}, ${input.target}, ${JSON.stringify(input.detail ?? {})}::jsonb)`);
}

export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  target: string;
  detail: unknown;
  created_at: string;
}

export async function listAudit(tx: Tx, page: number, size = 50): Promise<{ list: AuditEntry[]; total: number }> {
  const rows = await queryRows<{
    id: bigint;
    actor: string | null;
    action: string;
    target: string;
    detail: unknown;
    created_at: Date;
  }>(
    tx,
    sql`
    SELECT a.id, u.account AS actor, a.action, a.target, a.detail, a.created_at
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
    ORDER BY a.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM audit_log`);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      actor: r.actor ?? 'system',
      action: r.action,
      target: r.target,
      detail: r.detail,
      created_at: new Date(r.created_at).toISOString(),
    })),
    total: count?.n ?? 0,
  };
}
