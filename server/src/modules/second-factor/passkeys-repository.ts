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
  passkey: Pick<PasskeyRow, 'userId' | 'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'name'>,
): Promise<number | undefined> {
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO passkeys (user_id, credential_id, public_key, sign_count, transports, name)
        VALUES (${passkey.userId}, ${passkey.credentialId}, ${passkey.publicKey}, ${passkey.signCount},
                ${passkey.transports.join(',')}, ${passkey.name})
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

export type WebAuthnPurpose = 'register' | 'login' | 'withdraw';

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
