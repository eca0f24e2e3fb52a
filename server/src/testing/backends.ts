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
import { openPglite } from '../db/pglite';

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
 * A migrated PGlite data directory, made once and cached in the temp folder under a hash of the migrations and the
 * PGlite version: each suite then starts from a copy of it (a directory copy and PGlite's start, about 0.6 s)
 * instead of running initdb and every migration (several seconds) or unpacking a dump into memory (about 1 s more:
 * the dump holds a 16 MB WAL segment). Made in a folder of its own and renamed into place, so parallel workers never
 * copy half a directory. The suites' databases then live on disk, as `npm start`'s does.
 */
async function pgliteTemplate(): Promise<string> {
  const version = (
    JSON.parse(
      fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'),
    ) as { version: string }
  ).version;
  const hash = createHash('sha256').update(version);
  for (const file of readMigrations()) hash.update(file.name).update(file.sql);
  const dir = path.join(os.tmpdir(), `kabu-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (!fs.existsSync(dir)) {
    const partial = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const database = await openPglite(partial);
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    try {
      fs.renameSync(partial, dir);
    } catch (error) {
      // Another worker renamed its copy first: use that one.
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(dir)) throw error;
    }
  }
  return dir;
}

const pglite: TestBackend = {
  name: 'pglite',
  async open(options = {}) {
    if (options.empty) return { config: { kind: 'pglite' }, cleanup: async () => undefined };
    const template = await pgliteTemplate();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-pglite-suite-'));
    fs.cpSync(template, dataDir, { recursive: true });
    return {
      config: { kind: 'pglite', dataDir },
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
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
