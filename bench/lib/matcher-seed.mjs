/**
 * The matcher bench's data (bench/matcher.bench.mjs), written directly with triggers off (the seed is data, not the
 * thing measured; the matcher and the alerts job then run with every trigger on): traders with a JPY, a CNY and a
 * USD account, pending orders of every kind the matcher reads (limit, stop-market, stop-limit, OCO, market orders
 * waiting for the open) each with its order hold (the accounts' `held` the sum of their holds, as the triggers would
 * keep it), and armed price alerts. Prices come from the market simulator at the bench's clock.
 */
import { benchAccount, seedUsers } from './pg-bench.mjs';

const CURRENCY = { jpy: 'JPY', usd: 'USD', cny: 'CNY' };

/**
 * Every stock of `markets` (the server's universe.js STOCKS) with its price at the provider's clock; with `openOn`
 * (a market → trade date function), also its session's opening price on that date (its price before it opened).
 */
export function stockCodes(provider, stocks, markets, openOn) {
  return markets.flatMap((market) =>
    stocks[market].flatMap(({ code, names }) => {
      const price = provider.lastPrice(market, code);
      if (price === undefined) return [];
      const row = { market, currency: CURRENCY[market], code, name: names.en, price };
      return [openOn ? { ...row, open: provider.sessionOpen(market, code, openOn(market)) ?? price } : row];
    }),
  );
}

export const ORDERS_PER_USER = 10;
export const ALERTS_PER_USER = 10;
const QUANTITY = 100;
const FEE_RATE = '0.0005';

