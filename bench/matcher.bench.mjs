#!/usr/bin/env node
/**
 * The matcher's and the price alerts' cost per tick: `node bench/matcher.bench.mjs` (prints figures, never fails on
 * them).
 *
 * On PostgreSQL (a database it creates on the server of TEST_DATABASE_URL, else 127.0.0.1:5432 as user root, and
 * drops afterwards, or BENCH_DATABASE_URL, used as given and left in place: bench/lib/pg-bench.mjs), migrated with
 * the built server's migrations, at a fixed clock (Wednesday 18 November 2026, 11:00 Tokyo: Tokyo and Shanghai open),
 * with the market simulator's prices at that clock:
 * for each size (BENCH_MATCHER_SIZES, default 10000,100000 waiting orders):
 *  1. seeds waiting orders up to that size, ten per trader, each with its order hold (bench/lib/matcher-seed.mjs): the
 *     mix the matcher reads since issue 13 (half limit orders, a tenth each of stop-market, untriggered stop-limit,
 *     triggered stop-limit waiting as a limit, OCO, and market orders waiting for the open on the closed US market),
 *     none acting at the clock, over the Tokyo and Shanghai stocks; then VACUUM ANALYZE;
 *  2. "none crossing": BENCH_PASSES (default 11) matcher passes, `createMatcher({ db, now, provider }).runOnce()`
 *     as the app's timer runs it (the public API only: what the pass reads is the matcher's business), alternating
 *     with as many runs of the reference: per open market, one bare SQL SELECT of the same rows, the matcher's due
 *     orders query (positions-repository.ts dueOrders: the same predicate and CASE, at the same prices) sent from a
 *     plain client, no per-row work. Before the timed runs the reference's rows are checked against the built
 *     server's own dueOrders (same ids, same actions): a matcher query changed since this bench fails it loudly.
 *     This is the per-tick scan cost, what the goal is about;
 *  3. "0.1 % crossing": the same with that share of crossing orders (every kind of fill: limit, stop-market,
 *     stop-limit, both OCO legs, market at the open) seeded (untimed) before each pass, each pass filling them (one
 *     transaction per fill, committed: order hold voided, margin hold placed, fee booked, inbox message), the
 *     reference run on the same rows. Informational: it adds writes the read-only reference does not do; printed as
 *     ms per fill;
 * then, for BENCH_ALERT_SIZES (default 10000) armed alerts over every market's stocks: the `alerts:evaluate` job's
 * pass (alerts-job.ts evaluateAlerts: watched stocks, quotes, fire the crossed ones with their inbox messages) next
 * to a bare SQL SELECT of the same rows with its predicate (alerts-repository.ts fireCrossed without the claim),
 * none crossing and 0.1 % crossing (fresh ones per pass).
 * Figures per size: median ms per pass, the reference's median, the ratio, µs per order (alert) of each, the load
 * average before and after; linearity = µs per row at the largest size ÷ at the smallest (1.00 = linear).
 * Goal (the issue's acceptance for the matcher and alerts), judged on "none crossing": within 3× the reference at each
 * size, and linear growth (here: that per-row ratio at most 1.25).
 * Env: BENCH_DATABASE_URL, BENCH_MATCHER_SIZES, BENCH_ALERT_SIZES, BENCH_PASSES.
 */
import {
  endCrossed,
  ALERTS_PER_USER,
  ORDERS_PER_USER,
  seedAlerts,
  seedOrders,
  seedTraders,
  stockCodes,
} from './lib/matcher-seed.mjs';
import {
  ensureBuilt,
  fmt,
  load,
  log,
  machine,
  median,
  serverModule,
  sizesFrom,
  timed,
  verdict,
  withBenchDatabase,
} from './lib/pg-bench.mjs';
import { atMost } from './lib/stats.cjs';

const ORDER_SIZES = sizesFrom('BENCH_MATCHER_SIZES', '10000,100000');
const ALERT_SIZES = sizesFrom('BENCH_ALERT_SIZES', '10000');
const PASSES = Math.max(1, Number(process.env.BENCH_PASSES || 11));
const CROSSING_SHARE = 0.001;
const GOAL_RATIO = 3;
const LINEAR_TOLERANCE = 1.25;
const NONE = 'none crossing';
const CROSSING = '0.1% crossing';
/** The bench's clock: Wednesday 18 November 2026, 11:00 Tokyo, 10:00 Shanghai (both in session). */
const AT = new Date('2026-11-18T02:00:00Z');
const ORDER_MARKETS = ['jpy', 'cny'];
/** Closed at the clock (21:00 New York): the market orders waiting for the open are placed there. */
const CLOSED_MARKETS = ['usd'];

