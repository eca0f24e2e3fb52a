/**
 * The backends every database suite runs against: embedded PGlite always, and real PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh schema per suite, dropped afterwards: no leftover state).
 *
 *   describe.each(testBackends())('on $name', (backend) => { ... backend.open() ... })
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '../db/database';

export interface TestDatabase {
  config: DatabaseConfig;
  /** Drops what open() created (call after the app or database is closed). */
  cleanup(): Promise<void>;
}

export interface TestBackend {
  name: 'pglite' | 'postgres';
  open(): Promise<TestDatabase>;
}

const pglite: TestBackend = {
  name: 'pglite',
  async open() {
    return { config: { kind: 'pglite' }, cleanup: async () => undefined };
  },
};

function postgres(url: string): TestBackend {
  return {
    name: 'postgres',
    async open() {
      const schema = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA ${schema}`);
      } finally {
        await admin.end();
      }
      return {
        config: { kind: 'postgres', url, searchPath: schema, maxConnections: 5 },
        async cleanup() {
          const dropper = new pg.Client({ connectionString: url });
          await dropper.connect();
          try {
            await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          } finally {
            await dropper.end();
          }
        },
      };
    },
  };
}

export function testBackends(): TestBackend[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
}
