/**
 * The ledger invariants every money property test checks after its random sequence of operations
 * (docs/decisions/0004-money-and-ledger.md), in one snapshot: each currency's journal sums to zero
 * (unbalanced), no user balance is negative (negative), every account's available + held equals the
 * sum of its journal entries (drift). A module adds its own counts of violating rows (`extra`, one
 * `count(*)` expression each), read in the same snapshot.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { queryRows } from '../db/query';

const LEDGER_CHECKS: Record<string, SQL> = {
  unbalanced: sql`(SELECT count(*) FROM (
                     SELECT currency FROM journal_entries GROUP BY currency HAVING sum(amount) <> 0) x)`,
  negative: sql`(SELECT count(*) FROM ledger_accounts WHERE user_id IS NOT NULL AND (available < 0 OR held < 0))`,
  drift: sql`(SELECT count(*) FROM ledger_accounts a WHERE a.available + a.held <> coalesce((
                SELECT sum(amount) FROM journal_entries e WHERE e.account_id = a.id), 0))`,
};

/** How many rows violate each invariant: the ledger's and the module's `extra` ones. */
export async function ledgerViolations(db: Database, extra: Record<string, SQL> = {}): Promise<Record<string, number>> {
  const checks = Object.entries({ ...LEDGER_CHECKS, ...extra }).map(
    ([name, count]) => sql`(${count})::int AS ${sql.identifier(name)}`,
  );
  const [row] = await db.tx((tx) => queryRows<Record<string, number>>(tx, sql`SELECT ${sql.join(checks, sql`, `)}`));
  return row!;
}

/** Asserts that no row violates the ledger's invariants nor the module's `extra` ones. */
export async function expectLedgerInvariants(db: Database, extra: Record<string, SQL> = {}): Promise<void> {
  const none = Object.fromEntries([...Object.keys(LEDGER_CHECKS), ...Object.keys(extra)].map((name) => [name, 0]));
  expect(await ledgerViolations(db, extra)).toEqual(none);
}

/** A user's account in `currency` as the ledger holds it (decimal strings). */
export async function userLedgerAccount(
  db: Database,
  userId: bigint,
  currency = 'JPY',
): Promise<{ available: string; held: string }> {
  const [row] = await db.tx((tx) =>
    queryRows<{ available: string; held: string }>(
      tx,
      sql`SELECT available::text, held::text FROM ledger_accounts WHERE user_id = ${userId} AND currency = ${currency}`,
    ),
  );
  return row!;
}
