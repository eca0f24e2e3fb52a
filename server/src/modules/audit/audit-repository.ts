/** Data access for the append-only audit log (table audit_log, 0002_accounts.sql and 0019). */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { auditLog } from '../../db/schema';

type AuditRow = typeof auditLog.$inferSelect;
/** An entry with its operator's account (null: the system). */
export type AuditView = Pick<
  AuditRow,
  'id' | 'action' | 'target' | 'detail' | 'createdAt' | 'actorRoles' | 'ip' | 'before' | 'after'
> & { actor: string | null };

/** The search of /admin/audit (already parsed: instants as Dates, `to` exclusive). */
export interface AuditSearch {
  actor?: string;
  action?: string;
  target?: string;
  from?: Date;
  to?: Date;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function insertAudit(
  tx: Tx,
  entry: Pick<AuditRow, 'actorId' | 'actorRoles' | 'ip' | 'action' | 'target' | 'detail' | 'before' | 'after'>,
) {
  await tx.execute(sql`
    INSERT INTO audit_log (actor_id, actor_roles, ip, action, target, detail, before, after)
    VALUES (${entry.actorId}, ${JSON.stringify(entry.actorRoles)}::jsonb, ${entry.ip}, ${entry.action},
      ${entry.target}, ${JSON.stringify(entry.detail)}::jsonb, ${json(entry.before)}::jsonb,
      ${json(entry.after)}::jsonb)`);
}

/** LIKE-escapes a prefix (the action filter's characters are [a-z_.]: `_` is a LIKE wildcard). */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

function whereOf(search: AuditSearch): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (search.actor !== undefined) conditions.push(sql`u.account = ${search.actor}`);
  if (search.action !== undefined)
    conditions.push(sql`(a.action = ${search.action} OR a.action LIKE ${likePrefix(search.action)})`);
  if (search.target !== undefined) conditions.push(sql`a.target = ${search.target}`);
  if (search.from !== undefined) conditions.push(sql`a.created_at >= ${search.from.toISOString()}::timestamptz`);
  if (search.to !== undefined) conditions.push(sql`a.created_at < ${search.to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

/** One page of the matching entries, newest first, and how many match. */
export async function listAuditRows(
  tx: Tx,
  search: AuditSearch,
  page: { size: number; offset: number },
): Promise<{ rows: AuditView[]; total: number }> {
  const where = whereOf(search);
  const rows = await queryRows<AuditView>(
    tx,
    sql`
    SELECT a.id, u.account AS actor, a.actor_roles AS "actorRoles", a.ip, a.action, a.target, a.detail,
      a.before, a.after, a.created_at AS "createdAt"
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
    WHERE ${where}
    ORDER BY a.id DESC LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id WHERE ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}
