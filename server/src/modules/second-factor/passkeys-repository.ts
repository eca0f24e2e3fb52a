/** Data access for passkeys and WebAuthn challenges (rules: passkey-service). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

export interface PasskeyRow {
  id: number;
  userId: bigint;
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** Registered from a session (or step-up) that had proved TOTP or a recovery code (or such a passkey). */
  secondFactor: boolean;
  /** Set by a password reset: signs in to nothing and confirms nothing until the owner confirms it. */
  suspended: boolean;
}

type RawPasskey = {
  id: string | number;
  user_id: string | bigint;
  credential_id: string;
  public_key: string;
  sign_count: string | number;
  transports: string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  second_factor: boolean;
  suspended: boolean;
};

const toRow = (row: RawPasskey): PasskeyRow => ({
  id: Number(row.id),
  userId: BigInt(row.user_id),
  credentialId: row.credential_id,
  publicKey: row.public_key,
  signCount: Number(row.sign_count),
  transports: row.transports ? row.transports.split(',') : [],
  name: row.name,
  createdAt: new Date(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  secondFactor: Boolean(row.second_factor),
  suspended: Boolean(row.suspended),
});

export async function listPasskeys(tx: Tx, userId: bigint): Promise<PasskeyRow[]> {
  const rows = await queryRows<RawPasskey>(tx, sql`SELECT * FROM passkeys WHERE user_id = ${userId} ORDER BY id`);
  return rows.map(toRow);
}

export async function findPasskey(tx: Tx, credentialId: string): Promise<PasskeyRow | undefined> {
  const rows = await queryRows<RawPasskey>(tx, sql`SELECT * FROM passkeys WHERE credential_id = ${credentialId}`);
  return rows[0] && toRow(rows[0]);
}

/** Stores a passkey; false when the credential is already registered (to anyone). */
export async function insertPasskey(
  tx: Tx,
  passkey: Pick<
    PasskeyRow,
    'userId' | 'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'name' | 'secondFactor'
  >,
): Promise<number | undefined> {
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO passkeys (user_id, credential_id, public_key, sign_count, transports, name, second_factor)
        VALUES (${passkey.userId}, ${passkey.credentialId}, ${passkey.publicKey}, ${passkey.signCount},
                ${passkey.transports.join(',')}, ${passkey.name}, ${passkey.secondFactor})
        ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** Records a use; the counter only moves forward (a clone replaying an old counter is refused before). */
export async function markPasskeyUsed(tx: Tx, id: number, signCount: number): Promise<void> {
  await tx.execute(sql`
    UPDATE passkeys SET sign_count = GREATEST(sign_count, ${signCount}), last_used_at = now() WHERE id = ${id}`);
}

export async function deletePasskey(tx: Tx, userId: bigint, id: number): Promise<boolean> {
  const rows = await queryRows(tx, sql`DELETE FROM passkeys WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  return rows.length > 0;
}

/** A password reset suspends every passkey of the account (docs/decisions/0027, amendment of 2026-12-01). */
export async function suspendPasskeys(tx: Tx, userId: bigint): Promise<void> {
  await tx.execute(sql`UPDATE passkeys SET suspended = true WHERE user_id = ${userId}`);
}

/** The owner confirms a suspended passkey; false when it is not theirs or not suspended. */
export async function confirmPasskey(tx: Tx, userId: bigint, id: number): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`UPDATE passkeys SET suspended = false WHERE id = ${id} AND user_id = ${userId} AND suspended RETURNING id`,
  );
  return rows.length > 0;
}

export type WebAuthnPurpose = 'register' | 'login' | 'withdraw' | 'step_up';

export async function insertWebAuthnChallenge(
  tx: Tx,
  challenge: { challenge: string; userId: bigint | null; purpose: WebAuthnPurpose; bound: string; seconds: number },
): Promise<void> {
  await tx.execute(sql`DELETE FROM webauthn_challenges WHERE expires_at <= now()`);
  await tx.execute(sql`
    INSERT INTO webauthn_challenges (challenge, user_id, purpose, bound, expires_at)
    VALUES (${challenge.challenge}, ${challenge.userId}, ${challenge.purpose}, ${challenge.bound},
            now() + make_interval(secs => ${challenge.seconds}))`);
}

/** Takes a live challenge (deleting it: each is used once, whatever the verification answers). */
export async function takeWebAuthnChallenge(
  tx: Tx,
  challenge: string,
  purpose: WebAuthnPurpose,
): Promise<{ userId: bigint | null; bound: string } | undefined> {
  const rows = await queryRows<{ user_id: string | bigint | null; bound: string }>(
    tx,
    sql`DELETE FROM webauthn_challenges
        WHERE challenge = ${challenge} AND purpose = ${purpose} AND expires_at > now()
        RETURNING user_id, bound`,
  );
  const row = rows[0];
  return row && { userId: row.user_id === null ? null : BigInt(row.user_id), bound: row.bound };
}
