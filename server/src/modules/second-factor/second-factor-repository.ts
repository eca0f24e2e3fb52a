/** Data access for TOTP factors, recovery codes and login challenges (rules: second-factor-service). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

export interface TotpRow {
  secret: string;
  confirmed: boolean;
  lastStep: bigint;
}

export async function readTotp(tx: Tx, userId: bigint): Promise<TotpRow | undefined> {
  const rows = await queryRows<{ secret: string; confirmed: boolean; last_step: string | bigint }>(
    tx,
    sql`SELECT secret, confirmed_at IS NOT NULL AS confirmed, last_step FROM totp_factors WHERE user_id = ${userId}`,
  );
  const row = rows[0];
  return row && { secret: row.secret, confirmed: row.confirmed, lastStep: BigInt(row.last_step) };
}

/** Starts (or restarts) an enrolment; answers false when a confirmed factor exists (left untouched). */
export async function upsertPendingTotp(tx: Tx, userId: bigint, sealedSecret: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`INSERT INTO totp_factors (user_id, secret) VALUES (${userId}, ${sealedSecret})
        ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = 0, created_at = now()
        WHERE totp_factors.confirmed_at IS NULL
        RETURNING user_id`,
  );
  return rows.length > 0;
}

/** Marks the factor proven at `step` (its code is then used); false if already confirmed or the step is stale. */
export async function confirmTotp(tx: Tx, userId: bigint, step: bigint): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`UPDATE totp_factors SET confirmed_at = now(), last_step = ${step}
        WHERE user_id = ${userId} AND confirmed_at IS NULL AND last_step < ${step} RETURNING user_id`,
  );
  return rows.length > 0;
}

/** Uses the code of `step` once: false when that step (or a later one) was already used. */
export async function spendTotpStep(tx: Tx, userId: bigint, step: bigint): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`UPDATE totp_factors SET last_step = ${step}
        WHERE user_id = ${userId} AND confirmed_at IS NOT NULL AND last_step < ${step} RETURNING user_id`,
  );
  return rows.length > 0;
}

export async function deleteTotp(tx: Tx, userId: bigint): Promise<void> {
  await tx.execute(sql`DELETE FROM totp_factors WHERE user_id = ${userId}`);
  await tx.execute(sql`DELETE FROM recovery_codes WHERE user_id = ${userId}`);
}

/** Replaces every recovery code of the user with these hashes. */
export async function replaceRecoveryCodes(tx: Tx, userId: bigint, hashes: readonly string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM recovery_codes WHERE user_id = ${userId}`);
  await tx.execute(sql`
    INSERT INTO recovery_codes (user_id, code_hash)
    SELECT ${userId}, hash FROM unnest(${sql`ARRAY[${sql.join(
      hashes.map((hash) => sql`${hash}`),
      sql`, `,
    )}]::text[]`}) AS hash`);
}

/** Uses one recovery code once (conditional UPDATE: two racing uses, one winner). */
export async function spendRecoveryCode(tx: Tx, userId: bigint, codeHash: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`UPDATE recovery_codes SET used_at = now()
        WHERE user_id = ${userId} AND code_hash = ${codeHash} AND used_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(tx: Tx, userId: bigint): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`,
  );
  return rows[0]?.n ?? 0;
}

export type ChallengePurpose = 'verify' | 'enrol';

export async function insertChallenge(
  tx: Tx,
  challenge: { tokenHash: string; userId: bigint; purpose: ChallengePurpose; seconds: number },
): Promise<void> {
  await tx.execute(sql`DELETE FROM login_challenges WHERE expires_at <= now() OR user_id = ${challenge.userId}`);
  await tx.execute(sql`
    INSERT INTO login_challenges (token_hash, user_id, purpose, expires_at)
    VALUES (${challenge.tokenHash}, ${challenge.userId}, ${challenge.purpose},
            now() + make_interval(secs => ${challenge.seconds}))`);
}

export interface ChallengeRow {
  id: bigint;
  userId: bigint;
  purpose: ChallengePurpose;
  attempts: number;
  /** An `enrol` challenge that spent the administrator's enrolment code (modules/admin/enrol-codes.ts). */
  enrolCodeOk: boolean;
}

type ChallengeDbRow = {
  id: string;
  user_id: string;
  purpose: ChallengePurpose;
  attempts: number;
  enrol_code_ok: boolean;
};

const challengeOf = (row: ChallengeDbRow | undefined): ChallengeRow | undefined =>
  row && {
    id: BigInt(row.id),
    userId: BigInt(row.user_id),
    purpose: row.purpose,
    attempts: row.attempts,
    enrolCodeOk: row.enrol_code_ok,
  };

/** A live challenge by token hash, locked until the transaction ends. */
export async function lockChallenge(tx: Tx, tokenHash: string): Promise<ChallengeRow | undefined> {
  const rows = await queryRows<ChallengeDbRow>(
    tx,
    sql`SELECT id, user_id, purpose, attempts, enrol_code_ok FROM login_challenges
        WHERE token_hash = ${tokenHash} AND expires_at > now() FOR UPDATE`,
  );
  return challengeOf(rows[0]);
}

/**
 * Claims one try of a live challenge before its code is checked (conditional UPDATE … RETURNING: concurrent tries
 * serialise on the row, at most `max` are ever claimed). Answers the challenge with `attempts` counting this try,
 * or undefined when it is unknown, expired or spent.
 */
export async function claimChallengeTry(tx: Tx, tokenHash: string, max: number): Promise<ChallengeRow | undefined> {
  const rows = await queryRows<ChallengeDbRow>(
    tx,
    sql`UPDATE login_challenges SET attempts = attempts + 1
        WHERE token_hash = ${tokenHash} AND expires_at > now() AND attempts < ${max}
        RETURNING id, user_id, purpose, attempts, enrol_code_ok`,
  );
  return challengeOf(rows[0]);
}

/** Hands back a claimed challenge try that checked no code (the user's code budget was spent). */
export async function handBackChallengeTry(tx: Tx, id: bigint): Promise<void> {
  await tx.execute(sql`UPDATE login_challenges SET attempts = attempts - 1 WHERE id = ${id} AND attempts > 0`);
}

/** Records that an `enrol` challenge spent the enrolment code: it may now start and complete the enrolment. */
export async function markChallengeEnrolCodeOk(tx: Tx, id: bigint): Promise<void> {
  await tx.execute(sql`UPDATE login_challenges SET enrol_code_ok = true WHERE id = ${id} AND purpose = 'enrol'`);
}

export async function deleteChallenge(tx: Tx, id: bigint): Promise<void> {
  await tx.execute(sql`DELETE FROM login_challenges WHERE id = ${id}`);
}
