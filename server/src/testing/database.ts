/**
 * Direct-database fixtures for the suites that test repositories and services without the app:
 * a migrated database per backend for the suite, and a verified, funded trader inserted into it.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { queryRows } from '../db/query';
import { getHouseAccountId, getUserAccountId, postTransaction } from '../modules/ledger/ledger-repository';
import type { TestBackend, TestDatabase } from './backends';

/**
 * Opens a migrated database on `backend` before the suite (then runs `prepare` on it) and closes
 * and drops it after. Read `.db` inside hooks and tests, not at describe time.
 */
export function useMigratedDatabase(
  backend: TestBackend,
  prepare?: (db: Database) => Promise<unknown>,
): { readonly db: Database } {
  let testDb: TestDatabase | undefined;
  let db: Database | undefined;
  beforeAll(async () => {
    testDb = await backend.open();
    db = await openDatabase(testDb.config);
    await migrate(db);
    await prepare?.(db);
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.cleanup();
  });
  return {
    get db() {
      if (!db) throw new Error('useMigratedDatabase: the database is open in hooks and tests only');
      return db;
    },
  };
}

/**
 * A verified user with `funding` JPY deposited from the house bank account (a balanced posting)
 * who, unless told otherwise, acknowledged risk disclosure version 1. Answers the user id.
 */
export async function insertFundedTrader(db: Database, funding: string, { acknowledged = true } = {}): Promise<bigint> {
  return db.tx(async (tx) => {
    const [row] = await queryRows<{ id: bigint }>(
      tx,
      sql`INSERT INTO users (account, email, password_hash, invite_code, realname_status)
          VALUES (${`09${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`}, 'p@example.com', 'x',
                  ${randomBytes(8).toString('hex')}, 'verified') RETURNING id`,
    );
    const userId = BigInt(row!.id);
    if (acknowledged)
      await tx.execute(
        sql`INSERT INTO risk_acknowledgements (user_id, kind, version) VALUES (${userId}, 'leverage', 1)`,
      );
    const account = await getUserAccountId(tx, userId, 'JPY');
    await postTransaction(tx, {
      kind: 'deposit',
      entries: [
        { accountId: await getHouseAccountId(tx, 'bank', 'JPY'), currency: 'JPY', amount: `-${funding}` },
        { accountId: account, currency: 'JPY', amount: funding },
      ],
    });
    return userId;
  });
}
