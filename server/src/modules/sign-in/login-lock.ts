/**
 * The login lock (issue 33 point 3, JSDA 2025; docs/decisions/0031-login-lock-and-notices.md): after
 * LOGIN_LOCK.maxFailures consecutive wrong passwords the account refuses password sign-ins for LOGIN_LOCK.lockMs
 * (a fixed window on the app clock), with `account_locked` {until}. While locked the password is not checked at
 * all (no oracle). The ways back always work: a password reset by e-mail and a passkey sign-in clear the lock.
 *
 * Every wrong try is claimed by one `UPDATE … SET failed_logins = failed_logins + 1 … RETURNING`, so a burst (or
 * several instances) counts every try; a right password clears the count only while no lock stands (a conditional
 * UPDATE), so a right password that raced past the lock check is still refused.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';

export const LOGIN_LOCK = { maxFailures: 10, lockMs: 30 * 60_000 };

/** `account_locked` naming the lock's end (an ISO instant the client shows in the user's language and zone). */
export const accountLocked = (until: Date) =>
  new BusinessError('account_locked', { values: { until: until.toISOString() } });

/** Throws account_locked while the user's lock stands (before any hash). */
export function refuseLocked(user: { lockedUntil: Date | null }, now: Date): void {
  if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) throw accountLocked(user.lockedUntil);
}

/**
 * Counts one wrong password. A lock that has ended starts a new count; the try that reaches maxFailures sets the
 * lock (`lockedNow`, exactly one try per lock: tries are serialised on the row).
 */
export async function countFailedLogin(
  tx: Tx,
  userId: bigint,
  now: Date,
): Promise<{ failures: number; lockedUntil: Date | null; lockedNow: boolean }> {
  const until = new Date(now.getTime() + LOGIN_LOCK.lockMs).toISOString();
  const at = now.toISOString();
  const [row] = await queryRows<{ failed_logins: number; locked_until: Date | string | null }>(
    tx,
    sql`UPDATE users SET
          failed_logins = CASE WHEN locked_until <= ${at}::timestamptz THEN 1 ELSE failed_logins + 1 END,
          locked_until = CASE
            WHEN locked_until <= ${at}::timestamptz THEN NULL
            WHEN failed_logins + 1 = ${LOGIN_LOCK.maxFailures} THEN ${until}::timestamptz
            ELSE locked_until END
        WHERE id = ${userId}
        RETURNING failed_logins, locked_until`,
  );
  if (!row) throw new Error(`no user ${userId}`);
  const failures = Number(row.failed_logins);
  return {
    failures,
    lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
    lockedNow: failures === LOGIN_LOCK.maxFailures,
  };
}

/**
 * A right password: clears the count unless a lock stands (then answers false: the caller refuses account_locked).
 * `unlock` (a passkey sign-in, a password reset) clears the lock too.
 */
export async function clearFailedLogins(
  tx: Tx,
  userId: bigint,
  now: Date,
  options: { unlock?: boolean } = {},
): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    tx,
    options.unlock
      ? sql`UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = ${userId} RETURNING id`
      : sql`UPDATE users SET failed_logins = 0, locked_until = NULL
            WHERE id = ${userId} AND (locked_until IS NULL OR locked_until <= ${now.toISOString()}::timestamptz)
            RETURNING id`,
  );
  return rows.length > 0;
}
