/** Data access for sessions. Tokens arrive here already hashed. */
import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLES, type AdminRole } from 'shared/contract';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { sessions } from '../../db/schema';

export interface SessionUser {
  userId: bigint;
  account: string;
  role: 'user' | 'admin';
  /** Back-office roles from admin_roles (empty for an investor): what authorises /admin/ calls. */
  roles: AdminRole[];
  banned: boolean;
  frozen: boolean;
  tradeDisabled: boolean;
  /** The session was opened with a second factor (TOTP, recovery code or passkey): /admin/ calls need it. */
  secondFactor: boolean;
}

export async function insertSession(
  tx: Tx,
  session: { tokenHash: string; userId: bigint; absoluteSeconds: number; secondFactor: boolean; factors?: string[] },
): Promise<void> {
  await tx.insert(sessions).values({
    tokenHash: session.tokenHash,
    userId: session.userId,
    secondFactor: session.secondFactor,
    factors: (session.factors ?? []).join(','),
    expiresAt: sql`now() + make_interval(secs => ${session.absoluteSeconds})`,
  });
}

/** Live sessions one user may hold at once (issue 34 point 6, ASVS V7): a new one past it ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;

/** Ends the user's sessions beyond the newest `keep` (by opening time); answers the ended ones' devices. */
export async function endOldestSessions(
  tx: Tx,
  userId: bigint,
  keep = MAX_SESSIONS_PER_USER,
): Promise<Array<{ userAgent: string; createdAt: Date }>> {
  const rows = await queryRows<{ user_agent: string; created_at: Date | string }>(
    tx,
    sql`DELETE FROM sessions WHERE id IN (
          SELECT id FROM sessions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC OFFSET ${keep})
        RETURNING user_agent, created_at`,
  );
  return rows.map((row) => ({ userAgent: row.user_agent, createdAt: new Date(row.created_at) }));
}

/**
 * How stale `last_seen_at` may get before a request writes it again. The idle limit is measured in
 * hours, so a minute's granularity changes nothing for the user, and most authenticated requests
 * then write nothing (no commit to flush): the session write used to double every order's commits.
 */
export const TOUCH_EVERY_SECONDS = 60;

/**
 * Finds a live session and marks it seen (at most once a minute), in one round trip (one statement
 * outside a transaction block): the row must be within its absolute
 * expiry and used within the idle limit. Answers the user's current flags and back-office roles (read
 * from the database, never from request headers).
 */
export async function touchSession(
  db: Database,
  tokenHash: string,
  idleSeconds: number,
): Promise<SessionUser | undefined> {
  // One statement on its own (no BEGIN/COMMIT): every authenticated call pays for it.
  const rows = await db.statement<{
    user_id: bigint;
    account: string;
    role: 'user' | 'admin';
    roles: string | null;
    banned: boolean;
    frozen: boolean;
    trade_disabled: boolean;
    second_factor: boolean;
  }>(
    sql`
    WITH found AS (
      SELECT s.id, s.last_seen_at, s.second_factor, u.id AS user_id, u.account, u.role, u.banned, u.frozen,
        u.trade_disabled
      FROM sessions AS s JOIN users AS u ON u.id = s.user_id
      WHERE s.token_hash = ${tokenHash}
        AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(secs => ${idleSeconds})
    ), touched AS (
      UPDATE sessions AS s SET last_seen_at = now()
      FROM found
      WHERE s.id = found.id AND found.last_seen_at <= now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})
      RETURNING s.id
    )
    SELECT user_id, account, role, banned, frozen, trade_disabled, second_factor,
      (SELECT string_agg(r.role, ',') FROM admin_roles AS r WHERE r.user_id = found.user_id) AS roles
    FROM found`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    userId: BigInt(row.user_id),
    account: row.account,
    role: row.role,
    roles: ADMIN_ROLES.filter((role) => (row.roles ?? '').split(',').includes(role)),
    banned: row.banned,
    frozen: row.frozen,
    tradeDisabled: row.trade_disabled,
    secondFactor: row.second_factor,
  };
}

export async function deleteSession(tx: Tx, tokenHash: string): Promise<boolean> {
  const rows = await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ id: sessions.id });
  return rows.length > 0;
}

/** Kills every session of a user (password change, ban). */
export async function deleteUserSessions(tx: Tx, userId: bigint): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes expired rows; cheap enough to run at login. */
export async function deleteExpiredSessions(tx: Tx, idleSeconds: number): Promise<void> {
  await tx.execute(sql`
    DELETE FROM sessions
    WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(secs => ${idleSeconds})`);
}

/**
 * Which of these token hashes belong to sessions still usable (not expired, not idle longer than
 * `idleSeconds`, user neither banned nor frozen). Read-only: never extends a session's idle time.
 */
export async function findLiveTokenHashes(
  tx: Tx,
  tokenHashes: readonly string[],
  idleSeconds: number,
): Promise<Array<Pick<typeof sessions.$inferSelect, 'tokenHash'>>> {
  return queryRows(
    tx,
    sql`
    SELECT s.token_hash AS "tokenHash"
    FROM sessions AS s JOIN users AS u ON u.id = s.user_id
    WHERE s.token_hash IN (${sql.join(
      tokenHashes.map((hash) => sql`${hash}`),
      sql`, `,
    )})
      AND s.expires_at > now()
      AND s.last_seen_at > now() - make_interval(secs => ${idleSeconds})
      AND NOT u.banned AND NOT u.frozen`,
  );
}
