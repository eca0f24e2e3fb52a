#!/usr/bin/env node
/**
 * The new-share draw at scale: `node bench/draw.bench.mjs` (prints figures, never fails on them).
 *
 * On PostgreSQL (a database it creates on the server of TEST_DATABASE_URL, else 127.0.0.1:5432 as user root, and
 * drops afterwards, or BENCH_DATABASE_URL, used as given and left in place: bench/lib/pg-bench.mjs), migrated with
 * the built server's migrations:
 * for each size (BENCH_DRAW_SIZES, default 10000,100000,1000000 applications):
 *  1. seeds an issue whose window closed with that many subscriptions, one per user, each of 1–10 lots
 *     (spread evenly) with its pending hold, written directly with triggers off (the draw itself runs
 *     with every trigger on); lots on offer = 30 % of the applications;
 *  2. the baseline: a bare SQL UPDATE of the same rows (the columns the draw writes: allotted units and
 *     quantity, drawn_at, state, status, rjmoney), in a transaction rolled back;
 *  3. the allotment statement alone (the lottery in SQL, draw-repository.ts allotStatement), rolled back;
 *  4. the whole draw as the job runs it (lifecycle.ts drawIssue: claim, allot, release the losers' holds,
 *     one inbox message per subscriber, totals), committed;
 * with VACUUM ANALYZE of the table before each timed step, so each starts from the same clean table.
 * Figures: seconds, µs per application (flat across sizes = linear), and the ratios to the bare UPDATE;
 * the load average before and after each size (the machine is shared: figures are lower bounds).
 * Goal (issue 11): the 1M draw within 3× the bare UPDATE, and cost linear in applications.
 * Env: BENCH_DATABASE_URL, BENCH_DRAW_SIZES.
 */
import { randomBytes } from 'node:crypto';
import {
  benchAccount,
  ensureBuilt,
  fmt,
  load,
  log,
  machine,
  printLinearity,
  printRatioGoal,
  seedUsers,
  serverModule,
  sizesFrom,
  timed,
  withBenchDatabase,
} from './lib/pg-bench.mjs';

const SIZES = sizesFrom('BENCH_DRAW_SIZES', '10000,100000,1000000');
const LOT = 100;
const PRICE = 1000;
const OFFERED_SHARE = 0.3;
const GOAL_RATIO = 3;
/** The draw's clock: Tuesday 17 November 2026, 15:00 Tokyo, after the window closed. */
const DRAW_AT = new Date('2026-11-17T06:00:00Z');

/** Seeds one issue with `n` applications (triggers off: the seed is data, not the thing measured). */
async function seed(client, n, offset, index) {
  const code = String(8000 + index);
  const offered = Math.max(1, Math.round(n * OFFERED_SHARE));
  const at = (hours) => new Date(DRAW_AT.getTime() + hours * 3_600_000).toISOString();
  await client.query('BEGIN');
  await client.query('SET LOCAL session_replication_role = replica');
  const {
    rows: [issue],
  } = await client.query(
    `INSERT INTO new_share_issues (market, currency, code, names, price, lot_size, subscription_cap, issue_size,
                                   underwriter, lockup_days, opens_at, closes_at, draw_at, pay_deadline, listing_at,
                                   distribution_at, seed, seed_hash, applications)
     VALUES ('jpy', 'JPY', $1, '{"zh-CN":"基准","en":"Bench","ja":"ベンチ"}', $2, $3, $4, $5, 'Bench', 0,
             $6, $7, $8, $9, $10, $11, $12, $13, $14)
     RETURNING id`,
    [
      code,
      PRICE,
      LOT,
      10 * LOT,
      offered * LOT,
      at(-48),
      at(-1),
      at(0),
      at(48),
      at(72),
      at(96),
      randomBytes(32).toString('hex'),
      randomBytes(32).toString('hex'),
      n,
    ],
  );
  await client.query(
    `CREATE TEMP TABLE seed_apps ON COMMIT DROP AS
     SELECT g, ${offset}::bigint + g AS k, 1 + ((g::bigint * 7919) % 10)::int AS units
     FROM generate_series(1, ${n}) AS g`,
  );
  await seedUsers(client, offset, n);
  await client.query(
    `INSERT INTO ledger_accounts (user_id, currency, available, held)
     SELECT u.id, 'JPY', 0, s.units * ${LOT * PRICE}
     FROM seed_apps s JOIN users u ON u.account = ${benchAccount('s.k')}`,
  );
  await client.query(
    `INSERT INTO ledger_holds (account_id, amount, reason, reference)
     SELECT a.id, s.units * ${LOT * PRICE}, 'new_share', 'B' || s.k
     FROM seed_apps s JOIN users u ON u.account = ${benchAccount('s.k')}
     JOIN ledger_accounts a ON a.user_id = u.id AND a.currency = 'JPY'`,
  );
  await client.query(
    `INSERT INTO new_share_orders (user_id, order_no, market, currency, code, name, subscription_price, quantity,
                                   rjmoney, status, hold_id, issue_id, application_no, units, state)
     SELECT u.id, 'B' || s.k, 'jpy', 'JPY', $1, 'Bench', ${PRICE}, s.units * ${LOT}, s.units * ${LOT * PRICE}, 1,
            h.id, $2, s.g, s.units, 'awaiting_draw'
     FROM seed_apps s JOIN users u ON u.account = ${benchAccount('s.k')}
     JOIN ledger_holds h ON h.reference = 'B' || s.k`,
    [code, issue.id],
  );
  await client.query('COMMIT');
  return { issueId: BigInt(issue.id), offered, code };
}

const vacuum = (client) => client.query('VACUUM ANALYZE new_share_orders, ledger_holds, ledger_accounts, messages');

