#!/usr/bin/env node
/**
 * Order expiries at the close (issue 37): `node bench/expiry.bench.mjs` (prints figures, never fails on them).
 *
 * On PostgreSQL (bench/lib/pg-bench.mjs: a database it creates and drops, or BENCH_DATABASE_URL), migrated with the
 * built server's migrations, at Friday 20 November 2026, 12:00 UTC (Tokyo and Shanghai closed after that day's
 * session). For each size (BENCH_EXPIRY_SIZES, default 10000,100000 waiting orders, half of them valid until that day):
 *  1. seeds that many waiting orders (bench/lib/matcher-seed.mjs, the waiting mix: ten per trader over the Tokyo and
 *     Shanghai stocks, each with its order hold), written with triggers off; then VACUUM ANALYZE;
 *  2. the reference, in a transaction rolled back: one bare SQL statement writing what the expiries write (the orders
 *     cancelled `expired`, their holds voided through the ledger's statement trigger, one inbox row each);
 *  3. the app's job as it runs (order-expiry.ts expireOrders), committed.
 * Figures per size: seconds of each, the ratio, µs per expired order, the load average before and after.
 * Goal (issue 37): the expiries within 2× the reference at 100k.
 * Env: BENCH_DATABASE_URL, BENCH_EXPIRY_SIZES.
 */
import { ORDERS_PER_USER, seedOrders, seedTraders, stockCodes } from './lib/matcher-seed.mjs';
import { fmt, load, log, printRatioGoal, runPgBench, serverModule, sizesFrom, timed } from './lib/pg-bench.mjs';

const SIZES = sizesFrom('BENCH_EXPIRY_SIZES', '10000,100000');
const AT = new Date('2026-11-20T12:00:00Z');
const LAST_DAY = '2026-11-20';
const MARKETS = ['jpy', 'cny'];
const GOAL_RATIO = 2;

/** What the expiries at the clock wrote: the orders expired, their holds voided and their messages. */
async function written(client) {
  const { rows } = await client.query(
    `SELECT (SELECT count(*)::int FROM positions WHERE cancel_reason = 'expired' AND cancelled_at = $1) AS expired,
            (SELECT count(*)::int FROM ledger_holds WHERE status = 'voided' AND resolved_at = $1) AS voided,
            (SELECT count(*)::int FROM messages WHERE msg_key = 'order_expired' AND created_at = $1) AS messages`,
    [AT.toISOString()],
  );
  return rows[0];
}

/** The reference (see the header), rolled back; answers what it wrote. */
async function reference(client) {
  await client.query('BEGIN');
  try {
    await client.query(
      `WITH e AS (
         UPDATE positions SET status = 4, cancelled_at = $1, cancel_reason = 'expired'
         WHERE market IN ('jpy', 'cny') AND status = 3 AND valid_until <= $2::date
         RETURNING user_id, order_no, code, hold_id, valid_until),
       v AS (
         UPDATE ledger_holds h SET status = 'voided', resolved_at = $1
         FROM e WHERE h.id = e.hold_id AND h.status = 'pending')
       INSERT INTO messages (user_id, msg_key, msg_values, created_at)
       SELECT user_id, 'order_expired',
              jsonb_build_object('code', code, 'order_no', order_no, 'date', valid_until::text), $1
       FROM e ORDER BY user_id`,
      [AT.toISOString(), LAST_DAY],
    );
    return await written(client);
  } finally {
    await client.query('ROLLBACK');
  }
}

async function run(database, lib, codes, rows) {
  let users = 0;
  let orderNo = 0;
  for (const n of SIZES) {
    log(`\n${n} waiting orders: seeding...`);
    const needed = Math.ceil(n / ORDERS_PER_USER);
    await seedTraders(database.client, users, needed);
    await seedOrders(database.client, { orderFrom: orderNo, count: n, userFrom: users, codes, closedCodes: codes });
    await database.client.query('VACUUM ANALYZE positions');
    await database.client.query('VACUUM ANALYZE ledger_holds');
    const loadBefore = load();
    const before = await written(database.client);
    const ref = await timed(() => reference(database.client));
    log(`  reference: ${ref.value.expired - before.expired} expired in ${fmt(ref.seconds, 3)} s (rolled back)`);
    await database.client.query('VACUUM ANALYZE positions');
    const app = await timed(() => lib.expireOrders(database.db, AT));
    const after = await written(database.client);
    const delta = (w) => ({
      expired: w.expired - before.expired,
      voided: w.voided - before.voided,
      messages: w.messages - before.messages,
    });
    const [refWork, appWork] = [JSON.stringify(delta(ref.value)), JSON.stringify(delta(after))];
    log(
      refWork === appWork
        ? `  same work on both sides: ${appWork}`
        : `  NOTE: unequal work, reference ${refWork}, job ${appWork}`,
    );
    log(`  job: ${app.value} expired in ${fmt(app.seconds, 3)} s`);
    rows.push({ n, expired: app.value, ref: ref.seconds, app: app.seconds, load: `${loadBefore} → ${load()}` });
    users += needed;
    orderNo += n;
  }
}

function report(rows) {
  log('\nOrder expiries at the close');
  log('| waiting | expired | reference s | job s | job ÷ reference | µs/expiry | load |');
  log('|---|---|---|---|---|---|---|');
  for (const r of rows)
    log(
      `| ${r.n} | ${r.expired} | ${fmt(r.ref, 3)} | ${fmt(r.app, 3)} | ${fmt(r.app / r.ref)} | ` +
        `${fmt((r.app / r.expired) * 1e6, 0)} | ${r.load} |`,
    );
  for (const r of rows) printRatioGoal(`expiries of ${r.n} waiting orders`, 'bare SQL', r.app / r.ref, GOAL_RATIO);
}

runPgBench({
  probe: 'modules/trade/order-expiry.js',
  name: 'expiry',
  title: 'The expiry bench (bench/expiry.bench.mjs)',
  method:
    'per size, that many waiting orders (half valid until the day), the clock after that day’s close in ' +
    'Tokyo and Shanghai; orders:expire as the job runs it (committed) next to one bare SQL statement of the same ' +
    'writes (rolled back).',
  async measure(database, rows) {
    const { MarketSimulator } = serverModule('modules/market/simulator.js');
    const { STOCKS } = serverModule('modules/market/universe.js');
    const lib = { expireOrders: serverModule('modules/trade/order-expiry.js').expireOrders };
    const codes = stockCodes(new MarketSimulator({ seed: 'expiry-bench', now: () => AT }), STOCKS, MARKETS);
    log(`${codes.length} stocks (Tokyo and Shanghai).`);
    await run(database, lib, codes, rows);
  },
  report,
});