/** Runs `fn(client)` in a transaction with triggers off. */
async function replica(client, fn) {
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    const value = await fn();
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The codes (market, currency, code, name, price) as a temporary table `seed_codes` numbered from 0 by `i`. */
async function codesTable(client, codes) {
  await client.query(
    `CREATE TEMP TABLE seed_codes ON COMMIT DROP AS
     SELECT row_number() OVER () - 1 AS i, c.*
     FROM jsonb_to_recordset($1::jsonb) AS c (market text, currency text, code text, name text, price numeric)`,
    [JSON.stringify(codes)],
  );
}

/** Users `from + 1` … `from + count`, each with a JPY, a CNY and a USD account of 10^12 available. */
export async function seedTraders(client, from, count) {
  await replica(client, async () => {
    await seedUsers(client, from, count);
    await client.query(
      `INSERT INTO ledger_accounts (user_id, currency, available, held)
       SELECT u.id, c.currency, 1000000000000, 0
       FROM generate_series(1, ${count}) AS g
       JOIN users u ON u.account = ${benchAccount(`${from}::bigint + g`)}
       CROSS JOIN (VALUES ('JPY'::currency_code), ('CNY'::currency_code), ('USD'::currency_code)) AS c (currency)`,
    );
  });
}

/**
 * The kinds of waiting order (none acts at the bench's clock), one row each of `seed_kinds`, taken in turn (two
 * orders, a long and a short, per kind; `limit_f`/`trigger_f` the long's factor of the price, the short's mirrored
 * around 1): half normal limit orders, a tenth each of stop-market and stop-limit orders whose trigger is not reached,
 * stop-limits triggered earlier and now waiting as limits not crossed, OCO orders with neither leg reached, and
 * market orders waiting for the open (placed on a closed market: `closed_market`, the US at the clock; in an open
 * market such an order fills at the first pass, so only the crossing mix has them there).
 */
const WAITING_KINDS = `(VALUES
  (0, 'normal', 'limit', 0.5, NULL::numeric, false, false), (1, 'normal', 'limit', 0.5, NULL, false, false),
  (2, 'normal', 'limit', 0.6, NULL, false, false), (3, 'normal', 'limit', 0.7, NULL, false, false),
  (4, 'normal', 'limit', 0.8, NULL, false, false), (5, 'stop', 'market', NULL, 1.5, false, false),
  (6, 'stop', 'limit', 1.52, 1.5, false, false), (7, 'stop', 'limit', 0.82, 0.8, true, false),
  (8, 'oco', 'limit', 0.5, 1.5, false, false), (9, 'normal', 'market', NULL, NULL, false, true))`;

/**
 * The kinds of crossing order (each acts at the next pass, and fills in it): a limit crossed, a stop-market reached,
 * a stop-limit reached and crossed (triggered and filled in one pass), an OCO's limit leg crossed, an OCO's stop leg
 * reached, a market order placed before the open (filled at the opening price).
 */
const CROSSING_KINDS = `(VALUES
  (0, 'normal', 'limit', 1.02, NULL::numeric, false, false), (1, 'stop', 'market', NULL, 0.98, false, false),
  (2, 'stop', 'limit', 1.02, 0.98, false, false), (3, 'oco', 'limit', 1.02, 1.5, false, false),
  (4, 'oco', 'limit', 0.5, 0.98, false, false), (5, 'normal', 'market', NULL, NULL, false, false))`;

/** Placed before both markets' open on the bench's day (a market order then fills at the opening price). */
const PLACED_AT = '2026-11-17T23:30:00Z';

/**
 * `count` pending orders numbered from `orderFrom` (order numbers `M<k>`), spread over `codes` (or, for the kinds on
 * a closed market, `closedCodes`) and over the users from `userFrom + 1` (ORDERS_PER_USER each, longs and shorts
 * alternating), of the kinds above: waiting ones (WAITING_KINDS, limits and triggers far from the price, none acting
 * at the bench's fixed clock) or `crossing` ones (CROSSING_KINDS, 2 % through the price: filled by the next pass).
 * Half of them valid until a later session (the rest without a validity, as before 0018). Each order holds its margin
 * and fee at its hold price (its limit, else the price + 10 %, in the currency's minor unit), as a placement does.
 */
export async function seedOrders(client, { orderFrom, count, userFrom, codes, closedCodes = [], crossing = false }) {
  const kinds = crossing ? CROSSING_KINDS : WAITING_KINDS;
  const kindCount = crossing ? 6 : 10;
  await replica(client, async () => {
    await codesTable(client, codes);
    await client.query(
      `CREATE TEMP TABLE seed_closed_codes ON COMMIT DROP AS
       SELECT row_number() OVER () - 1 AS i, c.*
       FROM jsonb_to_recordset($1::jsonb) AS c (market text, currency text, code text, name text, price numeric)`,
      [JSON.stringify(closedCodes)],
    );
    await client.query(
      `CREATE TEMP TABLE seed_orders ON COMMIT DROP AS
       SELECT o.*, o.hold_price * ${QUANTITY} AS margin,
              round(o.hold_price * ${QUANTITY} * ${FEE_RATE}, CASE o.currency WHEN 'JPY' THEN 0 ELSE 2 END) AS fee
       FROM (
         SELECT s.*, coalesce(s.limit_price, round(s.price * 1.1, 2)) AS hold_price
         FROM (
           SELECT 'M' || (${orderFrom}::bigint + g) AS order_no, u.id AS user_id, c.market::market_code AS market,
                  c.currency::currency_code AS currency, c.code, c.name, c.price, d.direction,
                  k.order_type, k.price_type,
                  round(c.price * CASE d.direction WHEN 'long' THEN k.limit_f ELSE 2 - k.limit_f END, 2) AS limit_price,
                  round(c.price * CASE d.direction WHEN 'long' THEN k.trigger_f ELSE 2 - k.trigger_f END, 2)
                    AS trigger_price,
                  CASE WHEN k.triggered THEN '${PLACED_AT}'::timestamptz END AS triggered_at,
                  CASE WHEN (g / 20) % 2 = 0 THEN DATE '2026-11-20' END AS valid_until
           FROM generate_series(1, ${count}) AS g
           JOIN ${kinds} AS k (k, order_type, price_type, limit_f, trigger_f, triggered, closed_market)
             ON k.k = (g / 2) % ${kindCount}
           CROSS JOIN LATERAL (SELECT CASE WHEN g % 2 = 0 THEN 'long' ELSE 'short' END AS direction) AS d
           JOIN LATERAL (
             SELECT * FROM seed_codes WHERE NOT k.closed_market AND i = g % (SELECT nullif(count(*), 0) FROM seed_codes)
             UNION ALL
             SELECT * FROM seed_closed_codes
             WHERE k.closed_market AND i = g % (SELECT nullif(count(*), 0) FROM seed_closed_codes)
           ) AS c ON true
           JOIN users u ON u.account = ${benchAccount(`${userFrom}::bigint + 1 + (g - 1) / ${ORDERS_PER_USER}`)}
         ) AS s
       ) AS o`,
    );
    await client.query(
      `INSERT INTO ledger_holds (account_id, amount, reason, reference)
       SELECT a.id, o.margin + o.fee, 'order', o.order_no
       FROM seed_orders o JOIN ledger_accounts a ON a.user_id = o.user_id AND a.currency = o.currency`,
    );
    await client.query(
      `UPDATE ledger_accounts a SET held = a.held + h.amount
       FROM (SELECT h.account_id, sum(h.amount) AS amount
             FROM seed_orders o JOIN ledger_holds h ON h.reference = o.order_no GROUP BY h.account_id) AS h
       WHERE a.id = h.account_id`,
    );
    await client.query(
      `INSERT INTO positions (user_id, order_no, market, currency, code, name, direction, price_type, leverage,
                              stock_num, buy_price, limit_price, cost, margin, fee, fee_rate, status, hold_id,
                              created_at, order_type, trigger_price, triggered_at, valid_until)
       SELECT o.user_id, o.order_no, o.market, o.currency, o.code, o.name, o.direction, o.price_type, 1,
              ${QUANTITY}, o.hold_price, o.limit_price, o.margin, o.margin, o.fee, ${FEE_RATE}, 3, h.id,
              '${PLACED_AT}', o.order_type, o.trigger_price, o.triggered_at, o.valid_until
       FROM seed_orders o JOIN ledger_holds h ON h.reference = o.order_no`,
    );
  });
}

/**
 * Ends what the crossing passes left live (their filled positions and any order still pending), so the next size
 * reads exactly its own waiting orders.
 */
export async function endCrossed(client, orderFrom) {
  await replica(client, () =>
    client.query(
      `UPDATE positions SET status = CASE status WHEN 3 THEN 4 ELSE 2 END
       WHERE status IN (0, 1, 3) AND substr(order_no, 2)::bigint > $1`,
      [orderFrom],
    ),
  );
}

/**
 * `count` armed alerts on `codes` (every market) for the users from `userFrom + 1` (ALERTS_PER_USER each): above
 * twice the price, below half of it, or a change beyond 90 %, none crossed at the bench's clock; crossing ones
 * (`crossing`) above half the price (fired by the next pass).
 */
export async function seedAlerts(client, { count, userFrom, codes, crossing = false }) {
  await replica(client, async () => {
    await codesTable(client, codes);
    await client.query(
      `INSERT INTO price_alerts (user_id, market, code, kind, threshold)
       SELECT u.id, c.market::market_code, c.code, k.kind, k.threshold
       FROM generate_series(1, ${count}) AS g
       JOIN seed_codes c ON c.i = g % (SELECT count(*) FROM seed_codes)
       JOIN users u ON u.account = ${benchAccount(`${userFrom}::bigint + 1 + (g - 1) / ${ALERTS_PER_USER}`)}
       CROSS JOIN LATERAL (
         SELECT CASE WHEN ${crossing} OR g % 3 = 0 THEN 'price_above' WHEN g % 3 = 1 THEN 'price_below'
                     ELSE 'change_beyond' END AS kind,
                CASE WHEN ${crossing} THEN round(c.price / 2, 2) WHEN g % 3 = 0 THEN c.price * 2
                     WHEN g % 3 = 1 THEN round(c.price / 2, 2) ELSE 90 END AS threshold
       ) AS k`,
    );
  });
}
