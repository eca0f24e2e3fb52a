/** Data access for the append-only audit log (table audit_log, 0002_accounts.sql). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { auditLog } from '../../db/schema';

type AuditRow = typeof auditLog.$inferSelect;
/** An entry with its operator's account (null: the system). */
export type AuditView = Pick<AuditRow, 'id' | 'action' | 'target' | 'detail' | 'createdAt'> & { actor: string | null };

export async function insertAudit(tx: Tx, entry: Pick<AuditRow, 'actorId' | 'action' | 'target' | 'detail'>) {
  await tx.execute(sql`
    INSERT INTO audit_log (actor_id, action, target, detail)
    VALUES (${entry.actorId}, ${entry.action}, ${entry.target}, ${JSON.stringify(entry.detail)}::jsonb)`);
}

/** One page, newest first, and how many entries there are. */
export async function listAuditRows(
  tx: Tx,
  page: { size: number; offset: number },
): Promise<{ rows: AuditView[]; total: number }> {
  const rows = await queryRows<AuditView>(
    tx,
    sql`
    SELECT a.id, u.account AS actor, a.action, a.target, a.detail, a.created_at AS "createdAt"
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
    ORDER BY a.id DESC LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM audit_log`);
  return { rows, total: count?.n ?? 0 };
}