/** dueOrders' "limit crossed" and "trigger reached" conditions (positions-repository.ts). */
const CROSSED = `((p.direction = 'long' AND q.price <= p.limit_price)
                  OR (p.direction = 'short' AND q.price >= p.limit_price))`;
const REACHED = `((p.direction = 'long' AND q.price >= p.trigger_price)
                  OR (p.direction = 'short' AND q.price <= p.trigger_price))`;

/**
 * The matcher's due orders query (positions-repository.ts dueOrders, issue 13: stops, OCO, market orders at the
 * open, validity, exits) as one bare SELECT per open market from a plain client, at the prices of every code of the
 * market; answers the rows as `id:action`. `lib` gives the query's parameters as the matcher computes them.
 */
async function matcherReference(client, lib, codes, ratio) {
  const rows = [];
  for (const market of ORDER_MARKETS) {
    const prices = codes.filter((c) => c.market === market).map(({ code, price }) => ({ code, price }));
    const sessionDate = lib.tradeDateAt(market, AT);
    const result = await client.query(
      `SELECT * FROM (
         SELECT p.id, p.status, p.code, q.price::text AS price,
           CASE
             WHEN p.status = 1 THEN 'close'
             WHEN p.status = 3 AND p.valid_until IS NOT NULL AND p.valid_until < $4::date THEN NULL
             WHEN p.status = 3 AND p.order_type = 'oco' AND ${CROSSED} THEN 'fill_limit'
             WHEN p.status = 3 AND p.order_type = 'oco' AND ${REACHED} THEN 'fill_stop'
             WHEN p.status = 3 AND p.order_type = 'stop' AND p.triggered_at IS NULL AND ${REACHED} THEN 'trigger'
             WHEN p.status = 3 AND p.order_type = 'normal' AND p.price_type = 'market' THEN 'fill_market'
             WHEN p.status = 3 AND p.price_type = 'limit' AND (p.order_type = 'normal' OR p.triggered_at IS NOT NULL)
                  AND ${CROSSED} THEN 'fill_limit'
             WHEN p.status = 0
                  AND p.margin + (CASE WHEN p.direction = 'long' THEN q.price - p.buy_price
                                       ELSE p.buy_price - q.price END) * p.stock_num < $3::numeric * p.margin
                  THEN 'margin_call'
             WHEN p.status = 0 AND p.day_trade_id IS NULL
                  AND NOT ($5::boolean AND p.open_date >= $4::date)
                  AND (p.closable_from IS NULL OR p.closable_from <= $6::timestamptz)
                  AND ((p.direction = 'long' AND (q.price >= p.take_profit OR q.price <= p.stop_loss))
                       OR (p.direction = 'short' AND (q.price <= p.take_profit OR q.price >= p.stop_loss)))
                  THEN 'exit'
           END AS action
         FROM positions p
         JOIN jsonb_to_recordset($1::jsonb) AS q (code text, price numeric) ON q.code = p.code
         WHERE p.market = $2 AND p.status IN (0, 1, 3)) d
       WHERE d.action IS NOT NULL
       ORDER BY d.id`,
      [JSON.stringify(prices), market, ratio, sessionDate, lib.T_PLUS_ONE.has(market), AT.toISOString()],
    );
    for (const row of result.rows) rows.push(`${row.id}:${row.action}`);
  }
  return rows;
}

/**
 * Untimed: the reference's rows against the built server's dueOrders at the same prices (the matcher's own query).
 * Throws when they differ: the reference must read exactly the matcher's rows, or the ratio means nothing.
 */
async function checkReference({ db, client }, lib, codes, ratio) {
  const reference = await matcherReference(client, lib, codes, ratio);
  const server = [];
  for (const market of ORDER_MARKETS) {
    const prices = codes.filter((c) => c.market === market).map(({ code, price }) => ({ code, price }));
    const due = await db.tx((tx) => lib.dueOrders(tx, market, prices, ratio, lib.tradeDateAt(market, AT), AT), {
      readOnly: true,
    });
    for (const row of due) server.push(`${row.id}:${row.action}`);
  }
  if (reference.join() !== server.join())
    throw new Error(
      `the reference SELECT is out of date with the matcher's dueOrders: ${reference.length} rows ` +
        `(${reference.slice(0, 5).join(', ')}) against ${server.length} (${server.slice(0, 5).join(', ')})`,
    );
  return reference.length;
}

