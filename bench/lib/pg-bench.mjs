/**
 * What the PostgreSQL benches share (draw, accrual, matcher): the built server's modules, a database of their own
 * (created and dropped, or BENCH_DATABASE_URL used as given and left in place), migrated; users seeded directly;
 * timing, the load average, and the printing of ratios, linearity and goals.
 *
 * The database server: BENCH_DATABASE_URL (a database used as given), else the server of TEST_DATABASE_URL, else
 * postgres://root@127.0.0.1:5432; on a server the bench creates `kabu_<name>_bench_<pid>_<hex>` and drops it after.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { atMost, verdict } from './stats.cjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
export const pg = require('pg');

export const log = (line = '') => process.stdout.write(`${line}\n`);
/** The 1-, 5- and 15-minute load averages, e.g. "1.2 0.9 0.8". */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
export const fmt = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
export { median, verdict } from './stats.cjs';

/** The machine line every bench prints first. */
export const machine = () =>
  `Machine: ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, Node ${process.version}.`;

/** Positive integers from a comma-separated environment variable, else the defaults. */
export function sizesFrom(name, defaults) {
  return (process.env[name] || defaults)
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Runs `fn`, answering its value and the seconds it took. */
export async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { seconds: (performance.now() - started) / 1000, value };
}

/** Builds shared and server unless `server/dist/<probe>` exists. */
export function ensureBuilt(probe) {
  if (existsSync(path.join(root, 'server/dist', probe))) return;
  log('Building shared and server (npm run build -w shared -w server)...');
  const built = spawnSync('npm', ['run', 'build', '-w', 'shared', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
}

/** A module of the built server, e.g. `serverModule('modules/trade/matcher.js')`. */
export const serverModule = (file) => require(path.join(root, 'server/dist', file));

/** The admin URL (database `postgres`) of the server a database URL names. */
function serverUrl(url) {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

/**
 * Creates the bench's database (see the header), migrates it with the built server's migrations and calls
 * `fn({ db, client, url })`: `db` the server's database layer (2 connections), `client` a plain `pg` client for
 * seeding and bare SQL. Closes both and drops the database afterwards, whatever happens.
 */
export async function withBenchDatabase(name, fn) {
  const given = process.env.BENCH_DATABASE_URL;
  const server = serverUrl(process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres');
  const dbName = `kabu_${name}_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = given ?? Object.assign(new URL(server), { pathname: `/${dbName}` }).toString();
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (!given) await admin(`CREATE DATABASE ${dbName}`);
  const { openDatabase } = serverModule('db/database.js');
  const { migrate } = serverModule('db/migrate.js');
  let db;
  const client = new pg.Client({ connectionString: url });
  try {
    db = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
    await migrate(db);
    await client.connect();
    return await fn({ db, client, url });
  } finally {
    await client.end().catch(() => undefined);
    await db?.close();
    if (!given) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

/**
 * The frame of a bench on PostgreSQL that measures size after size (the open, the expiries): checks the build has
 * `probe`, prints `title`, `method`, the machine and the load, runs `measure(database)` in a bench database (its
 * rows kept when a later size fails), `report(rows)`, and the load at the end; a failure to run sets the exit code.
 */
export function runPgBench({ probe, name, title, method, measure, report }) {
  const main = async () => {
    ensureBuilt(probe);
    log(title);
    log(`Method: ${method}`);
    log(machine());
    log(`Load average at the start: ${load()}`);
    const rows = [];
    await withBenchDatabase(name, async (database) => {
      try {
        await measure(database, rows);
      } catch (error) {
        log(`  not measured further: ${error.stack ?? error.message}`);
      }
    });
    report(rows);
    log(`Load average at the end: ${load()} (figures from a loaded machine are lower bounds).`);
  };
  main().catch((error) => {
    log(`${name} bench failed to run: ${error.stack ?? error}`);
    process.exitCode = 1;
  });
}

/** SQL of a seeded user's account name: number `k` as ten digits (`k` an SQL expression). */
export const benchAccount = (k) => `lpad((${k})::text, 10, '0')`;

/**
 * Inserts verified users numbered `from + g` for g in 1..count (accounts `benchAccount`, invite codes `bench<k>`),
 * inside the caller's transaction (usually with triggers off: the seed is data, not the thing measured).
 */
export async function seedUsers(client, from, count) {
  await client.query(
    `INSERT INTO users (account, email, password_hash, invite_code, realname_status)
     SELECT ${benchAccount(`${from}::bigint + g`)}, 'bench@example.com', 'x', 'bench' || (${from}::bigint + g),
            'verified'
     FROM generate_series(1, ${count}) AS g`,
  );
}

/**
 * The linearity line: the measured cost per unit at the largest size ÷ at the smallest (1.00 = linear), next to the
 * reference's. `rows` have `n` and the seconds under `measured` and `reference`.
 */
export function printLinearity(rows, { unit, measured, reference, referenceName }) {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last || last === first) return undefined;
  const growth = last[measured] / last.n / (first[measured] / first.n);
  const referenceGrowth = last[reference] / last.n / (first[reference] / first.n);
  log(
    `\nLinearity: µs per ${unit} at ${last.n} ÷ at ${first.n} = ${fmt(growth)} ` +
      `(1.00 = linear; the ${referenceName}'s: ${fmt(referenceGrowth)}).`,
  );
  return { growth, referenceGrowth };
}

/** A goal line: `what` within `goal`× the reference (`ratio`), met or MISSED. */
export function printRatioGoal(what, referenceName, ratio, goal) {
  log(`Goal: ${what} within ${goal}× the ${referenceName}: ${fmt(ratio)}× ${verdict(atMost(ratio, goal))}.`);
}
