/**
 * The new-share risk disclosure (new_share_disclosures, new_share_acknowledgements, 0010): versioned
 * texts in three languages; the current version is site_config `new_share_disclosure_version`; an
 * acknowledgement is stored once with its time (append-only).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

export async function currentDisclosureVersion(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ value: string }>(
    tx,
    sql`SELECT value FROM site_config WHERE name = 'new_share_disclosure_version'`,
  );
  const version = Number(row?.value);
  if (!Number.isInteger(version) || version <= 0)
    throw new Error('site_config new_share_disclosure_version must be a positive integer');
  return version;
}

/** The disclosure of `version` with the user's acknowledgement time (null: not acknowledged). */
export async function readDisclosure(tx: Tx, userId: bigint, version: number) {
  const [row] = await queryRows<{
    title: Record<string, string>;
    body: Record<string, string>;
    acknowledgedAt: Date | string | null;
  }>(
    tx,
    sql`SELECT d.title, d.body, a.acknowledged_at AS "acknowledgedAt" FROM new_share_disclosures d
        LEFT JOIN new_share_acknowledgements a ON a.version = d.version AND a.user_id = ${userId}
        WHERE d.version = ${version}`,
  );
  return row;
}

/** Whether the user acknowledged the current version. */
export async function hasAcknowledged(tx: Tx, userId: bigint): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM new_share_acknowledgements a
        JOIN site_config c ON c.name = 'new_share_disclosure_version' AND c.value = a.version::text
        WHERE a.user_id = ${userId}`,
  );
  return (row?.n ?? 0) > 0;
}

/** Stores the acknowledgement (the first time is kept) and answers its time. */
export async function acknowledge(tx: Tx, userId: bigint, version: number, at: Date): Promise<Date> {
  await tx.execute(
    sql`INSERT INTO new_share_acknowledgements (user_id, version, acknowledged_at)
        VALUES (${userId}, ${version}, ${at.toISOString()}) ON CONFLICT DO NOTHING`,
  );
  const [row] = await queryRows<{ acknowledgedAt: Date | string }>(
    tx,
    sql`SELECT acknowledged_at AS "acknowledgedAt" FROM new_share_acknowledgements
        WHERE user_id = ${userId} AND version = ${version}`,
  );
  return new Date(row!.acknowledgedAt);
}
