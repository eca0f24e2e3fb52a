#!/usr/bin/env node
/**
 * The open (issue 37): orders queued overnight, filled when the session starts. `node bench/open.bench.mjs` (prints
 * figures, never fails on them).
 *
 * On PostgreSQL (a database it creates on the server of TEST_DATABASE_URL, else 127.0.0.1:5432 as user root, and
 * drops afterwards, or BENCH_DATABASE_URL: bench/lib/pg-bench.mjs), migrated with the built server's migrations, at
 * Wednesday 18 November 2026, 09:30 Shanghai (its open; Tokyo in its morning session), with the market simulator's
 * prices then. For each size (BENCH_OPEN_SIZES, default 10000,100000 queued orders):
 *  1. seeds that many pending orders placed before the open (bench/lib/matcher-seed.mjs, `crossing`: ten per trader,
 *     longs and shorts, over the Tokyo and Shanghai stocks): limits through the price on both sides, stop-market and
 *     stop-limit orders whose trigger is reached, both legs of OCO orders, market orders (filled at the session's
 *     opening price), each with its order hold, written with triggers off; then VACUUM ANALYZE;
 *  2. the reference, in a transaction rolled back: one bare set-based SQL per write the fills make, over every
 *     queued order at once, with every trigger on: the order holds voided, the margin holds placed, the fee
 *     journaled (a transaction and its two entries per fill, to the house fee shard), the positions filled and an
 *     inbox row per fill (two for an OCO leg or a stop);
 *  3. the app's engine: the matcher's passes (`createMatcher({ db, now, provider }).runOnce()`, as the job runs it)
 *     until one acts on nothing, committed; a second client polls every 20 ms for the first filled position.
 * Figures per size: the time to the first and to the last fill, fills per second, µs per fill, the reference's
 * seconds and the ratio, the load average before and after. Goals (issue 37): the last fill within 2× the reference;
 * fills per second at least 20× the per-order matcher's (BASELINE_FILLS_PER_S, measured with this bench before the
 * batch engine: bench/MEASUREMENTS.md); µs per fill at the largest size within 1.2× the smallest's.
 * Env: BENCH_DATABASE_URL, BENCH_OPEN_SIZES.
 */
import { ORDERS_PER_USER, seedOrders, seedTraders, stockCodes } from './lib/matcher-seed.mjs';
import { fmt, load, log, pg, runPgBench, serverModule, sizesFrom, timed } from './lib/pg-bench.mjs';
import { atMost, verdict } from './lib/stats.cjs';

const SIZES = sizesFrom('BENCH_OPEN_SIZES', '10000,100000');
/** Shanghai's open, 09:30 CST (Tokyo 10:30 JST, in session); the orders were placed at 08:30 JST. */
const AT = new Date('2026-11-18T01:30:00Z');
const MARKETS = ['jpy', 'cny'];
const GOAL_RATIO = 2;
const GOAL_SPEED_UP = 20;
const LINEAR_TOLERANCE = 1.2;
/**
 * The per-order matcher's fills per second at the open, measured with this bench at 10,000 queued orders before the
 * batch engine (bench/MEASUREMENTS.md, "The open"): the figure the 20× goal is judged against.
 */
const BASELINE_FILLS_PER_S = 132;
const FEE_SHARDS = 16;

/** A limit crossed / a trigger reached at q.price (positions-repository.ts dueOrders). */
const CROSSED = `((p.direction = 'long' AND q.price <= p.limit_price)
                  OR (p.direction = 'short' AND q.price >= p.limit_price))`;
const REACHED = `((p.direction = 'long' AND q.price >= p.trigger_price)
                  OR (p.direction = 'short' AND q.price <= p.trigger_price))`;

/**
 * The reference: every queued order above `orderFrom` filled by one statement per write, in one transaction rolled
 * back (with every trigger on: the ledger's balance and hold triggers run as for the engine). Answers the fills.
 */