async function measure(client, db, lib, n, offset, index) {
  const loadBefore = load();
  const seeded = await timed(() => seed(client, n, offset, index));
  const { issueId, offered } = seeded.value;
  await vacuum(client);
  // The baseline: one bare UPDATE of the same rows and columns, rolled back.
  await client.query('BEGIN');
  const bare = await timed(() =>
    client.query(
      `UPDATE new_share_orders SET allotted_units = units, allotted_quantity = units * ${LOT}, drawn_at = $2,
              state = 'won', status = 1, rjmoney = rjmoney
       WHERE issue_id = $1 AND state = 'awaiting_draw'`,
      [issueId, DRAW_AT.toISOString()],
    ),
  );
  await client.query('ROLLBACK');
  if (bare.value.rowCount !== n) throw new Error(`the bare UPDATE touched ${bare.value.rowCount} rows, not ${n}`);
  await vacuum(client);
  // The lottery statement alone, rolled back.
  const ROLLBACK = new Error('rollback');
  let allot;
  await db
    .tx(async (tx) => {
      const draw = { issueId, seed: '0'.repeat(64), unitsOffered: offered, lotSize: LOT, now: DRAW_AT };
      allot = await timed(() => lib.draw.allotStatement(tx, draw));
      throw ROLLBACK;
    })
    .catch((error) => {
      if (error !== ROLLBACK) throw error;
    });
  await vacuum(client);
  // The whole draw, as the job runs it.
  const draw = await timed(() => lib.lifecycle.drawIssue(db, issueId, DRAW_AT));
  const result = draw.value;
  if (!result.drawnNow) throw new Error('the draw did not run');
  if (result.unitsAllotted > offered) throw new Error(`the draw allotted ${result.unitsAllotted} of ${offered} lots`);
  return {
    n,
    seedSeconds: seeded.seconds,
    bare: bare.seconds,
    allot: allot.seconds,
    draw: draw.seconds,
    offered,
    allotted: result.unitsAllotted,
    winners: result.winners,
    load: `${loadBefore} → ${load()}`,
  };
}

function report(rows) {
  log('');
  log(
    `${'applications'.padStart(12)} ${'lots offered'.padStart(12)} ${'winners'.padStart(8)} ` +
      `${'bare UPDATE s'.padStart(13)} ${'allot s'.padStart(8)} ${'draw s'.padStart(8)} ` +
      `${'draw/bare'.padStart(9)} ${'allot/bare'.padStart(10)} ${'draw µs/app'.padStart(11)} ` +
      `${'bare µs/app'.padStart(11)}  load 1/5/15-min before → after`,
  );
  for (const r of rows) {
    log(
      `${String(r.n).padStart(12)} ${String(r.offered).padStart(12)} ${String(r.winners).padStart(8)} ` +
        `${fmt(r.bare, 3).padStart(13)} ${fmt(r.allot, 3).padStart(8)} ${fmt(r.draw, 3).padStart(8)} ` +
        `${fmt(r.draw / r.bare).padStart(9)} ${fmt(r.allot / r.bare).padStart(10)} ` +
        `${fmt((r.draw / r.n) * 1e6, 1).padStart(11)} ${fmt((r.bare / r.n) * 1e6, 1).padStart(11)}  ${r.load}`,
    );
  }
  printLinearity(rows, { unit: 'application', measured: 'draw', reference: 'bare', referenceName: 'bare UPDATE' });
  const million = rows.find((r) => r.n >= 1_000_000);
  if (million) {
    printRatioGoal(`the ${million.n} draw`, 'bare UPDATE', million.draw / million.bare, GOAL_RATIO);
  } else {
    log(`Goal (the 1M draw within ${GOAL_RATIO}× the bare UPDATE): not measured in this run (BENCH_DRAW_SIZES).`);
  }
}

async function main() {
  ensureBuilt('modules/ipo/lifecycle.js');
  log('New-share draw bench (bench/draw.bench.mjs)');
  log(
    'Method: per size, an issue with that many subscriptions (1–10 lots each, one per user, each held), lots on ' +
      `offer = ${OFFERED_SHARE * 100} % of the applications;`,
  );
  log(
    'bare = one SQL UPDATE of the same rows and columns (rolled back); allot = the lottery statement alone ' +
      '(rolled back); draw = drawIssue as the job runs it',
  );
  log(
    '(claim, allot, release the losers’ holds, one inbox message per subscriber, totals; committed). ' +
      'VACUUM ANALYZE before each step.',
  );
  log(machine());
  log(`Load average at the start: ${load()}`);
  const lib = {
    lifecycle: serverModule('modules/ipo/lifecycle.js'),
    draw: serverModule('modules/ipo/draw-repository.js'),
  };
  const rows = [];
  await withBenchDatabase('draw', async ({ db, client }) => {
    let offset = 1_000_000_000;
    for (const [index, n] of SIZES.entries()) {
      log(`\n${n} applications: seeding, then bare UPDATE, allot, draw...`);
      let row;
      try {
        row = await measure(client, db, lib, n, offset, index);
      } catch (error) {
        log(`  not measured: ${error.message}`);
        await client.query('ROLLBACK').catch(() => undefined);
        continue;
      } finally {
        offset += n;
      }
      log(
        `  seeded in ${fmt(row.seedSeconds, 1)} s; bare ${fmt(row.bare, 3)} s, allot ${fmt(row.allot, 3)} s, ` +
          `draw ${fmt(row.draw, 3)} s (load ${row.load})`,
      );
      rows.push(row);
    }
  });
  report(rows);
  log(`Load average at the end: ${load()} (figures from a loaded machine are lower bounds).`);
}

main().catch((error) => {
  log(`draw bench failed to run: ${error.stack ?? error}`);
  process.exitCode = 1;
});
