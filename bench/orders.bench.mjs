#!/usr/bin/env node
/**
 * Order placement throughput: `node bench/orders.bench.mjs` (prints figures, never fails on them).
 *
 * For each backend (PostgreSQL, then PGlite):
 *  1. a fresh database: PostgreSQL — a database it creates on 127.0.0.1:5432 as user root and drops
 *     afterwards (or BENCH_DATABASE_URL, used as given and left in place); PGlite — a temp data dir;
 *  2. seeded directly (the built server's own migrations): 64 verified traders, one per connection,
 *     each with a session, a risk acknowledgement and 10^12 JPY;
 *  3. the built server (server/dist/main.js, as `npm start` runs it) on a test clock inside Tokyo
 *     hours (TEST_CLOCK_START = Monday 2026-11-16 10:00 JST, then real time);
 *  4. autocannon: 64 connections, each POSTing /api/vue/trade/order (form-encoded market buy of
 *     1 share of 7203, 1×) as its own trader for BENCH_SECONDS (default 15) after a 3 s warm-up;
 *     figures: answers/s, latency p50/p99, and orders actually booked (read back per trader);
 *  5. the same SQL run bare in the same run: the statement the server sends for such an order (one
 *     data-modifying statement, rendered by the built server's own placementStatement, run outside
 *     a transaction block as the server runs it) in a loop on a bare `pg` driver with as many
 *     connections as the server's pool (10), or on one in-process PGlite session, for BENCH_SECONDS;
 *  6. on PostgreSQL, statements the server sent per request (node-postgres queries counted by a
 *     preloaded counter: each is one round trip, the session lookup included) and commits per order
 *     (pg_stat_database xact_commit delta ÷ orders booked).
 * The load average is printed before and after every run: the machine is shared, and every figure
 * from a loaded machine is a lower bound.
 * Target (ARCHITECTURE.md "Performance design"): ≥ 4,000 orders/s with p99 ≤ 30 ms on PostgreSQL.
 * Env: BENCH_DATABASE_URL, BENCH_SECONDS, BENCH_SKIP_PGLITE=1, BENCH_SKIP_POSTGRES=1, BENCH_SKIP_BARE=1,
 *      BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server).
 * Parts in bench/lib: orders-seed.mjs (2), query-counter.mjs (6), order-sql.mjs (5), orders-report.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareLoop, orderSql, orderStatement } from './lib/order-sql.mjs';
import { seedTraders } from './lib/orders-seed.mjs';
import { log, load, printMethod, printResults } from './lib/orders-report.mjs';
import { countDelta, queryCounts, sum, writeQueryCounter } from './lib/query-counter.mjs';
import { freePort } from './lib/serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const pg = require('pg');

const SECONDS = Math.max(3, Number(process.env.BENCH_SECONDS || 15));
const CONNECTIONS = 64;
const SERVER_POOL = 10;
const CLOCK_START = '2026-11-16T01:00:00Z';
const ORDER_BODY = 'market=jpy&code=7203&side=long&price_type=market&quantity=1&leverage=1';
const TARGET = { ordersPerSecond: 4000, p99Ms: 30 };

const scratch = mkdtempSync(path.join(os.tmpdir(), 'kabu-orders-bench-run-'));
const counterFile = writeQueryCounter(scratch);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function ensureBuilt() {
  const dist = path.join(root, 'server/dist/main.js');
  if (existsSync(dist) && existsSync(path.join(root, 'shared/dist'))) return;
  log('Building shared and server (npm run build -w shared -w server)...');
  const built = spawnSync('npm', ['run', 'build', '-w', 'shared', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
}

async function startServer(env) {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const countFile = path.join(scratch, `queries-${port}.txt`);
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--require', counterFile, path.join(root, 'server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        BENCH_QUERY_COUNT_FILE: countFile,
        PORT: String(port),
        HOST: '127.0.0.1',
        TEST_CLOCK_START: CLOCK_START,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        WEB_ROOT: root,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    queries: () => queryCounts(countFile),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

function cannon(url, traders, seconds) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/api/vue/trade/order`,
        connections: CONNECTIONS,
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: ORDER_BODY,
        setupClient: (client) => {
          const trader = traders[next++ % traders.length];
          client.setHeaders({
            'content-type': 'application/x-www-form-urlencoded',
            token: trader.token,
            account: trader.account,
          });
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function bookedOrders(url, traders) {
  let total = 0;
  for (const t of traders) {
    const answer = await (
      await fetch(`${url}/api/vue/trade/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', token: t.token, account: t.account },
        body: 'market=jpy&size=1',
      })
    ).json();
    total += answer.data?.total ?? 0;
  }
  return total;
}

async function xactCommits(url) {
  if (!url) return Number.NaN;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

async function serverRun(name, env, traders, statsUrl) {
  const server = await startServer(env);
  try {
    const probe = await (
      await fetch(`${server.url}/api/vue/trade/order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          token: traders[0].token,
          account: traders[0].account,
        },
        body: ORDER_BODY,
      })
    ).json();
    if (probe.status !== 1) throw new Error(`a probe order was refused: ${probe.msg}`);
    await cannon(server.url, traders, 3);
    const before = await bookedOrders(server.url, traders);
    const loadBefore = load();
    await sleep(250);
    const queriesBefore = server.queries();
    const commitsBefore = await xactCommits(statsUrl);
    const result = await cannon(server.url, traders, SECONDS);
    await sleep(250);
    const queriesAfter = server.queries();
    // pg_stat counters reach the view within the stats interval; read them after it.
    await sleep(600);
    const commitsAfter = await xactCommits(statsUrl);
    const booked = (await bookedOrders(server.url, traders)) - before;
    return {
      name,
      answersPerSecond: result.requests.average,
      ordersPerSecond: booked / SECONDS,
      booked,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      statementsPerRequest: sum(countDelta(queriesAfter, queriesBefore)) / result.requests.total,
      statements: countDelta(queriesAfter, queriesBefore),
      requests: result.requests.total,
      commitsPerOrder: (commitsAfter - commitsBefore) / booked,
      load: `${loadBefore} → ${load()}`,
    };
  } finally {
    await server.stop();
  }
}

async function postgresBench() {
  const given = process.env.BENCH_DATABASE_URL;
  const dbName = `kabu_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = given ?? `postgres://root@127.0.0.1:5432/${dbName}`;
  if (!given) {
    const admin = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
  }
  try {
    const traders = await seedTraders(root, { kind: 'postgres', url, maxConnections: 2 }, CONNECTIONS);
    const server = await serverRun('PostgreSQL (server, 64 connections)', { DATABASE_URL: url }, traders, url);
    if (process.env.BENCH_SKIP_BARE === '1') return [server];
    const pool = Array.from({ length: SERVER_POOL }, () => new pg.Client({ connectionString: url }));
    await Promise.all(pool.map((c) => c.connect()));
    try {
      const loadBefore = load();
      const bare = await bareLoop(
        `PostgreSQL (bare pg loop, ${SERVER_POOL} connections)`,
        async (trader, n, c) => {
          const { rows } = await pool[c].query(...orderStatement(root, trader, n));
          if (rows[0]?.id == null) throw new Error('the bare statement booked nothing');
        },
        traders,
        SERVER_POOL,
        SECONDS,
      );
      bare.load = `${loadBefore} → ${load()}`;
      return [server, bare];
    } finally {
      await Promise.all(pool.map((c) => c.end()));
    }
  } finally {
    if (!given) {
      const admin = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/postgres' });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

async function pgliteBench() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kabu-orders-bench-'));
  try {
    const traders = await seedTraders(root, { kind: 'pglite', dataDir }, CONNECTIONS);
    const server = await serverRun('PGlite (server, 64 connections)', { DATA_DIR: dataDir, DATABASE_URL: '' }, traders);
    server.statementsPerRequest = Number.NaN;
    if (process.env.BENCH_SKIP_BARE === '1') return [server];
    const { openDatabase } = require(path.join(root, 'server/dist/db/database.js'));
    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const loadBefore = load();
      const bare = await bareLoop(
        'PGlite (bare in-process loop, 1 session)',
        async (trader, n) => {
          // Database.statement runs one statement outside a transaction block, as the server does.
          const rows = await db.statement(orderSql(root, trader, n));
          if (rows[0]?.id == null) throw new Error('the bare statement booked nothing');
        },
        traders,
        1,
        SECONDS,
      );
      bare.load = `${loadBefore} → ${load()}`;
      return [server, bare];
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuilt();
  printMethod({ connections: CONNECTIONS, serverPool: SERVER_POOL, orderBody: ORDER_BODY, seconds: SECONDS });
  log(`Load average at the start: ${load()}`);
  const rows = [];
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    try {
      rows.push(...(await postgresBench()));
    } catch (error) {
      log(`PostgreSQL: not measured (${error.message})`);
    }
  }
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    try {
      rows.push(...(await pgliteBench()));
    } catch (error) {
      log(`PGlite: not measured (${error.message})`);
    }
  }
  printResults(rows, TARGET);
  log(`Load average at the end: ${load()} (figures from a loaded machine are lower bounds).`);
  rmSync(scratch, { recursive: true, force: true });
}

main().catch((error) => {
  log(`orders bench failed to run: ${error.stack ?? error}`);
});
