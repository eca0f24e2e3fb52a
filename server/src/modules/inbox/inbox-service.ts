/**
 * Inbox messages raised by events (deposit, withdrawal, loan and identity results). A message is
 * stored as an event key and its placeholder values and rendered in the reader's language when it
 * is read, so one message reads correctly in zh-CN, en and ja. `notify` runs in the caller's
 * transaction: a result and its message commit (or roll back) together.
 */
import { sql } from 'drizzle-orm';
import { MESSAGES, type I18nLang, type MessageKey } from 'shared/messages';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';

/** Event keys: each has `inbox_<event>_title` and `inbox_<event>_body` in the catalogue. */
export const INBOX_EVENTS = [
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'loan_approved',
  'loan_rejected',
  'realname_verified',
  'realname_failed',
  'margin_call',
  'margin_call_protected',
] as const;
export type InboxEvent = (typeof INBOX_EVENTS)[number];

export interface InboxNotice {
  key: InboxEvent;
  /** Placeholder values ({{amount}}, {{reason}}), already formatted (e.g. "30,000 JPY"). */
  values?: Record<string, string>;
}

/** Stores a message; `at` is the app clock (config.now), the column's now() when absent. */
export async function notify(tx: Tx, userId: bigint, notice: InboxNotice, at?: Date): Promise<void> {
  if (!(INBOX_EVENTS as readonly string[]).includes(notice.key)) throw new Error(`unknown inbox event ${notice.key}`);
  await tx.execute(sql`
    INSERT INTO messages (user_id, msg_key, msg_values, created_at)
    VALUES (${userId}, ${notice.key}, ${JSON.stringify(notice.values ?? {})}::jsonb, coalesce(${at ? at.toISOString() : null}::timestamptz, now()))`);
}

/** Replaces {{name}} placeholders; a missing value shows as "-" rather than a raw placeholder. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => values[name] ?? '-');
}

export function renderInbox(
  key: string,
  values: Record<string, string>,
  lang: I18nLang,
): { title: string; body: string } {
  const title = MESSAGES[`inbox_${key}_title` as MessageKey];
  const body = MESSAGES[`inbox_${key}_body` as MessageKey];
  if (!title || !body) return { title: key, body: '' };
  return { title: interpolate(title[lang], values), body: interpolate(body[lang], values) };
}

interface MessageRow {
  id: bigint;
  title: string | null;
  body: string | null;
  msg_key: string | null;
  msg_values: Record<string, string> | null;
  read_at: Date | null;
  created_at: Date;
}

function toMessage(row: MessageRow, lang: I18nLang) {
  const text = row.msg_key
    ? renderInbox(row.msg_key, row.msg_values ?? {}, lang)
    : { title: row.title ?? '', body: row.body ?? '' };
  return {
    id: Number(row.id),
    ...text,
    read: row.read_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listMessages(tx: Tx, userId: bigint, input: { page: number; size: number; lang: I18nLang }) {
  const rows = await queryRows<MessageRow>(
    tx,
    sql`SELECT id, title, body, msg_key, msg_values, read_at, created_at FROM messages WHERE user_id = ${userId}
        ORDER BY id DESC LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`,
  );
  const [counts] = await queryRows<{ total: number; unread: number }>(
    tx,
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM messages WHERE user_id = ${userId}`,
  );
  return { list: rows.map((r) => toMessage(r, input.lang)), total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

/** One of the user's own messages, marked read; another user's message is card-style not_found. */
export async function readMessage(tx: Tx, userId: bigint, id: number, lang: I18nLang) {
  const rows = await queryRows<MessageRow>(
    tx,
    sql`UPDATE messages SET read_at = coalesce(read_at, now()) WHERE id = ${id} AND user_id = ${userId}
        RETURNING id, title, body, msg_key, msg_values, read_at, created_at`,
  );
  if (!rows[0]) throw new BusinessError('not_found');
  return toMessage(rows[0], lang);
}