async function reference(client, codes, orderFrom, tradeDates) {
  await client.query('BEGIN');
  try {
    // The money rule's rounding (shared/src/money.ts roundMoney: half to even at the currency's minor unit).
    await client.query(
      `CREATE FUNCTION pg_temp.half_even(v numeric, d int) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
         SELECT CASE WHEN abs(s - trunc(s)) = 0.5 AND mod(trunc(s), 2) = 0 THEN trunc(s) ELSE round(s) END
                / power(10::numeric, d)
         FROM (SELECT v * power(10::numeric, d) AS s) AS scaled $$`,
    );
    await client.query(
      `CREATE TEMP TABLE open_fills ON COMMIT DROP AS
       SELECT f.*, pg_temp.half_even(f.fill_price * f.stock_num / f.leverage, f.minor) AS margin,
              pg_temp.half_even(f.fill_price * f.stock_num * f.fee_rate, f.minor) AS fee
       FROM (
         SELECT p.id, p.order_no, p.user_id, p.currency, p.market, p.code, p.direction, p.order_type, p.hold_id,
                p.stock_num, p.leverage, p.fee_rate, a.id AS account_id,
                CASE p.currency WHEN 'JPY' THEN 0 ELSE 2 END AS minor,
                CASE WHEN p.price_type = 'limit' AND ${CROSSED} THEN p.limit_price
                     WHEN p.order_type = 'normal' AND p.price_type = 'market' THEN q.open
                     ELSE q.price END AS fill_price,
                CASE WHEN p.order_type = 'oco' AND ${CROSSED} THEN 'limit'
                     WHEN p.order_type = 'oco' THEN 'stop' END AS leg,
                p.order_type = 'stop' OR (p.order_type = 'oco' AND NOT ${CROSSED}) AS by_trigger
         FROM positions p
         JOIN jsonb_to_recordset($1::jsonb) AS q (market text, code text, price numeric, open numeric)
           ON q.market = p.market::text AND q.code = p.code
         JOIN ledger_accounts a ON a.user_id = p.user_id AND a.currency = p.currency
         WHERE p.status = 3 AND substr(p.order_no, 2)::bigint > $2
           AND (p.order_type <> 'stop' OR ${REACHED})
       ) AS f`,
      [JSON.stringify(codes), orderFrom],
    );
    const at = AT.toISOString();
    await client.query(
      `UPDATE ledger_holds SET status = 'voided', resolved_at = $1::timestamptz
       WHERE id IN (SELECT hold_id FROM open_fills) AND status = 'pending'`,
      [at],
    );
    await client.query(
      `WITH margin AS (
         INSERT INTO ledger_holds (account_id, amount, reason, reference, created_at)
         SELECT account_id, margin, 'margin', order_no, $1::timestamptz FROM open_fills ORDER BY account_id
         RETURNING id, reference)
       UPDATE positions p
       SET status = 0, hold_id = m.id, buy_price = f.fill_price, margin = f.margin, cost = f.margin, fee = f.fee,
           opened_at = $1::timestamptz, open_date = (($2::jsonb) ->> p.market::text)::date, filled_leg = f.leg,
           triggered_at = CASE WHEN f.by_trigger THEN coalesce(p.triggered_at, $1::timestamptz) ELSE p.triggered_at END
       FROM margin m JOIN open_fills f ON f.order_no = m.reference
       WHERE p.id = f.id`,
      [at, JSON.stringify(tradeDates)],
    );
    await client.query(
      `WITH journal AS (
         INSERT INTO journal_transactions (kind, reference, memo, created_at)
         SELECT 'fee', order_no, 'open ' || direction || ' ' || code || ' ×' || stock_num || ' @ ' || fill_price,
                $1::timestamptz
         FROM open_fills WHERE fee > 0
         RETURNING id, reference)
       INSERT INTO journal_entries (transaction_id, account_id, currency, amount, created_at)
       SELECT j.id, e.account_id, f.currency, e.amount, $1::timestamptz
       FROM journal j
       JOIN open_fills f ON f.order_no = j.reference
       JOIN ledger_accounts house ON house.user_id IS NULL AND house.currency = f.currency
                                 AND house.house_name = 'fee_revenue_' || (f.user_id % ${FEE_SHARDS})
       CROSS JOIN LATERAL (VALUES (f.account_id, -f.fee), (house.id, f.fee)) AS e (account_id, amount)
       ORDER BY e.account_id`,
      [at],
    );
    await client.query(
      `INSERT INTO messages (user_id, msg_key, msg_values, created_at)
       SELECT f.user_id, m.msg_key,
              jsonb_build_object('code', f.code, 'order_no', f.order_no, 'price', f.fill_price::text,
                                 'quantity', f.stock_num::text, 'fee', f.fee::text, 'currency', f.currency,
                                 'side', f.direction, 'at', $1::text),
              $1::timestamptz
       FROM open_fills f
       CROSS JOIN LATERAL (
         SELECT 'order_filled_open_' || f.direction AS msg_key
         UNION ALL
         SELECT CASE f.leg WHEN 'limit' THEN 'oco_limit_filled' WHEN 'stop' THEN 'oco_stop_filled'
                           ELSE 'stop_triggered' END
         WHERE f.leg IS NOT NULL OR f.order_type = 'stop'
       ) AS m
       ORDER BY f.user_id`,
      [at],
    );
    return await written(client, orderFrom);
  } finally {
    await client.query('ROLLBACK');
  }
}