/** The alerts job's predicate as one bare SELECT (alerts-repository.ts fireCrossed's rows, without the claim). */
async function alertsReference(client, quotes) {
  const result = await client.query(
    `SELECT a.id, q.price, q.ratio FROM price_alerts a
     JOIN jsonb_to_recordset($1::jsonb) AS q (market text, code text, price numeric, ratio numeric)
       ON q.market = a.market AND q.code = a.code
     WHERE a.status = 'active'
       AND ((a.kind = 'price_above' AND q.price >= a.threshold)
         OR (a.kind = 'price_below' AND q.price <= a.threshold)
         OR (a.kind = 'change_beyond' AND abs(q.ratio) >= a.threshold))
     ORDER BY a.id`,
    [JSON.stringify(quotes)],
  );
  return result.rowCount;
}

/**
 * PASSES timed runs of `pass` and of `reference`, alternating, each after `before` (untimed); answers the medians
 * in ms and the load average before → after. `check(passValue, referenceValue)` throws on a wrong pass.
 */
async function measurePasses({ before, pass, reference, check }) {
  const loadBefore = load();
  const passMs = [];
  const referenceMs = [];
  for (let i = 0; i < PASSES; i += 1) {
    await before?.(i);
    const ref = await timed(reference);
    const run = await timed(pass);
    check(run.value, ref.value);
    passMs.push(run.seconds * 1000);
    referenceMs.push(ref.seconds * 1000);
  }
  return { ms: median(passMs), referenceMs: median(referenceMs), load: `${loadBefore} → ${load()}` };
}

/**
 * The table and the goal lines of one bench part: every row (size × scenario) with its ratio and µs per row; the
 * goal (within GOAL_RATIO× the reference, linear) judged on "none crossing" only; the crossing rows informational,
 * with the cost each act (fill, fired alert) adds over the same size's none-crossing pass.
 */
function report(title, unit, act, writes, rows) {
  log(`\n${title}`);
  log(
    `${unit.padStart(9)} ${'scenario'.padEnd(13)} ${'pass ms'.padStart(9)} ${'reference ms'.padStart(12)} ` +
      `${'ratio'.padStart(6)} ${'pass µs/row'.padStart(11)} ${'ref µs/row'.padStart(10)} ${'verdict'.padStart(7)}` +
      '  load 1/5/15-min before → after',
  );
  for (const r of rows) {
    const ratio = r.ms / r.referenceMs;
    const judged = r.scenario === NONE ? verdict(atMost(ratio, GOAL_RATIO)) : 'info';
    log(
      `${String(r.n).padStart(9)} ${r.scenario.padEnd(13)} ${fmt(r.ms, 1).padStart(9)} ` +
        `${fmt(r.referenceMs, 1).padStart(12)} ${fmt(ratio).padStart(6)} ${fmt((r.ms * 1000) / r.n).padStart(11)} ` +
        `${fmt((r.referenceMs * 1000) / r.n).padStart(10)} ${judged.padStart(7)}  ${r.load}`,
    );
  }
  const none = rows.filter((r) => r.scenario === NONE);
  if (none.length > 0) {
    const worst = Math.max(...none.map((r) => r.ms / r.referenceMs));
    log(
      `Goal (${NONE}, the per-tick scan): every size within ${GOAL_RATIO}× the reference: worst ${fmt(worst)}× ` +
        `${verdict(atMost(worst, GOAL_RATIO))}.`,
    );
    const [first, last] = [none[0], none.at(-1)];
    if (first === last) log(`Goal (${NONE}): linear growth: one size only in this run, not judged.`);
    else {
      const growth = last.ms / last.n / (first.ms / first.n);
      const referenceGrowth = last.referenceMs / last.n / (first.referenceMs / first.n);
      log(
        `Goal (${NONE}): linear growth: µs per ${unit.replace(/s$/, '')} at ${last.n} ÷ at ${first.n} = ` +
          `${fmt(growth)} (1.00 = linear; the reference's: ${fmt(referenceGrowth)}) ` +
          `${verdict(atMost(growth, LINEAR_TOLERANCE))} (at most ${fmt(LINEAR_TOLERANCE)}).`,
      );
    }
  }
  for (const r of rows.filter((row) => row.scenario === CROSSING)) {
    const base = none.find((b) => b.n === r.n);
    const perAct = base ? (r.ms - base.ms) / r.acts : Number.NaN;
    log(
      `Informational (${CROSSING}, ${r.n} ${unit}): ${r.acts} ${act}s a pass, ${fmt(r.ms / r.referenceMs)}× the ` +
        `reference; ${fmt(perAct, 1)} ms per ${act} over the none-crossing pass.`,
    );
  }
  if (rows.some((r) => r.scenario === CROSSING))
    log(
      `  (not judged against ${GOAL_RATIO}×: ${writes}, which a read-only SELECT of the same rows does not do; the ` +
        'scan under it is the none-crossing row.)',
    );
}

