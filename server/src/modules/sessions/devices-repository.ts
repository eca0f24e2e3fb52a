/** Data access for a user's signed-in devices (sessions) and the devices they have signed in from. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

/** Where a session was opened from (the user's device list; docs/decisions/0027). */
export interface SessionDevice {
  userAgent: string;
  ip: string;
  /** sha256 of the device identifier (see modules/second-factor/devices.ts). */
  deviceHash: string;
}

/** Stores where the session holding `tokenHash` was opened from (right after insertSession, same transaction). */
export async function recordSessionDevice(tx: Tx, tokenHash: string, device: SessionDevice): Promise<void> {
  await tx.execute(sql`
    UPDATE sessions SET user_agent = ${device.userAgent}, ip = ${device.ip}, device_hash = ${device.deviceHash}
    WHERE token_hash = ${tokenHash}`);
}

export interface DeviceSessionRow {
  id: number;
  userAgent: string;
  ip: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The user's live sessions, most recently used first; `current` marks the one holding `tokenHash`. */
export async function listLiveSessions(
  tx: Tx,
  userId: bigint,
  tokenHash: string,
  idleSeconds: number,
): Promise<DeviceSessionRow[]> {
  const rows = await queryRows<{
    id: string | number;
    user_agent: string;
    ip: string;
    created_at: Date | string;
    last_seen_at: Date | string;
    current: boolean;
  }>(
    tx,
    sql`SELECT id, user_agent, ip, created_at, last_seen_at, token_hash = ${tokenHash} AS current
        FROM sessions
        WHERE user_id = ${userId} AND expires_at > now()
          AND last_seen_at > now() - make_interval(secs => ${idleSeconds})
        ORDER BY last_seen_at DESC, id DESC`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    current: row.current,
  }));
}

/** Ends one of the user's sessions by id; false when it is not theirs (or already gone). */
export async function deleteUserSession(tx: Tx, userId: bigint, sessionId: number): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`DELETE FROM sessions WHERE id = ${sessionId} AND user_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

/** Ends every session of the user but the one holding `keepTokenHash`; answers how many ended. */
export async function deleteOtherSessions(tx: Tx, userId: bigint, keepTokenHash: string): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`DELETE FROM sessions WHERE user_id = ${userId} AND token_hash <> ${keepTokenHash} RETURNING id`,
  );
  return rows.length;
}

/**
 * Records a device for the user. Answers 'new' when it was not known but the user had signed in from
 * another device before, 'first' for the user's first known device, 'known' otherwise.
 */
export async function rememberDevice(tx: Tx, userId: bigint, deviceHash: string): Promise<'new' | 'first' | 'known'> {
  const rows = await queryRows<{ others: number }>(
    tx,
    sql`WITH inserted AS (
          INSERT INTO known_devices (user_id, device_hash) VALUES (${userId}, ${deviceHash})
          ON CONFLICT DO NOTHING RETURNING device_hash
        )
        SELECT (SELECT count(*)::int FROM known_devices WHERE user_id = ${userId}) AS others
        FROM inserted`,
  );
  const row = rows[0];
  if (!row) return 'known';
  return row.others > 0 ? 'new' : 'first';
}