/**
 * What the fills of the orders above `orderFrom` wrote, to compare the reference's work with the engine's: the filled
 * positions with their margins and fees, the margin holds, the journal entries and the inbox rows at the clock.
 */
async function written(client, orderFrom) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS fills, coalesce(sum(p.margin), 0)::text AS margin, coalesce(sum(p.fee), 0)::text AS fee,
            count(h.id)::int AS margin_holds,
            (SELECT count(*)::int FROM journal_entries WHERE created_at = $2) AS entries,
            (SELECT count(*)::int FROM messages WHERE created_at = $2) AS messages
     FROM positions p LEFT JOIN ledger_holds h ON h.id = p.hold_id AND h.reason = 'margin' AND h.status = 'pending'
     WHERE p.status = 0 AND p.opened_at = $2 AND substr(p.order_no, 2)::bigint > $1`,
    [orderFrom, AT.toISOString()],
  );
  return rows[0];
}

/** The matcher's passes until one acts on nothing; the first fill's time from a second client polling for it. */
async function engine({ db, url }, lib, orderFrom) {
  const poller = new pg.Client({ connectionString: url });
  await poller.connect();
  const started = performance.now();
  let firstFill;
  let polling = true;
  const poll = (async () => {
    while (polling && firstFill === undefined) {
      // This size's orders only: the earlier sizes' fills were opened at the same clock.
      const { rows } = await poller.query(
        'SELECT 1 FROM positions WHERE status = 0 AND opened_at = $1 AND substr(order_no, 2)::bigint > $2 LIMIT 1',
        [AT.toISOString(), orderFrom],
      );
      if (rows.length > 0) firstFill = (performance.now() - started) / 1000;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const matcher = lib.createMatcher({ db, now: () => AT, provider: lib.provider });
  const total = { filled: 0, triggered: 0, unfunded: 0, passes: 0 };
  try {
    for (;;) {
      const report = await matcher.runOnce();
      total.passes += 1;
      total.filled += report.filled;
      total.triggered += report.triggered;
      total.unfunded += report.unfunded;
      if (report.filled + report.triggered + report.unfunded === 0) break;
    }
  } finally {
    polling = false;
  }
  const last = (performance.now() - started) / 1000;
  await poll;
  await poller.end();
  return { ...total, first: firstFill ?? last, last };
}

async function run(database, lib, codes, rows) {
  let users = 0;
  let orderNo = 0;
  const tradeDates = Object.fromEntries(MARKETS.map((m) => [m, lib.tradeDateAt(m, AT)]));
  for (const n of SIZES) {
    log(`\n${n} queued orders: seeding...`);
    const needed = Math.ceil(n / ORDERS_PER_USER);
    await seedTraders(database.client, users, needed);
    await seedOrders(database.client, { orderFrom: orderNo, count: n, userFrom: users, codes, crossing: true });
    await database.client.query('VACUUM ANALYZE positions');
    await database.client.query('VACUUM ANALYZE ledger_holds');
    const loadBefore = load();
    const before = await written(database.client, orderNo);
    const ref = await timed(() => reference(database.client, codes, orderNo, tradeDates));
    log(`  reference: ${ref.value.fills} fills in ${fmt(ref.seconds, 3)} s (rolled back)`);
    await database.client.query('VACUUM ANALYZE positions');
    const app = await engine(database, lib, orderNo);
    log(
      `  engine: ${app.filled} fills (${app.triggered} stop-limits triggered, ${app.unfunded} unfunded) in ` +
        `${app.passes} passes; first fill ${fmt(app.first, 3)} s, last ${fmt(app.last, 3)} s`,
    );
    // The same work on both sides: the same fills, margins, fees, holds, journal entries and inbox rows (the
    // counts at the clock less those of the earlier sizes).
    const after = await written(database.client, orderNo);
    const delta = (w) => ({ ...w, entries: w.entries - before.entries, messages: w.messages - before.messages });
    const [refWork, appWork] = [JSON.stringify(delta(ref.value)), JSON.stringify(delta(after))];
    if (refWork !== appWork) log(`  NOTE: unequal work, reference ${refWork}, engine ${appWork}`);
    else log(`  same work on both sides: ${appWork}`);
    rows.push({
      n,
      fills: app.filled,
      first: app.first,
      last: app.last,
      ref: ref.seconds,
      load: `${loadBefore} → ${load()}`,
    });
    users += needed;
    orderNo += n;
  }
}

function report(rows) {
  log('\nThe open: queued orders filled when the session starts');
  log('| queued | fills | first fill s | last fill s | fills/s | µs/fill | reference s | last ÷ reference | load |');
  log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const perSecond = r.fills / r.last;
    log(
      `| ${r.n} | ${r.fills} | ${fmt(r.first, 3)} | ${fmt(r.last, 3)} | ${fmt(perSecond, 0)} | ` +
        `${fmt((r.last / r.fills) * 1e6, 0)} | ${fmt(r.ref, 3)} | ${fmt(r.last / r.ref)} | ${r.load} |`,
    );
  }
  for (const r of rows) {
    const ratio = r.last / r.ref;
    log(
      `Goal (${r.n}): the last fill within ${GOAL_RATIO}× the bare set-based SQL: ${fmt(ratio)}× ` +
        `${verdict(atMost(ratio, GOAL_RATIO))}.`,
    );
    const speedUp = r.fills / r.last / BASELINE_FILLS_PER_S;
    log(
      `Goal (${r.n}): at least ${GOAL_SPEED_UP}× the per-order matcher's ${BASELINE_FILLS_PER_S} fills/s: ` +
        `${fmt(speedUp, 1)}× ${verdict(speedUp >= GOAL_SPEED_UP)}.`,
    );
  }
  const [first, last] = [rows[0], rows.at(-1)];
  if (first && last && last !== first) {
    const growth = last.last / last.fills / (first.last / first.fills);
    log(
      `Goal: µs per fill at ${last.n} within ${LINEAR_TOLERANCE}× that at ${first.n}: ${fmt(growth)}× ` +
        `${verdict(atMost(growth, LINEAR_TOLERANCE))}.`,
    );
  }
}

runPgBench({
  probe: 'modules/trade/matcher.js',
  name: 'open',
  title: 'The open bench (bench/open.bench.mjs)',
  method:
    'per size, that many orders queued before the open (every kind, Tokyo and Shanghai), the clock at ' +
    "Shanghai's open; the matcher's passes until none acts (committed) next to one bare set-based SQL per write " +
    'of the same fills (rolled back).',
  async measure(database, rows) {
    const { MarketSimulator } = serverModule('modules/market/simulator.js');
    const { STOCKS } = serverModule('modules/market/universe.js');
    const lib = {
      createMatcher: serverModule('modules/trade/matcher.js').createMatcher,
      tradeDateAt: serverModule('modules/trade/t-plus-one.js').tradeDateAt,
      provider: new MarketSimulator({ seed: 'open-bench', now: () => AT }),
    };
    const codes = stockCodes(lib.provider, STOCKS, MARKETS, (market) => lib.tradeDateAt(market, AT));
    log(`${codes.length} stocks (Tokyo and Shanghai).`);
    await run(database, lib, codes, rows);
  },
  report,
});
