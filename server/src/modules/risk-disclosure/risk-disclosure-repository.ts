/**
 * The risk disclosures of every kind (risk_disclosures, risk_acknowledgements; 0006, unified by 0014):
 * versioned texts in three languages per kind; an acknowledgement is stored once per user, kind and
 * version with its time (append-only, the first time kept). A kind's current version is a site_config
 * row (VERSION_SETTING): the leverage one is also one of the trading rules the placement statement
 * checks it was priced with (trade-repository.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RiskKind } from 'shared/contract';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/query';

/** The site_config row holding each kind's current version. */
export const VERSION_SETTING: Record<RiskKind, string> = {
  leverage: 'risk_disclosure_version',
  new_share: 'new_share_disclosure_version',
  copy_trade: 'copy_disclosure_version',
  day_trade: 'day_trade_disclosure_version',
};

export async function currentVersion(tx: Tx, kind: RiskKind): Promise<number> {
  const [row] = await queryRows<{ value: string }>(
    tx,
    sql`SELECT value FROM site_config WHERE name = ${VERSION_SETTING[kind]}`,
  );
  const version = Number(row?.value);
  if (!Number.isInteger(version) || version <= 0)
    throw new Error(`site_config ${VERSION_SETTING[kind]} must be a positive integer`);
  return version;
}

export interface DisclosureRow {
  title: Record<string, string>;
  body: Record<string, string>;
  /** Null: not acknowledged. */
  acknowledgedAt: Date | null;
}

/** The kind's disclosure of `version` with the user's acknowledgement time. */
export async function readDisclosure(
  tx: Tx,
  userId: bigint,
  kind: RiskKind,
  version: number,
): Promise<DisclosureRow | undefined> {
  const [row] = await queryRows<{
    title: Record<string, string>;
    body: Record<string, string>;
    acknowledgedAt: Date | string | null;
  }>(
    tx,
    sql`SELECT d.title, d.body, a.acknowledged_at AS "acknowledgedAt" FROM risk_disclosures d
        LEFT JOIN risk_acknowledgements a ON a.kind = d.kind AND a.version = d.version AND a.user_id = ${userId}
        WHERE d.kind = ${kind} AND d.version = ${version}`,
  );
  return row && { ...row, acknowledgedAt: row.acknowledgedAt === null ? null : new Date(row.acknowledgedAt) };
}

/**
 * The condition "the user acknowledged the kind's version": for a statement that checks it in its own
 * snapshot (`userId` and `versionText`, the site_config text, are expressions of that statement).
 */
export function acknowledgedCondition(userId: SQL, kind: RiskKind, versionText: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM risk_acknowledgements r
                     WHERE r.user_id = ${userId} AND r.kind = ${kind} AND r.version::text = ${versionText})`;
}

/** Whether the user acknowledged the kind's current version. */
export async function hasAcknowledged(tx: Tx, userId: bigint, kind: RiskKind): Promise<boolean> {
  const [row] = await queryRows<{ acked: boolean }>(
    tx,
    sql`SELECT ${acknowledgedCondition(
      sql`${userId}::bigint`,
      kind,
      sql`(SELECT value FROM site_config WHERE name = ${VERSION_SETTING[kind]})`,
    )} AS acked`,
  );
  return row?.acked === true;
}

/** Stores the acknowledgement (ON CONFLICT DO NOTHING: the first time is kept) and answers its time. */
export async function acknowledge(tx: Tx, userId: bigint, kind: RiskKind, version: number, at: Date): Promise<Date> {
  await tx.execute(
    sql`INSERT INTO risk_acknowledgements (user_id, kind, version, acknowledged_at)
        VALUES (${userId}, ${kind}, ${version}, ${at.toISOString()}) ON CONFLICT DO NOTHING`,
  );
  const [row] = await queryRows<{ acknowledgedAt: Date | string }>(
    tx,
    sql`SELECT acknowledged_at AS "acknowledgedAt" FROM risk_acknowledgements
        WHERE user_id = ${userId} AND kind = ${kind} AND version = ${version}`,
  );
  return new Date(row!.acknowledgedAt);
}
