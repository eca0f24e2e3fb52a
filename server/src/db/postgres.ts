/**
 * PostgreSQL backend (DATABASE_URL): a node-postgres pool; transactions run concurrently, so money
 * code must guard itself in SQL (CHECK constraints, conditional updates), which PGlite's
 * serialisation would otherwise hide.
 */
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { txConfig, type Database, type RawSession, type Tx, type TxOptions } from './types';
import * as schema from './schema';
import { installPgTypeParsers } from './type-parsers';

export interface PostgresConfig {
  url: string;
  searchPath?: string;
  maxConnections?: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const CONNECT_TIMEOUT_MS = 5000;

/** A client whose connection attempt gives up after CONNECT_TIMEOUT_MS (the pool's queue waits as long as it must). */
class ConnectTimeoutClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export async function openPostgres(config: PostgresConfig): Promise<Database> {
  installPgTypeParsers();
  if (config.searchPath !== undefined && !IDENTIFIER.test(config.searchPath)) {
    throw new Error(`Invalid schema name for search_path: ${config.searchPath}`);
  }
  const options = ['-c TimeZone=UTC', config.searchPath ? `-c search_path=${config.searchPath}` : ''].join(' ').trim();
  // A database that does not answer a new connection within 5 s is treated as down (503 service_unavailable)
  // instead of holding the request; the pool makes fresh connections once it is back. The timeout is the
  // client's (the TCP connect and start-up), not the pool's: pg-pool would also apply its connectionTimeoutMillis
  // to a request waiting for a busy pool, turning a burst (20 withdrawals queued on one idempotency key) into 503s.
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.maxConnections ?? 10,
    options,
    Client: ConnectTimeoutClient,
  });
  // An idle client that loses its connection emits here; without a listener it would crash the process.
  pool.on('error', () => undefined);
  // So does a checked-out client (a transaction between two statements) whose connection drops in an outage:
  // its statements fail on their own (answered 503), the pool drops it on release and connects anew.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Fail at start, with the driver's message, rather than on the first request.
  await pool.query('SELECT 1');
  const db = drizzle({ client: pool, schema });
  // One drizzle instance per pooled connection (no relational queries run in transactions, so no schema).
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase>();
  const sessionOf = (client: pg.PoolClient): NodePgDatabase => {
    let session = onClient.get(client);
    if (!session) onClient.set(client, (session = drizzle({ client })));
    return session;
  };
  let closed: Promise<void> | undefined;

  return {
    backend: 'postgres',
    async tx<T>(fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T> {
      // The connection is taken and given back here, whatever happens: drizzle's own pool transaction never released
      // a client whose BEGIN failed (a connection cut at that moment), and pool.end() then waited for it forever. A
      // cut connection given back is dropped by the pool (it is no longer queryable).
      const client = await pool.connect();
      try {
        return await sessionOf(client).transaction((tx) => fn(tx as unknown as Tx), txConfig(options));
      } finally {
        client.release();
      }
    },
    async statement<Row>(query: SQL): Promise<Row[]> {
      return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
    },
    async rawTx<T>(fn: (session: RawSession) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close(): Promise<void> {
      closed ??= pool.end();
      return closed;
    },
  };
}
