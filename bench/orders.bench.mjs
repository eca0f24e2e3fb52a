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
 *  5. the same SQL run bare in the same run: the order transaction's statements (BEGIN; the context
 *     SELECT; hold INSERT; position INSERT; fee journal INSERT ×2; COMMIT) in a loop on a bare `pg`
 *     driver with as many connections as the server's pool (10), or on one in-process PGlite
 *     session (PGlite runs one transaction at a time), for BENCH_SECONDS.
 * Target (ARCHITECTURE.md "Performance design"): ≥ 4,000 orders/s with p99 ≤ 30 ms on PostgreSQL.
 * Env: BENCH_DATABASE_URL, BENCH_SECONDS, BENCH_SKIP_PGLITE=1, BENCH_SKIP_POSTGRES=1.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

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
const fmt = (v, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN);

function ensureBuilt() {
  const dist = path.join(root, 'server/dist/main.js');
  if (existsSync(dist) && existsSync(path.join(root, 'shared/dist'))) return;
  log('Building shared and server (npm run build -w shared -w server)...');
  const built = spawnSync('npm', ['run', 'build', '-w', 'shared', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
}

async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
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
        const [user] = await s.query("INSERT INTO users (account, email, password_hash, invite_code, realname_status) VALUES ($1, 'bench@example.com', 'x', $2, 'verified') RETURNING id", [account, `B${randomBytes(6).toString('hex')}`]);
        await s.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [createHash('sha256').update(token).digest('hex'), user.id]);
        await s.query('INSERT INTO risk_acknowledgements (user_id, version) VALUES ($1, 1)', [user.id]);
        const [acct] = await s.query("INSERT INTO ledger_accounts (user_id, currency) VALUES ($1, 'JPY') RETURNING id", [user.id]);
        const [txn] = await s.query("INSERT INTO journal_transactions (kind, reference) VALUES ('deposit', 'BENCH') RETURNING id");
        await s.query("INSERT INTO journal_entries (transaction_id, account_id, currency, amount) VALUES ($1, $2, 'JPY', -1000000000000), ($1, $3, 'JPY', 1000000000000)", [txn.id, bank.id, acct.id]);
        const [shard] = await s.query("SELECT id FROM ledger_accounts WHERE user_id IS NULL AND house_name = 'fee_revenue_' || ($1::bigint % 16) AND currency = 'JPY'", [user.id]);
        traders.push({ account, token, userId: String(user.id), accountId: String(acct.id), revenueId: String(shard.id) });
      }
      return traders;
    });
  } finally {
    await db.close();
  }
}

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', TEST_CLOCK_START: CLOCK_START, LOG_LEVEL: 'warn', NODE_ENV: 'test', WEB_ROOT: root },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
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
          client.setHeaders({ 'content-type': 'application/x-www-form-urlencoded', token: trader.token, account: trader.account });
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function bookedOrders(url, traders) {
  let total = 0;
  for (const t of traders) {
    const answer = await (await fetch(`${url}/api/vue/trade/orders`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', token: t.token, account: t.account }, body: 'market=jpy&size=1' })).json();
    total += answer.data?.total ?? 0;
  }
  return total;
}

async function serverRun(name, env, traders) {
  const server = await startServer(env);
  try {
    const probe = await (await fetch(`${server.url}/api/vue/trade/order`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', token: traders[0].token, account: traders[0].account }, body: ORDER_BODY })).json();
    if (probe.status !== 1) throw new Error(`a probe order was refused: ${probe.msg}`);
    await cannon(server.url, traders, 3);
    const before = await bookedOrders(server.url, traders);
    const result = await cannon(server.url, traders, SECONDS);
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
    };
  } finally {
    await server.stop();
  }
}

/** The order transaction's statements, as the service issues them (trade-service.ts placeOrder). */
function orderStatements(trader, n) {
  const orderNo = `TB${trader.userId}x${n}x${randomBytes(3).toString('hex')}`;
  const at = new Date().toISOString();
  return [
    ['BEGIN'],
    [`WITH c AS (SELECT max(value) FILTER (WHERE name = 'trade_leverages') AS trade_leverages, max(value) FILTER (WHERE name = 'trade_fee_rate') AS trade_fee_rate,
        max(value) FILTER (WHERE name = 'trade_maintenance_ratio') AS trade_maintenance_ratio, max(value) FILTER (WHERE name = 'risk_disclosure_version') AS risk_disclosure_version
      FROM site_config WHERE name IN ('trade_leverages', 'trade_fee_rate', 'trade_maintenance_ratio', 'risk_disclosure_version'))
      SELECT u.banned, u.frozen, u.trade_disabled, u.realname_status,
        (SELECT a.id FROM ledger_accounts a WHERE a.user_id = u.id AND a.currency = $2) AS account_id,
        (SELECT h.id FROM ledger_accounts h WHERE h.user_id IS NULL AND h.house_name = 'fee_revenue_' || (u.id % 16) AND h.currency = $2) AS revenue_id,
        EXISTS (SELECT 1 FROM risk_acknowledgements r WHERE r.user_id = u.id AND r.version::text = c.risk_disclosure_version) AS acked, c.*
      FROM users u, c WHERE u.id = $1`, [trader.userId, 'JPY']],
    ['INSERT INTO ledger_holds (account_id, amount, reason, reference, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id', [trader.accountId, '2430', 'margin', orderNo, at]],
    [`INSERT INTO positions (user_id, order_no, market, currency, code, name, direction, price_type, leverage, stock_num, buy_price, limit_price, cost, margin, fee, fee_rate, status, hold_id, created_at, opened_at, open_date)
      VALUES ($1, $2, 'jpy', 'JPY', '7203', 'Toyota Motor', 'long', 'market', 1, '1', '2430', NULL, '2430', '2430', '1', '0.0005', 0, currval(pg_get_serial_sequence('ledger_holds', 'id')), $3, $3, '2026-11-16'::date)
      RETURNING id, order_no, status`, [trader.userId, orderNo, at]],
    ["INSERT INTO journal_transactions (kind, reference, memo, created_at) VALUES ('fee', $1, $2, $3) RETURNING id", [orderNo, 'open long 7203 ×1 @ 2430', at]],
    ["INSERT INTO journal_entries (transaction_id, account_id, currency, amount, created_at) VALUES (currval(pg_get_serial_sequence('journal_transactions', 'id')), $1, 'JPY', '1', $3), (currval(pg_get_serial_sequence('journal_transactions', 'id')), $2, 'JPY', '-1', $3)", [trader.revenueId, trader.accountId, at]],
    ['COMMIT'],
  ];
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
        await run(orderStatements(trader, n), c);
        latencies.push(performance.now() - start);
        count += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { name, ordersPerSecond: count / SECONDS, booked: count, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), connections };
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
    const server = await serverRun('PostgreSQL (server, 64 connections)', { DATABASE_URL: url }, traders);
    const pool = Array.from({ length: SERVER_POOL }, () => new pg.Client({ connectionString: url }));
    await Promise.all(pool.map((c) => c.connect()));
    try {
      const bare = await bareLoop(`PostgreSQL (bare pg loop, ${SERVER_POOL} connections)`, async (statements, c) => {
        for (const [text, params] of statements) await pool[c].query(text, params);
      }, traders, SERVER_POOL);
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
    const { openDatabase } = require(path.join(root, 'server/dist/db/database.js'));
    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const bare = await bareLoop('PGlite (bare in-process loop, 1 session)', (statements) =>
        // rawTx wraps BEGIN/COMMIT itself: run the statements between them.
        db.rawTx(async (s) => {
          for (const [text, params] of statements.slice(1, -1)) await s.query(text, params);
        }), traders, 1);
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
  log(`Order placement bench: ${CONNECTIONS} connections, ${SECONDS} s per run (after a 3 s warm-up), market buy 1 × 7203 at 1×, one trader per connection.`);
  log(`Machine: ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}. Server, database and load generator share this machine.`);
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
  log(`${'run'.padEnd(46)} ${'orders/s'.padStart(9)} ${'answers/s'.padStart(10)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'booked'.padStart(8)} ${'non-2xx'.padStart(8)}`);
  for (const r of rows) {
    log(`${r.name.padEnd(46)} ${fmt(r.ordersPerSecond).padStart(9)} ${fmt(r.answersPerSecond ?? Number.NaN).padStart(10)} ${fmt(r.p50, 1).padStart(7)} ${fmt(r.p99, 1).padStart(7)} ${String(r.booked).padStart(8)} ${String(r.non2xx ?? '-').padStart(8)}`);
  }
  const pgServer = rows.find((r) => r.name.startsWith('PostgreSQL (server'));
  const pgBare = rows.find((r) => r.name.startsWith('PostgreSQL (bare'));
  if (pgServer && pgBare) log(`\nServer on PostgreSQL reaches ${fmt((100 * pgServer.ordersPerSecond) / pgBare.ordersPerSecond)} % of the bare SQL loop.`);
  if (pgServer) {
    const met = pgServer.ordersPerSecond >= TARGET.ordersPerSecond && pgServer.p99 <= TARGET.p99Ms;
    log(`Target ≥ ${TARGET.ordersPerSecond} orders/s with p99 ≤ ${TARGET.p99Ms} ms on PostgreSQL: ${met ? 'met' : 'missed'} (${fmt(pgServer.ordersPerSecond)} orders/s, p99 ${fmt(pgServer.p99, 1)} ms).`);
  }
  log(`Load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (figures from a loaded machine are lower bounds).`);
  log('orders/s = orders booked (read back from /trade/orders) ÷ run time; answers/s and latency from autocannon; each server request also touches its session (one more statement, outside the order transaction).');
}

main().catch((error) => {
  log(`orders bench failed to run: ${error.stack ?? error}`);
});
