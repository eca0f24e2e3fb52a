/**
 * The one entry point to the database: `tx(fn)`. Repositories take the transaction handle and never
 * the root client, because on PGlite (one session) a root call inside a transaction deadlocks.
 * Two backends share this interface: embedded PGlite (default) and PostgreSQL (DATABASE_URL).
 */
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

// The shared types live in ./types so the backends need not import this module; re-exported here,
// the path the rest of the server imports them from.
export { txConfig, type Backend, type Database, type RawSession, type Schema, type Tx, type TxOptions } from './types';

export type DatabaseConfig =
  /** Embedded PostgreSQL; in memory when dataDir is undefined (tests), optionally cloned from a dump. */
  | { kind: 'pglite'; dataDir?: string }
  /** Real PostgreSQL; searchPath selects a schema (tests use one fresh schema per file). */
  | { kind: 'postgres'; url: string; searchPath?: string; maxConnections?: number };

/** Opens a database of either kind (migrations are run separately by `migrate`). */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'pglite' ? openPglite(config.dataDir) : openPostgres(config);
}
