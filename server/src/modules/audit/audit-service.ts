/**
 * The append-only audit log of operator actions (migration 0002: triggers refuse UPDATE, DELETE
 * and TRUNCATE). Written in the same transaction as the action, so an action that rolls back
 * leaves no entry and an entry never describes an action that did not happen.
 */
import type { Tx } from '../../db/database';
import { insertAudit, listAuditRows } from './audit-repository';

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
  await insertAudit(tx, {
    actorId: input.actorId,
    action: input.action,
    target: input.target,
    detail: input.detail ?? {},
  });
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
  const { rows, total } = await listAuditRows(tx, { size, offset: (page - 1) * size });
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      actor: r.actor ?? 'system',
      action: r.action,
      target: r.target,
      detail: r.detail,
      created_at: new Date(r.createdAt).toISOString(),
    })),
    total,
  };
}
