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
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
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

const log = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Preloaded into the server: counts node-postgres queries (one round trip each) into a file. */
const COUNTER_SOURCE = `const { renameSync, writeFileSync } = require('node:fs');
const pg = require(${JSON.stringify(require.resolve('pg'))});
const counts = {};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config && config.text;
  const kind = String(text ?? '?').replace(/\\s+/g, ' ').trim().slice(0, 60);
  counts[kind] = (counts[kind] ?? 0) + 1;
  return query.call(this, config, ...rest);
};
const file = process.env.BENCH_QUERY_COUNT_FILE;
setInterval(() => {
  writeFileSync(file + '.tmp', JSON.stringify(counts));
  renameSync(file + '.tmp', file);
}, 100).unref();
`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'kabu-orders-bench-run-'));
const counterFile = path.join(scratch, 'count-queries.cjs');
writeFileSync(counterFile, COUNTER_SOURCE);
/** Statements sent so far by the server, by their first 60 characters. */
const queryCounts = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};
const countDelta = (after, before) =>
  Object.fromEntries(
    Object.entries(after)
      .map(([k, v]) => [k, v - (before[k] ?? 0)])
      .filter(([, v]) => v > 0),
  );
const sum = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (v, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN;

function ensureBuilt() {
  const dist = path.join(root, 'server/dist/main.js');
  if (existsSync(dist) && existsSync(path.join(root, 'shared/dist'))) return;
  log('Building shared and server (npm run build -w shared -w server)...');
  const built = spawnSync('npm', ['run', 'build', '-w', 'shared', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
}

/** Seeds the traders through the built server's own database layer (migrations included). */
async function seed(databaseConfig) {
  const { openDatabase } = require(path.join(root, 'server/dist/db/database.js'));
  const { migrate } = require(path.join(root, 'server/dist/db/migrate.js'));
  const db = await openDatabase(databaseConfig);
  try {
    await migrate(db);
    return await db.rawTx(async (s) => {
      const [bank] = await s.query("SELECT id FROM ledger_accounts WHERE house_name = 'bank' AND currency = 'JPY'");
      const traders = [];
      for (let i = 0; i < CONNECTIONS; i += 1) {
        const account = `07${String(i).padStart(8, '0')}`;
        const token = randomBytes(32).toString('base64url');
        const [user] = await s.query(
          'INSERT INTO users (account, email, password_hash, invite_code, realname_status) ' +
            "VALUES ($1, 'bench@example.com', 'x', $2, 'verified') RETURNING id",
          [account, `B${randomBytes(6).toString('hex')}`],
        );
        await s.query(
          "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')",
          [createHash('sha256').update(token).digest('hex'), user.id],
        );
        await s.query('INSERT INTO risk_acknowledgements (user_id, version) VALUES ($1, 1)', [user.id]);
        const [acct] = await s.query(
          "INSERT INTO ledger_accounts (user_id, currency) VALUES ($1, 'JPY') RETURNING id",
          [user.id],
        );
        const [txn] = await s.query(
          "INSERT INTO journal_transactions (kind, reference) VALUES ('deposit', 'BENCH') RETURNING id",
        );
        await s.query(
          'INSERT INTO journal_entries (transaction_id, account_id, currency, amount) ' +
            "VALUES ($1, $2, 'JPY', -1000000000000), ($1, $3, 'JPY', 1000000000000)",
          [txn.id, bank.id, acct.id],
        );
        const [shard] = await s.query(
          'SELECT id FROM ledger_accounts WHERE user_id IS NULL ' +
            "AND house_name = 'fee_revenue_' || ($1::bigint % 16) AND currency = 'JPY'",
          [user.id],
        );
        traders.push({
          account,
          token,
          userId: String(user.id),
          accountId: String(acct.id),
          revenueId: String(shard.id),
        });
      }
      return traders;
    });
  } finally {
    await db.close();
  }
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

/**
 * The statement the server sends for ORDER_BODY (trade-service.ts placeOrder → placementStatement),
 * rendered by the built server's own code with the rules the seeded database holds.
 */
let dialect;
const BENCH_RULES = {
  trade_leverages: '[1,2,5,10]',
  trade_fee_rate: '0.0005',
  trade_maintenance_ratio: '0.5',
  risk_disclosure_version: '1',
};

/** The drizzle SQL object of that statement (PGlite's Database.statement takes it as is). */
function orderSql(trader, n) {
  const { placementStatement } = require(path.join(root, 'server/dist/modules/trade/trade-repository.js'));
  return placementStatement({
    userId: BigInt(trader.userId),
    currency: 'JPY',
    go: true,
    rules: BENCH_RULES,
    needsAck: false,
    orderNo: `TB${trader.userId}x${n}x${randomBytes(3).toString('hex')}`,
    at: new Date(),
    hold: { amount: '2430', reason: 'margin' },
    fee: '1',
    memo: 'open long 7203 ×1 @ 2430',
    position: {
      market: 'jpy',
      code: '7203',
      name: 'Toyota Motor',
      direction: 'long',
      priceType: 'market',
      leverage: 1,
      quantity: '1',
      buyPrice: '2430',
      limitPrice: null,
      margin: '2430',
      fee: '1',
      feeRate: '0.0005',
      status: 0,
      openDate: '2026-11-16',
    },
  });
}

/** The same as text and parameters, as node-postgres receives it from drizzle. */
function orderStatement(trader, n) {
  dialect ??= new (createRequire(path.join(root, 'server/dist/main.js'))('drizzle-orm/pg-core').PgDialect)();
  const query = dialect.sqlToQuery(orderSql(trader, n));
  return [query.sql, query.params.map((p) => (typeof p === 'bigint' ? p.toString() : p))];
}

async function bareLoop(name, run, traders, connections) {
  const latencies = [];
  let count = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let n = 0; performance.now() < end; n += 1) {
        const trader = traders[(c + n * connections) % traders.length];
        const start = performance.now();
        await run(trader, n, c);
        latencies.push(performance.now() - start);
        count += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    name,
    ordersPerSecond: count / SECONDS,
    booked: count,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    connections,
  };
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
    const traders = await seed({ kind: 'postgres', url, maxConnections: 2 });
    const server = await serverRun('PostgreSQL (server, 64 connections)', { DATABASE_URL: url }, traders, url);
    if (process.env.BENCH_SKIP_BARE === '1') return [server];
    const pool = Array.from({ length: SERVER_POOL }, () => new pg.Client({ connectionString: url }));
    await Promise.all(pool.map((c) => c.connect()));
    try {
      const loadBefore = load();
      const bare = await bareLoop(
        `PostgreSQL (bare pg loop, ${SERVER_POOL} connections)`,
        async (trader, n, c) => {
          const { rows } = await pool[c].query(...orderStatement(trader, n));
          if (rows[0]?.id == null) throw new Error('the bare statement booked nothing');
        },
        traders,
        SERVER_POOL,
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
    const traders = await seed({ kind: 'pglite', dataDir });
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
          const rows = await db.statement(orderSql(trader, n));
          if (rows[0]?.id == null) throw new Error('the bare statement booked nothing');
        },
        traders,
        1,
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
  log('Order placement bench (bench/orders.bench.mjs)');
  log(
    `Method: for each backend, a fresh database seeded with ${CONNECTIONS} verified traders (10^12 JPY each); ` +
      `the built server`,
  );
  log(
    `(server/dist/main.js, pool ${SERVER_POOL}) on a test clock inside Tokyo hours; ` +
      `autocannon with ${CONNECTIONS} keep-alive connections, one`,
  );
  log(`trader per connection, each POSTing /api/vue/trade/order (form: ${ORDER_BODY}) back to back`);
  log(
    `for ${SECONDS} s after a 3 s warm-up. orders/s = orders booked ` +
      `(read back per trader from /trade/orders) ÷ ${SECONDS} s;`,
  );
  log(
    'answers/s and p50/p99 latency from autocannon. ' +
      '"bare" = the same SQL the server sends for that order, looped by the bench',
  );
  log(
    `itself (PostgreSQL: ${SERVER_POOL} node-postgres connections; ` +
      `PGlite: one in-process session): the database's own ceiling.`,
  );
  log(
    'stmts/req = statements the server sent per request (each one round trip; session lookup included); ' +
      'commits/order from pg_stat_database.',
  );
  log(
    `Machine: ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, Node ${process.version}; ` +
      `server, database and load generator share it.`,
  );
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
  log('');
  log(
    `${'run'.padEnd(42)} ${'orders/s'.padStart(8)} ${'answers/s'.padStart(9)} ${'p50 ms'.padStart(7)} ` +
      `${'p99 ms'.padStart(7)} ${'booked'.padStart(7)} ${'non-2xx'.padStart(7)} ` +
      `${'stmts/req'.padStart(9)} ${'commits/order'.padStart(13)}  load 1-min before → after`,
  );
  for (const r of rows) {
    log(
      `${r.name.padEnd(42)} ${fmt(r.ordersPerSecond).padStart(8)} ` +
        `${fmt(r.answersPerSecond ?? Number.NaN).padStart(9)} ${fmt(r.p50, 1).padStart(7)} ` +
        `${fmt(r.p99, 1).padStart(7)} ${String(r.booked).padStart(7)} ${String(r.non2xx ?? '-').padStart(7)} ` +
        `${fmt(r.statementsPerRequest ?? Number.NaN, 2).padStart(9)} ` +
        `${fmt(r.commitsPerOrder ?? Number.NaN, 2).padStart(13)}  ${r.load ?? ''}`,
    );
  }
  for (const r of rows) {
    if (!r.statements || !Object.keys(r.statements).length) continue;
    log(
      `\nStatements sent by the server during "${r.name}", per request answered (${r.requests}), ` +
        `by their first 60 characters:`,
    );
    for (const [text, n] of Object.entries(r.statements)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12))
      log(`  ${(n / r.requests).toFixed(3).padStart(7)}  ${text}`);
  }
  const pgServer = rows.find((r) => r.name.startsWith('PostgreSQL (server'));
  const pgBare = rows.find((r) => r.name.startsWith('PostgreSQL (bare'));
  if (pgServer && pgBare)
    log(
      `\nServer on PostgreSQL reaches ` +
        `${fmt((100 * pgServer.ordersPerSecond) / pgBare.ordersPerSecond)} % of the bare SQL loop.`,
    );
  if (pgServer) {
    const met = pgServer.ordersPerSecond >= TARGET.ordersPerSecond && pgServer.p99 <= TARGET.p99Ms;
    log(
      `Target ≥ ${TARGET.ordersPerSecond} orders/s with p99 ≤ ${TARGET.p99Ms} ms on PostgreSQL: ` +
        `${met ? 'met' : 'missed'} (${fmt(pgServer.ordersPerSecond)} orders/s, p99 ${fmt(pgServer.p99, 1)} ms).`,
    );
  }
  log(`Load average at the end: ${load()} (figures from a loaded machine are lower bounds).`);
  rmSync(scratch, { recursive: true, force: true });
}

main().catch((error) => {
  log(`orders bench failed to run: ${error.stack ?? error}`);
});