async function runMatcher(database, lib, codes, closedCodes) {
  const { db, client } = database;
  const matcher = lib.createMatcher({ db, now: () => AT, provider: lib.provider });
  const [{ value: ratio }] = (
    await client.query(`SELECT value FROM site_config WHERE name = 'trade_maintenance_ratio'`)
  ).rows;
  const rows = [];
  let seeded = 0;
  let users = 0;
  let orderNo = 0;
  for (const n of ORDER_SIZES) {
    log(`\n${n} waiting orders: seeding, then ${PASSES} passes none crossing, ${PASSES} with 0.1 % crossing...`);
    const more = n - seeded;
    if (more > 0) {
      const newUsers = Math.ceil(more / ORDERS_PER_USER);
      const seed = await timed(async () => {
        await seedTraders(client, users, newUsers);
        await seedOrders(client, { orderFrom: orderNo, count: more, userFrom: users, codes, closedCodes });
      });
      log(`  seeded ${more} orders for ${newUsers} traders in ${fmt(seed.seconds, 1)} s`);
      users += newUsers;
      orderNo += more;
      seeded = n;
    }
    await client.query('VACUUM ANALYZE positions, ledger_holds, ledger_accounts');
    await checkReference(database, lib, codes, ratio);
    await matcher.runOnce(); // warm-up, untimed (nothing to act on)
    rows.push({
      n,
      scenario: NONE,
      acts: 0,
      ...(await measurePasses({
        pass: () => matcher.runOnce(),
        reference: () => matcherReference(client, lib, codes, ratio),
        check: (result, refRows) => {
          if (Object.values(result).some((v) => v > 0) || refRows.length > 0)
            throw new Error(`nothing should act: ${JSON.stringify(result)}, reference ${refRows.length} rows`);
        },
      })),
    });
    const waitingTo = orderNo;
    const crossing = Math.max(1, Math.round(n * CROSSING_SHARE));
    let checked = false;
    rows.push({
      n,
      scenario: CROSSING,
      acts: crossing,
      ...(await measurePasses({
        before: async () => {
          await seedOrders(client, { orderFrom: orderNo, count: crossing, userFrom: 0, codes, crossing: true });
          orderNo += crossing;
          if (!checked) checked = (await checkReference(database, lib, codes, ratio)) === crossing;
        },
        pass: () => matcher.runOnce(),
        reference: () => matcherReference(client, lib, codes, ratio),
        check: (result, refRows) => {
          if (result.filled !== crossing || refRows.length !== crossing)
            throw new Error(`${crossing} should fill: ${JSON.stringify(result)}, reference ${refRows.length} rows`);
        },
      })),
    });
    await endCrossed(client, waitingTo);
    for (const r of rows.slice(-2))
      log(`  ${r.scenario}: pass ${fmt(r.ms, 1)} ms, reference ${fmt(r.referenceMs, 1)} ms (load ${r.load})`);
  }
  return { rows, users };
}

