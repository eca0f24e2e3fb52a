#!/usr/bin/env node
/**
 * Copy trading's nightly accrual at scale: `node bench/accrual.bench.mjs` (prints figures, never fails on them).
 *
 * On PostgreSQL (a database it creates on the server of TEST_DATABASE_URL, else 127.0.0.1:5432 as user root, and
 * drops afterwards, or BENCH_DATABASE_URL, used as given and left in place: bench/lib/pg-bench.mjs), migrated with
 * the built server's migrations, with
 * the demo products of every market (seed-products.ts) valued from the market simulator:
 * for each size (BENCH_ACCRUAL_SIZES, default 10000,100000,1000000 follow orders):
 *  1. seeds that many priced active follow orders spread evenly across the products (ten per user),
 *     written directly with triggers off (the accrual itself runs with every trigger on), none valued
 *     on the accrual's day; orders of earlier sizes are ended first, so each size values exactly its own;
 *  2. the baseline: a bare SQL UPDATE of the same rows and columns (daily and total profit rounded to the
 *     minor unit from units and one fixed unit value, valued_on), in a transaction rolled back;
 *  3. the accrual as the job runs it (copy-lifecycle.ts accrueDue: the products with orders to value,
 *     each product's unit values from the market data, one UPDATE per product), committed; the market
 *     simulator is one for the run, its candles warmed once before the first size (as a running app's);
 * with VACUUM ANALYZE of the table before each timed step, so each starts from the same clean table.
 * Figures: seconds, µs per order (flat across sizes = linear), the ratio to the bare UPDATE; the load
 * average before and after each size (the machine is shared: figures are lower bounds).
 * Goal (issue 12): the accrual within 3× the bare UPDATE at every size, and cost linear in orders.
 * Env: BENCH_DATABASE_URL, BENCH_ACCRUAL_SIZES.
 */
