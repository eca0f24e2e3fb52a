/**
 * Data access of step-ups (migration 0028): the mailed codes (step_up_email_codes, one live code per user) and the
 * grants (step_up_grants, bound to a session and one action). Used by step-up.ts.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { mailedCodeMatches } from '../../security/tokens';

/** Stores the user's mailed code (hashed), replacing a live one; it lives `seconds`. */
export async function upsertEmailCode(tx: Tx, userId: bigint, codeHash: string, seconds: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO step_up_email_codes (user_id, code_hash, attempts, expires_at)
    VALUES (${userId}, ${codeHash}, 0, now() + make_interval(secs => ${seconds}))
    ON CONFLICT (user_id) DO UPDATE
      SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at`);
}

/**
 * Checks and spends the mailed code (the row locked: a wrong try is counted first, the last wrong try deletes it).
 */
export async function spendEmailCode(tx: Tx, userId: bigint, code: string, maxAttempts: number): Promise<boolean> {
  const [row] = await queryRows<{ code_hash: string; attempts: number; live: boolean }>(
    tx,
    sql`SELECT code_hash, attempts, expires_at > now() AS live FROM step_up_email_codes
        WHERE user_id = ${userId} FOR UPDATE`,
  );
  if (!row) return false;
  if (!row.live || row.attempts >= maxAttempts || !mailedCodeMatches(code, row.code_hash)) {
    if (row.live && row.attempts + 1 < maxAttempts)
      await tx.execute(sql`UPDATE step_up_email_codes SET attempts = attempts + 1 WHERE user_id = ${userId}`);
    else await tx.execute(sql`DELETE FROM step_up_email_codes WHERE user_id = ${userId}`);
    return false;
  }
  await tx.execute(sql`DELETE FROM step_up_email_codes WHERE user_id = ${userId}`);
  return true;
}

/** A new grant for the session (expired grants go first); undefined when the session is gone. */
export async function insertGrant(
  tx: Tx,
  grant: {
    tokenHash: string;
    sessionTokenHash: string;
    action: string;
    factors: string;
    lang: string;
    seconds: number;
  },
): Promise<{ expires_at: Date | string } | undefined> {
  await tx.execute(sql`DELETE FROM step_up_grants WHERE expires_at <= now()`);
  const [row] = await queryRows<{ expires_at: Date | string }>(
    tx,
    sql`INSERT INTO step_up_grants (token_hash, session_token_hash, action, factors, lang, expires_at)
        SELECT ${grant.tokenHash}, token_hash, ${grant.action}, ${grant.factors}, ${grant.lang},
               now() + make_interval(secs => ${grant.seconds})
        FROM sessions WHERE token_hash = ${grant.sessionTokenHash}
        RETURNING expires_at`,
  );
  return row;
}

/** The live grant `tokenHash` of this session, its user and this action, with the session's own factors. */
export async function findLiveGrant(
  tx: Tx,
  key: { tokenHash: string; sessionTokenHash: string; userId: bigint; action: string },
): Promise<{ factors: string; session_factors: string; lang: string } | undefined> {
  const [row] = await queryRows<{ factors: string; session_factors: string; lang: string }>(
    tx,
    sql`SELECT g.factors, s.factors AS session_factors, g.lang
        FROM step_up_grants g JOIN sessions s ON s.token_hash = g.session_token_hash
        WHERE g.token_hash = ${key.tokenHash} AND g.session_token_hash = ${key.sessionTokenHash}
          AND s.user_id = ${key.userId} AND g.action = ${key.action} AND g.expires_at > now()`,
  );
  return row;
}

/** The device and IP a session signed in from (the notices name them). */
export async function sessionDeviceOf(
  tx: Tx,
  tokenHash: string,
): Promise<{ user_agent: string; ip: string } | undefined> {
  const [device] = await queryRows<{ user_agent: string; ip: string }>(
    tx,
    sql`SELECT user_agent, ip FROM sessions WHERE token_hash = ${tokenHash}`,
  );
  return device;
}
