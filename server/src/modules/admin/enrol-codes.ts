/**
 * The administrator's one-time enrolment code (issue 33 point 2; docs/decisions/0027-second-factors-and-devices.md,
 * amendment "The enrolment code"). An `enrol` login challenge (a back-office role, no confirmed second factor) may
 * start the authenticator's enrolment only with the code the CLI printed (`create-admin`, `grant-role`): the
 * password alone is not enough. Ten base32 characters (50 bits), stored as a salted sha256 (security/tokens.ts),
 * valid 24 hours on the app clock, five tries claimed before the check (a conditional UPDATE committed before the
 * comparison, as the login challenge's tries), spent by the enrolment it lets start. One live code per user: a new
 * one replaces the old.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';
import { hashMailedCode, mailedCodeMatches } from '../../security/tokens';

export const ENROL_CODE_SECONDS = 24 * 60 * 60;
export const ENROL_CODE_MAX_TRIES = 5;
export const ENROL_CODE_LENGTH = 10;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new code: ten RFC 4648 base32 characters (256 is a multiple of 32, so `byte % 32` is unbiased). */
export function newEnrolCode(): string {
  return Array.from(randomBytes(ENROL_CODE_LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** What a person types, as compared: case, spaces and dashes do not matter. */
export function normaliseEnrolCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export type EnrolCodeIssue =
  { kind: 'issued'; code: string; expiresAt: Date } | { kind: 'not_needed' } | { kind: 'not_found' };

/**
 * Issues a new code for `account` (replacing a live one), unless the account already has a confirmed second factor
 * (its login owes a `verify` challenge, never an `enrol` one). `now` is the app clock.
 */
export async function issueEnrolCode(db: Database, input: { account: string; now: Date }): Promise<EnrolCodeIssue> {
  const code = newEnrolCode();
  const expiresAt = new Date(input.now.getTime() + ENROL_CODE_SECONDS * 1000);
  return db.tx(async (tx) => {
    const [user] = await queryRows<{ id: string; enabled: boolean }>(
      tx,
      sql`SELECT u.id, EXISTS (SELECT 1 FROM totp_factors f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL)
                 AS enabled
          FROM users u WHERE u.account = ${input.account} FOR UPDATE OF u`,
    );
    if (!user) return { kind: 'not_found' as const };
    if (user.enabled) return { kind: 'not_needed' as const };
    await tx.execute(sql`
      INSERT INTO admin_enrol_codes (user_id, code_hash, attempts, expires_at)
      VALUES (${BigInt(user.id)}, ${hashMailedCode(code)}, 0, ${expiresAt.toISOString()})
      ON CONFLICT (user_id) DO UPDATE
        SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at`);
    return { kind: 'issued' as const, code, expiresAt };
  });
}

/**
 * Checks `input` against the user's live code and spends it: the try is claimed first in its own committed
 * transaction (however many arrive at once, at most five are compared), and a right code is deleted by the one
 * request that still finds it (a second concurrent right code finds nothing). The last wrong try deletes the code.
 * `onSpent` runs in the spending transaction (the challenge records it may enrol). Answers whether it was spent.
 */
export async function spendEnrolCode(
  db: Database,
  input: { userId: bigint; code: string; now: Date },
  onSpent: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const [claimed] = await db.tx((tx) =>
    queryRows<{ code_hash: string; attempts: number }>(
      tx,
      sql`UPDATE admin_enrol_codes SET attempts = attempts + 1
          WHERE user_id = ${input.userId} AND expires_at > ${input.now.toISOString()}
            AND attempts < ${ENROL_CODE_MAX_TRIES}
          RETURNING code_hash, attempts`,
    ),
  );
  if (!claimed) return false;
  if (!mailedCodeMatches(normaliseEnrolCode(input.code), claimed.code_hash)) {
    if (claimed.attempts >= ENROL_CODE_MAX_TRIES)
      await db.tx((tx) =>
        tx.execute(
          sql`DELETE FROM admin_enrol_codes WHERE user_id = ${input.userId} AND code_hash = ${claimed.code_hash}`,
        ),
      );
    return false;
  }
  return db.tx(async (tx) => {
    // The hash too: a code issued meanwhile (replacing this one) is not spent by the old one.
    const spent = await queryRows<{ user_id: string }>(
      tx,
      sql`DELETE FROM admin_enrol_codes WHERE user_id = ${input.userId} AND code_hash = ${claimed.code_hash}
          RETURNING user_id`,
    );
    if (spent.length === 0) return false;
    await onSpent(tx);
    return true;
  });
}
