/**
 * Embedded PGlite backend (docs/decisions/0003-embedded-database.md): one session, so every
 * transaction goes through a FIFO lock; an exclusive lock file guards the data directory; close
 * runs CHECKPOINT so the files on disk are complete.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { txConfig, type Database, type RawSession, type Tx, type TxOptions } from './types';
import { FifoLock } from './fifo-lock';
import { acquireDataDirLock, type DataDirLock } from './lock-file';
import * as schema from './schema';
import { PGLITE_PARSERS } from './type-parsers';

export async function openPglite(dataDir?: string): Promise<Database> {
  const lockFile: DataDirLock | undefined = dataDir ? acquireDataDirLock(dataDir) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
      parsers: PGLITE_PARSERS,
    });
    // Same session time zone as the PostgreSQL pool, so timestamps print identically.
    await client.exec("SET TIME ZONE 'UTC'");
  } catch (error) {
    lockFile?.release();
    throw error;
  }
  const db = drizzle({ client, schema });
  const lock = new FifoLock();
  let closed: Promise<void> | undefined;

  let writes = 0;
  /** Counts a writer once it has finished (committed or not), still inside the lock: no reader runs in between. */
  const counted = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } finally {
      writes += 1;
    }
  };

  const database: Database = {
    backend: 'pglite',
    tx<T>(fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T> {
      const run = () => db.transaction((tx) => fn(tx as unknown as Tx), txConfig(options));
      return lock.run(options?.readOnly ? run : () => counted(run));
    },
    statement<Row>(query: SQL): Promise<Row[]> {
      return lock.run(() => counted(async () => ((await db.execute(query)) as unknown as { rows: Row[] }).rows));
    },
    writes: () => writes,
    rawTx<T>(fn: (session: RawSession) => Promise<T>): Promise<T> {
      return lock.run(() =>
        counted(() =>
          client.transaction((t) =>
            fn({
              exec: async (script) => {
                await t.exec(script);
              },
              query: async <Row>(text: string, params?: unknown[]) => (await t.query<Row>(text, params)).rows,
            }),
          ),
        ),
      );
    },
    close(): Promise<void> {
      closed ??= lock.run(async () => {
        try {
          if (dataDir) await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          lockFile?.release();
        }
      });
      return closed;
    },
  };
  return database;
}
