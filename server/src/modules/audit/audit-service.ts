/**
 * The append-only audit log of operator actions (migration 0002: triggers refuse UPDATE, DELETE
 * and TRUNCATE; 0019 adds the actor's roles, the IP and the state before and after). Written in the
 * same transaction as the action, so an action that rolls back leaves no entry and an entry never
 * describes an action that did not happen. The roles and IP come from the request's audit context.
 */
import type { Tx } from '../../db/database';
import type { InputOf } from '../../contract-input';
import { auditContextFor } from './audit-context';
import { insertAudit, listAuditRows, type AuditSearch, type AuditView } from './audit-repository';

export interface AuditInput {
  /** The operator; null for the system itself (start-up bootstrap, CLI). */
  actorId: bigint | null;
  /** What was done, e.g. 'realname.approve', 'user.flags', 'config.set'. */
  action: string;
  /** What it was done to, e.g. 'user:0901234567', 'deposit:12'. */
  target: string;
  detail?: object;
  /** The state of the target before and after the action (null when it did not exist / no longer does). */
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(tx: Tx, input: AuditInput): Promise<void> {
  const context = auditContextFor(input.actorId);
  await insertAudit(tx, {
    actorId: input.actorId,
    actorRoles: [...(context?.roles ?? [])],
    ip: context?.ip ?? null,
    action: input.action,
    target: input.target,
    detail: input.detail ?? {},
    before: input.before ?? null,
    after: input.after ?? null,
  });
}

export interface AuditEntry {
  id: number;
  actor: string;
  actor_roles: string[];
  ip: string | null;
  action: string;
  target: string;
  detail: unknown;
  before: unknown;
  after: unknown;
  created_at: string;
}

/** The filters of /admin/audit and /admin/auditCsv as a search (a day `to` runs to that day's end, UTC). */
export function auditSearchOf(input: InputOf<'adminAuditCsv'>): AuditSearch {
  const day = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const to = input.to === undefined ? undefined : new Date(day(input.to) ? `${input.to}T00:00:00Z` : input.to);
  if (to && input.to && day(input.to)) to.setUTCDate(to.getUTCDate() + 1);
  return {
    actor: input.actor,
    action: input.action,
    target: input.target,
    from: input.from === undefined ? undefined : new Date(day(input.from) ? `${input.from}T00:00:00Z` : input.from),
    to,
  };
}

const entryOf = (r: AuditView): AuditEntry => ({
  id: Number(r.id),
  actor: r.actor ?? 'system',
  actor_roles: r.actorRoles ?? [],
  ip: r.ip,
  action: r.action,
  target: r.target,
  detail: r.detail,
  before: r.before,
  after: r.after,
  created_at: new Date(r.createdAt).toISOString(),
});

export async function listAudit(
  tx: Tx,
  input: InputOf<'adminAudit'>,
  size = 50,
): Promise<{ list: AuditEntry[]; total: number }> {
  const { rows, total } = await listAuditRows(tx, auditSearchOf(input), { size, offset: (input.page - 1) * size });
  return { list: rows.map(entryOf), total };
}

export const CSV_MAX_ROWS = 10_000;
const CSV_COLUMNS = [
  'id',
  'created_at',
  'actor',
  'actor_roles',
  'ip',
  'action',
  'target',
  'before',
  'after',
  'detail',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. A leading = + - @ (or tab/CR)
 * gets a ' first, so a spreadsheet opening the export never runs an operator-typed formula.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The matching entries as CSV text, newest first, at most CSV_MAX_ROWS. */
export async function auditCsv(tx: Tx, input: InputOf<'adminAuditCsv'>, now: Date) {
  const { rows, total } = await listAuditRows(tx, auditSearchOf(input), { size: CSV_MAX_ROWS, offset: 0 });
  const lines = [CSV_COLUMNS.join(',')];
  for (const entry of rows.map(entryOf)) {
    lines.push(
      CSV_COLUMNS.map((column) =>
        csvField(column === 'actor_roles' ? entry.actor_roles.join(' ') : entry[column]),
      ).join(','),
    );
  }
  return {
    filename: `audit-${now.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z.csv`,
    csv: `${lines.join('\r\n')}\r\n`,
    rows: rows.length,
    truncated: total > rows.length,
  };
}
