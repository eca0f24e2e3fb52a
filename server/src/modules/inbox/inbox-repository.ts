/** Data access for inbox messages (table messages, 0001 + 0002); every query is scoped by user id. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import type { messages } from '../../db/schema';

export type Message = typeof messages.$inferSelect;
export type MessageView = Pick<Message, 'id' | 'title' | 'body' | 'msgKey' | 'msgValues' | 'readAt' | 'createdAt'>;

const VIEW_COLUMNS = sql`id, title, body, msg_key AS "msgKey", msg_values AS "msgValues", read_at AS "readAt",
  created_at AS "createdAt"`;

/** Stores a catalogue-key message; `at` null stamps it with the column's now(). */
export async function insertMessage(
  tx: Tx,
  userId: bigint,
  message: { key: string; values: Record<string, string>; at: Date | null },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO messages (user_id, msg_key, msg_values, created_at)
    VALUES (${userId}, ${message.key}, ${JSON.stringify(message.values)}::jsonb,
            coalesce(${message.at ? message.at.toISOString() : null}::timestamptz, now()))`);
}

/**
 * Stores many catalogue-key messages in one statement, in the order given (their ids ascend in that order, as when
 * stored one by one); answers each user's unread count afterwards.
 */
export async function insertMessages(
  tx: Tx,
  rows: ReadonlyArray<{ userId: bigint; key: string; values: Record<string, string>; at: Date }>,
): Promise<Map<bigint, number>> {
  if (rows.length === 0) return new Map();
  const json = rows.map((row, seq) => ({
    seq,
    user_id: String(row.userId),
    msg_key: row.key,
    msg_values: row.values,
    created_at: row.at.toISOString(),
  }));
  await tx.execute(sql`
    INSERT INTO messages (user_id, msg_key, msg_values, created_at)
    SELECT m.user_id, m.msg_key, m.msg_values, m.created_at
    FROM jsonb_to_recordset(${JSON.stringify(json)}::jsonb)
      AS m (seq int, user_id bigint, msg_key text, msg_values jsonb, created_at timestamptz)
    ORDER BY m.seq`);
  const users = [...new Set(rows.map((row) => String(row.userId)))];
  const counts = await queryRows<{ user_id: string; unread: number }>(
    tx,
    sql`SELECT user_id::text AS user_id, count(*)::int AS unread FROM messages
        WHERE user_id = ANY(${`{${users.join(',')}}`}::bigint[]) AND read_at IS NULL GROUP BY user_id`,
  );
  return new Map(counts.map((row) => [BigInt(row.user_id), row.unread]));
}

export async function listMessageRows(
  tx: Tx,
  userId: bigint,
  page: { size: number; offset: number },
): Promise<{ rows: MessageView[]; total: number; unread: number }> {
  const rows = await queryRows<MessageView>(
    tx,
    sql`SELECT ${VIEW_COLUMNS} FROM messages WHERE user_id = ${userId}
        ORDER BY id DESC LIMIT ${page.size} OFFSET ${page.offset}`,
  );
  const [counts] = await queryRows<{ total: number; unread: number }>(
    tx,
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
        FROM messages WHERE user_id = ${userId}`,
  );
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

/** Marks one of the user's own messages read (the first reading's time stays) and answers it. */
export async function markMessageRead(tx: Tx, userId: bigint, id: number): Promise<MessageView | undefined> {
  const rows = await queryRows<MessageView>(
    tx,
    sql`UPDATE messages SET read_at = coalesce(read_at, now()) WHERE id = ${id} AND user_id = ${userId}
        RETURNING ${VIEW_COLUMNS}`,
  );
  return rows[0];
}

export async function countUnread(tx: Tx, userId: bigint): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    tx,
    sql`SELECT count(*)::int AS unread FROM messages WHERE user_id = ${userId} AND read_at IS NULL`,
  );
  return row?.unread ?? 0;
}
