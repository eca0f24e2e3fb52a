/**
 * A small migrator for one folder of plain SQL files (migrations/NNNN_name.sql), applied in name
 * order at start-up, each recorded in schema_migrations. All pending files run in one transaction
 * under an advisory lock, so two instances starting together on PostgreSQL apply them once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './types';

/** server/migrations, from src/db (jest) or dist/db (compiled). */
export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');

const FILE_NAME = /^\d{4}_[a-z0-9_]+\.sql$/;
// Arbitrary constant naming "Kabu schema migrations" for pg_advisory_xact_lock.
const ADVISORY_LOCK_KEY = 7_342_001;

export interface MigrationFile {
  name: string;
  sql: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .filter((name) => FILE_NAME.test(name))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** Applies pending migrations; answers the names applied now (empty when up to date). */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = readMigrations(dir);
  return db.rawTx(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCK_KEY]);
    await session.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations ' +
        '(name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows = await session.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const now: string[] = [];
    for (const file of files) {
      if (applied.has(file.name)) continue;
      await session.exec(file.sql);
      await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file.name]);
      now.push(file.name);
    }
    return now;
  });
}