async function runAlerts({ db, client }, lib, codes, users) {
  const quotes = codes.flatMap(({ market, code }) => {
    const q = lib.provider.quote(market, code, 'en');
    return q ? [{ market: q.market, code: q.code, price: q.price, ratio: q.change_ratio }] : [];
  });
  const rows = [];
  let seeded = 0;
  for (const n of ALERT_SIZES) {
    log(`\n${n} armed alerts: seeding, then ${PASSES} passes none crossing, ${PASSES} with 0.1 % crossing...`);
    const more = n - seeded;
    const needed = Math.ceil(n / ALERTS_PER_USER);
    if (needed > users) {
      await seedTraders(client, users, needed - users);
      users = needed;
    }
    if (more > 0) await seedAlerts(client, { count: more, userFrom: Math.ceil(seeded / ALERTS_PER_USER), codes });
    seeded = Math.max(seeded, n);
    await client.query('VACUUM ANALYZE price_alerts');
    const evaluate = () => lib.evaluateAlerts(db, lib.provider, AT);
    rows.push({
      n,
      scenario: NONE,
      acts: 0,
      ...(await measurePasses({
        pass: evaluate,
        reference: () => alertsReference(client, quotes),
        check: (fired, refRows) => {
          if (fired + refRows > 0) throw new Error(`nothing should fire: ${fired} fired, reference ${refRows} rows`);
        },
      })),
    });
    const crossing = Math.max(1, Math.round(n * CROSSING_SHARE));
    rows.push({
      n,
      scenario: CROSSING,
      acts: crossing,
      ...(await measurePasses({
        before: () => seedAlerts(client, { count: crossing, userFrom: 0, codes, crossing: true }),
        pass: evaluate,
        reference: () => alertsReference(client, quotes),
        check: (fired, refRows) => {
          if (fired !== crossing || refRows !== crossing)
            throw new Error(`${crossing} should fire: ${fired} fired, reference ${refRows} rows`);
        },
      })),
    });
    for (const r of rows.slice(-2))
      log(`  ${r.scenario}: pass ${fmt(r.ms, 1)} ms, reference ${fmt(r.referenceMs, 1)} ms (load ${r.load})`);
  }
  return rows;
}

async function main() {
  ensureBuilt('modules/trade/matcher.js');
  log('Matcher and price-alerts bench (bench/matcher.bench.mjs)');
  log(
    `Method: per size, that many waiting orders (${ORDERS_PER_USER} per trader, Tokyo and Shanghai stocks; limit, ` +
      'stop, stop-limit, OCO, and market orders waiting on the closed US market) or armed alerts (every market);',
  );
  log(
    `median of ${PASSES} passes (matcher: createMatcher().runOnce(); alerts: evaluateAlerts as the alerts:evaluate ` +
      'job runs it) next to as many runs of a bare SQL SELECT',
  );
  log(
    "of the same rows (the matcher's dueOrders query, checked against the server's; fireCrossed's rows); none " +
      'crossing (the goal), then 0.1 % crossing (informational: fresh ones before each pass, each one a write).',
  );
  log(machine());
  log(`Load average at the start: ${load()}`);
  const { MarketSimulator } = serverModule('modules/market/simulator.js');
  const { STOCKS } = serverModule('modules/market/universe.js');
  const lib = {
    createMatcher: serverModule('modules/trade/matcher.js').createMatcher,
    dueOrders: serverModule('modules/trade/positions-repository.js').dueOrders,
    ...serverModule('modules/trade/t-plus-one.js'),
    evaluateAlerts: serverModule('modules/alerts/alerts-job.js').evaluateAlerts,
    provider: new MarketSimulator({ seed: 'matcher-bench', now: () => AT }),
  };
  const orderCodes = stockCodes(lib.provider, STOCKS, ORDER_MARKETS);
  const closedCodes = stockCodes(lib.provider, STOCKS, CLOSED_MARKETS);
  const alertCodes = stockCodes(lib.provider, STOCKS, Object.keys(STOCKS));
  log(
    `${orderCodes.length} stocks for orders (${closedCodes.length} more on the closed US market), ` +
      `${alertCodes.length} for alerts.`,
  );
  let matcherRows = [];
  let alertRows = [];
  await withBenchDatabase('matcher', async (database) => {
    try {
      const matched = await runMatcher(database, lib, orderCodes, closedCodes);
      matcherRows = matched.rows;
      alertRows = await runAlerts(database, lib, alertCodes, matched.users);
    } catch (error) {
      log(`  not measured further: ${error.message}`);
    }
  });
  report(
    'Matcher: one pass per tick',
    'orders',
    'fill',
    'each fill is a committed transaction of its own (order hold voided, margin hold placed, fee booked, inbox)',
    matcherRows,
  );
  report(
    'Price alerts: one alerts:evaluate pass',
    'alerts',
    'fired alert',
    'the fired alerts are written in one committed transaction (claimed, updated, an inbox message each)',
    alertRows,
  );
  log(`Load average at the end: ${load()} (figures from a loaded machine are lower bounds).`);
}

main().catch((error) => {
  log(`matcher bench failed to run: ${error.stack ?? error}`);
  process.exitCode = 1;
});
