/**
 * The backends every database suite runs against: embedded PGlite always, and real PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh schema per suite, dropped afterwards: no leftover state).
 *
 *   describe.each(testBackends())('on $name', (backend) => { ... backend.open() ... })
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { openPgliteClient } from '../db/pglite';

export interface TestDatabase {
  config: DatabaseConfig;
  /** Drops what open() created (call after the app or database is closed). */
  cleanup(): Promise<void>;
}

export interface TestBackend {
  name: 'pglite' | 'postgres';
  /** A fresh database; `empty: true` skips the migrated template (for the migrator's own tests). */
  open(options?: { empty?: boolean }): Promise<TestDatabase>;
}

/**
 * A migrated PGlite database, dumped once and cached in the temp folder under a hash of the
 * migrations and the PGlite version: each suite then clones it (~1 s) instead of running initdb and
 * every migration (several seconds). Written via rename, so parallel workers never read half a file.
 */
async function pgliteTemplate(): Promise<Blob> {
  const version = (
    JSON.parse(
      fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'),
    ) as { version: string }
  ).version;
  const hash = createHash('sha256').update(version);
  for (const file of readMigrations()) hash.update(file.name).update(file.sql);
  const file = path.join(os.tmpdir(), `kabu-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const { database, client } = await openPgliteClient();
    try {
      await migrate(database);
      const dump = await client.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await database.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

const pglite: TestBackend = {
  name: 'pglite',
  async open(options = {}) {
    const config: DatabaseConfig = options.empty
      ? { kind: 'pglite' }
      : { kind: 'pglite', template: await pgliteTemplate() };
    return { config, cleanup: async () => undefined };
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