import {
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

const SIZES = sizesFrom('BENCH_ACCRUAL_SIZES', '10000,100000,1000000');
const ORDERS_PER_USER = 10;
const GOAL_RATIO = 3;
/** The accrual's clock: Wednesday 18 November 2026, 12:00 UTC (Asian markets closed, America not yet). */
const AT = new Date('2026-11-18T12:00:00Z');
/** Every order started before the series' last closes (so each gets a daily profit). */
const STARTED_ON = '2026-10-01';

/**
 * Seeds `n` priced active follow orders across the products (triggers off: the seed is data, not the
 * thing measured); the orders of earlier sizes are ended so that only these are valued.
 */
async function seed(client, n, offset) {
  await client.query('BEGIN');
  await client.query('SET LOCAL session_replication_role = replica');
  await client.query(`UPDATE copy_trade_orders SET status = 1, ended_at = $1 WHERE status = 0`, [AT.toISOString()]);
  await client.query(
    `CREATE TEMP TABLE seed_products ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, market, currency, names->>'en' AS name,
            issuers->>'en' AS issuer, min_investment, lockup_days
     FROM copy_products`,
  );
  const users = Math.ceil(n / ORDERS_PER_USER);
  await seedUsers(client, offset, users);
  await client.query(
    `INSERT INTO copy_trade_orders (user_id, order_no, currency, product_name, issuer, money, min_investment, lock_days,
                                    deadline, status, product_id, market, units, buy_nav, started_on, starts_at,
                                    lock_ends_on, redeem_at)
     SELECT u.id, 'C' || (${offset}::bigint + g), p.currency, p.name, p.issuer, p.min_investment * (1 + g % 5),
            p.min_investment, p.lockup_days, $1::timestamptz + interval '60 days', 0, p.id, p.market,
            round(p.min_investment * (1 + g % 5) / (0.9 + (g % 7) * 0.03), 8), round(0.9 + (g % 7) * 0.03, 6),
            $2::date, $2::date + interval '7 hours', $1::date + 30, $1::timestamptz + interval '30 days'
     FROM generate_series(1, ${n}) AS g
     JOIN seed_products p ON p.i = g % (SELECT count(*) FROM seed_products)
     JOIN users u ON u.account = lpad((${offset}::bigint + 1 + (g - 1) / ${ORDERS_PER_USER})::text, 10, '0')`,
    [AT.toISOString(), STARTED_ON],
  );
  await client.query('COMMIT');
}

const vacuum = (client) => client.query('VACUUM ANALYZE copy_trade_orders');

async function measure(client, db, lib, n, offset) {
  const loadBefore = load();
  const seeded = await timed(() => seed(client, n, offset));
  await vacuum(client);
  const today = AT.toISOString().slice(0, 10);
  // The baseline: one bare UPDATE of the same rows and columns, rolled back.
  await client.query('BEGIN');
  const bare = await timed(() =>
    client.query(
      `UPDATE copy_trade_orders
       SET daily_profit = round(units * 0.0125, 2), total_profit = round(units * 1.0125, 2) - money,
           valued_on = $1::date
       WHERE status = 0 AND units IS NOT NULL AND product_id IS NOT NULL
         AND (valued_on IS NULL OR valued_on < $1::date)`,
      [today],
    ),
  );
  await client.query('ROLLBACK');
  if (bare.value.rowCount !== n) throw new Error(`the bare UPDATE touched ${bare.value.rowCount} rows, not ${n}`);
  await vacuum(client);
  // The accrual, as the job runs it (a new NavBook per run, as copy-jobs.ts makes one).
  const accrual = await timed(() => lib.lifecycle.accrueDue(db, lib.view.createNavBook(lib.provider, lib.clock), AT));
  if (accrual.value !== n) throw new Error(`the accrual valued ${accrual.value} orders, not ${n}`);
  const {
    rows: [check],
  } = await client.query(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE daily_profit <> 0)::int AS moved
     FROM copy_trade_orders WHERE status = 0 AND valued_on IS NOT NULL`,
  );
  return {
    n,
    seedSeconds: seeded.seconds,
    bare: bare.seconds,
    accrual: accrual.seconds,
    valued: check.n,
    moved: check.moved,
    load: `${loadBefore} → ${load()}`,
  };
}

function report(rows, products) {
  log('');
  log(
    `${'orders'.padStart(9)} ${'products'.padStart(8)} ${'bare UPDATE s'.padStart(13)} ${'accrual s'.padStart(9)} ` +
      `${'accrual/bare'.padStart(12)} ${'accrual µs/order'.padStart(16)} ${'bare µs/order'.padStart(13)}  ` +
      'load 1/5/15-min before → after',
  );
  for (const r of rows) {
    log(
      `${String(r.n).padStart(9)} ${String(products).padStart(8)} ${fmt(r.bare, 3).padStart(13)} ` +
        `${fmt(r.accrual, 3).padStart(9)} ${fmt(r.accrual / r.bare).padStart(12)} ` +
        `${fmt((r.accrual / r.n) * 1e6, 1).padStart(16)} ${fmt((r.bare / r.n) * 1e6, 1).padStart(13)}  ${r.load}`,
    );
  }
  printLinearity(rows, { unit: 'order', measured: 'accrual', reference: 'bare', referenceName: 'bare UPDATE' });
  for (const r of rows) {
    printRatioGoal(`${r.n} orders valued`, 'bare UPDATE', r.accrual / r.bare, GOAL_RATIO);
  }
}

async function main() {
  ensureBuilt('modules/copy/copy-lifecycle.js');
  log('Copy-trading accrual bench (bench/accrual.bench.mjs)');
  log(
    'Method: per size, that many priced active follow orders spread evenly over the demo products ' +
      `(${ORDERS_PER_USER} per user), none valued today;`,
  );
  log(
    'bare = one SQL UPDATE of the same rows and columns, one fixed unit value (rolled back); accrual = accrueDue as ' +
      'the job runs it',
  );
  log(
    '(products to value, unit values from the simulator, one UPDATE per product; committed). ' +
      'VACUUM ANALYZE before each.',
  );
  log(machine());
  log(`Load average at the start: ${load()}`);
  const { seedCopyProducts } = serverModule('modules/copy/seed-products.js');
  const { MarketSimulator } = serverModule('modules/market/simulator.js');
  const lib = {
    lifecycle: serverModule('modules/copy/copy-lifecycle.js'),
    view: serverModule('modules/copy/copy-view.js'),
    repository: serverModule('modules/copy/copy-repository.js'),
    clock: () => AT,
  };
  // One simulator for the whole run, as the app keeps one: its daily candles are built on first use.
  lib.provider = new MarketSimulator({ seed: 'accrual-bench', now: lib.clock });
  const rows = [];
  let products = 0;
  await withBenchDatabase('accrual', async ({ db, client }) => {
    await seedCopyProducts(db, AT);
    products = (await client.query('SELECT count(*)::int AS n FROM copy_products')).rows[0].n;
    // Warms the simulator's candles (a running app's are warm), untimed: otherwise the first size pays it.
    const warm = await timed(async () => {
      const navs = lib.view.createNavBook(lib.provider, lib.clock);
      const { getProduct, holdingsOf } = lib.repository;
      for (const { id } of (await client.query('SELECT id FROM copy_products')).rows) {
        await db.tx(async (tx) => {
          const product = await getProduct(tx, BigInt(id));
          navs.series(product, (await holdingsOf(tx, [product.id])).get(product.id) ?? []);
        });
      }
    });
    log(`${products} products (the demo products of every market); candles warmed in ${fmt(warm.seconds, 1)} s.`);
    let offset = 2_000_000_000;
    for (const n of SIZES) {
      log(`\n${n} follow orders: seeding, then bare UPDATE, accrual...`);
      let row;
      try {
        row = await measure(client, db, lib, n, offset);
      } catch (error) {
        log(`  not measured: ${error.message}`);
        await client.query('ROLLBACK').catch(() => undefined);
        continue;
      } finally {
        offset += n;
      }
      log(
        `  seeded in ${fmt(row.seedSeconds, 1)} s; bare ${fmt(row.bare, 3)} s, accrual ${fmt(row.accrual, 3)} s ` +
          `(${row.valued} valued, ${row.moved} with a daily profit; load ${row.load})`,
      );
      rows.push(row);
    }
  });
  report(rows, products);
  log(`Load average at the end: ${load()} (figures from a loaded machine are lower bounds).`);
}

main().catch((error) => {
  log(`accrual bench failed to run: ${error.stack ?? error}`);
  process.exitCode = 1;
});
