/**
 * A migrated embedded database for the journeys' servers: global-setup runs initdb and every migration once
 * (server/dist's own `migrate`, as the server does at start) in a data directory of the run's temp folder; each
 * server the journeys start then begins from a copy of it (a directory copy, instead of several seconds of initdb
 * and migrations per server) and its own start finds nothing to migrate. The path travels in E2E_DATA_TEMPLATE
 * and the state file.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, STATE_FILE, type E2eState } from './env';

const SCRIPT = `
const { openDatabase } = require('./server/dist/db/database');
const { migrate } = require('./server/dist/db/migrate');
(async () => {
  const db = await openDatabase({ kind: 'pglite', dataDir: process.argv[1] });
  try { await migrate(db); } finally { await db.close(); }
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** Creates the migrated data directory `dir` (PGlite's files in dir/pglite); throws with the output on failure. */
export function createDataTemplate(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const run = spawnSync(process.execPath, ['-e', SCRIPT, dir], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`e2e: migrating the template database failed:\n${run.stdout}${run.stderr}`);
}

/** Fills the fresh data directory `dataDir` from the run's template, when global-setup made one. */
export function seedDataDir(dataDir: string): void {
  const template =
    process.env.E2E_DATA_TEMPLATE ??
    (existsSync(STATE_FILE) ? (JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2eState).dataTemplate : undefined);
  if (!template || !existsSync(path.join(template, 'pglite'))) return;
  cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}
