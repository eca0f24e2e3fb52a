/** The printed report of the orders bench: how it measures, then one row per run and the target. */
import os from 'node:os';
import { atLeast, atMost, verdict } from './stats.cjs';

export const log = (line = '') => process.stdout.write(`${line}\n`);
/** The 1-minute, 5-minute and 15-minute load averages, one decimal each. */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const fmt = (v, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');

/** The method: what runs, with which load, and how each figure is read. */
export function printMethod({ connections, serverPool, orderBody, seconds }) {
  log('Order placement bench (bench/orders.bench.mjs)');
  log(
    `Method: for each backend, a fresh database seeded with ${connections} verified traders (10^12 JPY each); ` +
      `the built server`,
  );
  log(
    `(server/dist/main.js, pool ${serverPool}) on a test clock inside Tokyo hours; ` +
      `autocannon with ${connections} keep-alive connections, one`,
  );
  log(`trader per connection, each POSTing /api/vue/trade/order (form: ${orderBody}) back to back`);
  log(
    `for ${seconds} s after a 3 s warm-up. orders/s = orders booked ` +
      `(read back per trader from /trade/orders) ÷ ${seconds} s;`,
  );
  log(
    'answers/s and p50/p99 latency from autocannon. ' +
      '"bare" = the same SQL the server sends for that order, looped by the bench',
  );
  log(
    `itself (PostgreSQL: ${serverPool} node-postgres connections; ` +
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
}

/** The table of runs, the statements the server sent per request, and the target met or missed. */
export function printResults(rows, target) {
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
    const met = atLeast(pgServer.ordersPerSecond, target.ordersPerSecond) && atMost(pgServer.p99, target.p99Ms);
    log(
      `Target ≥ ${target.ordersPerSecond} orders/s with p99 ≤ ${target.p99Ms} ms on PostgreSQL: ` +
        `${verdict(met)} (${fmt(pgServer.ordersPerSecond)} orders/s, p99 ${fmt(pgServer.p99, 1)} ms).`,
    );
  }
}
