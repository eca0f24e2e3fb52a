/**
 * The broker property's checks (server/src/modules/trade/broker-ledger.property.test.ts, issue 13): after every
 * command of a random mix of orders, clock moves, margin additions, lending and borrowing, the ledger balances,
 * no balance is negative, every hold belongs to exactly one live row and resolves once, and each investor's frozen
 * money is spec §4's formula computed here from the rows alone (not from the holds, not by the server's code).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { Decimal } from 'shared/money';
import type { Database } from '../db/database';
import { queryRows } from '../db/query';
import { dateOf, isTradingDay, marketClock } from '../modules/market/calendar';
import { expectLedgerInvariants } from './ledger-invariants';
import { expectOrderInvariants } from './order-invariants';

/** Counts of rows violating the holds' invariants (beyond order-invariants'), read in one snapshot. */
const HOLD_CHECKS = {
  // An account holds exactly the sum of its pending holds.
  held_not_pending_sum: sql`SELECT count(*) FROM ledger_accounts a WHERE a.user_id IS NOT NULL
                              AND a.held <> coalesce((SELECT sum(h.amount) FROM ledger_holds h
                                                      WHERE h.account_id = a.id AND h.status = 'pending'), 0)`,
  // A user's pending hold belongs to exactly one live row: an order or position (pending, holding, closing)
  // or an active borrowing. No orphan, no hold shared by two rows.
  orphan_or_shared_hold: sql`SELECT count(*) FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
                               WHERE a.user_id IS NOT NULL AND h.status = 'pending'
                                 AND (SELECT count(*) FROM positions p WHERE p.hold_id = h.id AND p.status IN (0, 1, 3))
                                   + (SELECT count(*) FROM credit_orders c WHERE c.hold_id = h.id AND c.status = 0)
                                   <> 1`,
  // A live row's hold is pending; a finished row's is resolved (orders: order-invariants; borrowings here).
  live_position_resolved_hold: sql`SELECT count(*) FROM positions p JOIN ledger_holds h ON h.id = p.hold_id
                                     WHERE p.status IN (0, 1, 3) AND h.status <> 'pending'`,
  credit_hold_mismatch: sql`SELECT count(*) FROM credit_orders o LEFT JOIN ledger_holds h ON h.id = o.hold_id
                              WHERE (o.status = 0) <> (h.status = 'pending')
                                 OR (o.status = 0 AND h.amount <> o.credit)`,
  // Every lending's fee booked is the lending_fee journal of its order (each day once: the lending property).
  lending_fee_mismatch: sql`SELECT count(*) FROM stock_lendings l WHERE l.fee_paid <> coalesce((
                              SELECT sum(e.amount) FROM journal_transactions t
                              JOIN journal_entries e ON e.transaction_id = t.id
                              JOIN ledger_accounts a ON a.id = e.account_id AND a.user_id = l.user_id
                              WHERE t.kind = 'lending_fee' AND t.reference = l.order_no), 0)`,
  // A lent position is a holding (status 0) or, recalled, not yet closed.
  lent_not_holding: sql`SELECT count(*) FROM stock_lendings l JOIN positions p ON p.id = l.position_id
                          WHERE l.status = 0 AND p.status <> 0`,
};

/** Every hold's status as last seen: a resolved hold never changes again (resolved exactly once). */
export type HoldHistory = Map<string, string>;

async function expectHoldsResolvedOnce(db: Database, seen: HoldHistory): Promise<void> {
  const rows = await db.tx((tx) =>
    queryRows<{ id: string; status: string }>(tx, sql`SELECT id::text, status FROM ledger_holds`),
  );
  const changed: string[] = [];
  for (const { id, status } of rows) {
    const before = seen.get(id);
    if (before !== undefined && before !== 'pending' && before !== status) changed.push(`${id}: ${before}→${status}`);
    seen.set(id, status);
  }
  expect(changed).toEqual([]);
}

/**
 * Spec §4, computed from the rows: frozen = subscribed new shares + pending withdrawals + active copy-trades +
 * credit orders + cost of holdings (holding and closing positions' cost, and what pending orders will hold:
 * margin + opening fee). Answers it with the ledger account of the user.
 */
export async function frozenFromRows(db: Database, userId: bigint, currency: 'JPY' | 'USD') {
  const [row] = await db.tx((tx) =>
    queryRows<{ available: string; held: string; formula: string }>(
      tx,
      sql`SELECT a.available::text, a.held::text, (
            coalesce((SELECT sum(rjmoney) FROM new_share_orders
                      WHERE user_id = ${userId} AND currency = ${currency} AND status = 1), 0)
          + coalesce((SELECT sum(money) FROM withdrawals
                      WHERE user_id = ${userId} AND currency = ${currency} AND status = 0), 0)
          + coalesce((SELECT sum(money) FROM copy_trade_orders
                      WHERE user_id = ${userId} AND currency = ${currency} AND status = 0), 0)
          + coalesce((SELECT sum(credit) FROM credit_orders
                      WHERE user_id = ${userId} AND currency = ${currency} AND status = 0), 0)
          + coalesce((SELECT sum(CASE WHEN status = 3 THEN margin + fee ELSE cost END) FROM positions
                      WHERE user_id = ${userId} AND currency = ${currency} AND status IN (0, 1, 3)), 0)
          )::text AS formula
          FROM ledger_accounts a WHERE a.user_id = ${userId} AND a.currency = ${currency}`,
    ),
  );
  return row!;
}

/** Every invariant, for the app's whole database and each of `users` (their JPY and USD accounts). */
export async function expectBrokerInvariants(
  app: FastifyInstance,
  users: readonly bigint[],
  holds: HoldHistory,
): Promise<void> {
  await expectOrderInvariants(app);
  await expectLedgerInvariants(app.db, HOLD_CHECKS);
  await expectHoldsResolvedOnce(app.db, holds);
  for (const [market, currency] of [
    ['jpy', 'JPY'],
    ['usd', 'USD'],
  ] as const)
    for (const userId of users) {
      const { available, held, formula } = await frozenFromRows(app.db, userId, currency);
      const info = await app.assets.userInfo(userId, market);
      const figures = { available: info.jpy, frozen: info.frozen, total: info.total };
      const expected = { available, frozen: formula, total: new Decimal(available).plus(formula).toFixed() };
      // The ledger holds exactly the formula; getUserinfo answers it (compared as numbers: 1.0 = 1).
      expect(new Decimal(held).eq(formula)).toBe(true);
      expect(Object.values(figures).map((v) => new Decimal(v).toFixed())).toEqual(
        Object.values(expected).map((v) => new Decimal(v).toFixed()),
      );
    }
}

/**
 * A digest of the whole business state: every user account's balances, the journal, the holds, the orders and
 * positions, the borrowings and the lendings. A refused command must leave it unchanged.
 */
export async function stateDigest(db: Database): Promise<string> {
  const [row] = await db.tx((tx) =>
    queryRows<{ digest: string }>(
      tx,
      sql`SELECT concat_ws('|',
            (SELECT string_agg(id || ':' || available || ':' || held, ',' ORDER BY id) FROM ledger_accounts),
            (SELECT count(*) FROM journal_entries),
            (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM ledger_holds),
            (SELECT string_agg(concat_ws(':', id, status, hold_id, margin, cost, fee, stock_num, limit_price,
                                         trigger_price, take_profit, stop_loss, valid_until), ',' ORDER BY id)
             FROM positions),
            (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM credit_orders),
            (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM stock_lendings)) AS digest`,
    ),
  );
  return row!.digest;
}

/**
 * After the matcher's passes and the jobs at `at` (Tokyo stock `code` at `price`): no order the expiry job should
 * have expired is still pending, and, while the market is open, nothing is left that the matcher should have acted
 * on at that price (written here from the contract's rules, not from the matcher's query): a waiting market
 * order, a crossed limit (normal, triggered stop-limit, OCO leg), a reached trigger, a position preparing to
 * close, a reached take profit or stop loss of a position that may be closed (not lent), a margin call due.
 */
export async function expectMatchedAndExpired(
  db: Database,
  at: Date,
  market: 'jpy' | 'usd',
  code: string,
  price: string,
): Promise<void> {
  const clock = marketClock(market, at.getTime());
  const session = dateOf(clock.sessionDay);
  const open = clock.status === 'open';
  const [row] = await db.tx((tx) =>
    queryRows<Record<string, number>>(
      tx,
      sql`WITH p AS (SELECT *, ${price}::numeric AS q FROM positions WHERE market = ${market} AND code = ${code})
          SELECT
            (SELECT count(*) FROM p WHERE status = 3 AND (valid_until < ${session}::date
               OR (${!open && clock.status === 'closed'} AND valid_until = ${session}::date)))::int AS not_expired,
            (SELECT count(*) FROM p WHERE ${open} AND status = 3 AND valid_until >= ${session}::date AND (
               (order_type = 'normal' AND price_type = 'market')
               OR ((order_type = 'oco'
                    OR (price_type = 'limit' AND (order_type = 'normal' OR triggered_at IS NOT NULL)))
                   AND CASE WHEN direction = 'long' THEN q <= limit_price ELSE q >= limit_price END)
               OR (order_type IN ('stop', 'oco') AND triggered_at IS NULL
                   AND CASE WHEN direction = 'long' THEN q >= trigger_price ELSE q <= trigger_price END)))::int
              AS not_filled,
            (SELECT count(*) FROM p WHERE ${open} AND status = 1)::int AS not_closed,
            (SELECT count(*) FROM p WHERE ${open} AND status = 0 AND day_trade_id IS NULL
               AND NOT EXISTS (SELECT 1 FROM stock_lendings l WHERE l.position_id = p.id AND l.status < 2)
               AND CASE WHEN direction = 'long' THEN q >= take_profit OR q <= stop_loss
                        ELSE q <= take_profit OR q >= stop_loss END)::int AS exit_not_taken,
            (SELECT count(*) FROM p WHERE ${open} AND status = 0
               AND margin + (CASE WHEN direction = 'long' THEN q - buy_price ELSE buy_price - q END) * stock_num
                   < (SELECT value::numeric FROM site_config WHERE name = 'trade_maintenance_ratio') * margin)::int
              AS margin_call_not_made`,
    ),
  );
  expect(row).toEqual({ not_expired: 0, not_filled: 0, not_closed: 0, exit_not_taken: 0, margin_call_not_made: 0 });
}

/* The commands of the property and their generators. */
const MIN = 60_000;
export const DAY = 86_400_000;

type Side = 'long' | 'short';
type Kind = 'market' | 'limit' | 'stop' | 'stopLimit' | 'oco';
export type Command =
  | {
      kind: 'place';
      market: 'jpy' | 'usd';
      user: number;
      side: Side;
      type: Kind;
      leverage: number;
      quantity: number;
      off: number;
      off2: number;
      validity: number;
      exits: number;
      exitOff: number;
    }
  | { kind: 'modify'; user: number; pick: number; off: number | null; off2: number | null; quantity: number | null }
  | { kind: 'exits'; user: number; pick: number; tp: number | null | undefined; sl: number | null | undefined }
  | { kind: 'cancel' | 'close' | 'lend' | 'recall' | 'giveBack'; user: number; pick: number }
  | { kind: 'addMargin'; user: number; pick: number; amount: number }
  | { kind: 'borrow'; user: number; quantity: number; term: number }
  | {
      kind: 'advance';
      to: 'minutes' | 'lunch' | 'afternoon' | 'close' | 'open' | 'days' | 'nyOpen' | 'nyClose';
      n: number;
    }
  | { kind: 'race'; user: number; pick: number; n: number };

const user = fc.nat(1);
const pick = fc.nat(7);
/** A price offset from the current price, in per mille. */
const off = fc.integer({ min: -12, max: 12 });
export const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      market: fc.constantFrom('jpy' as const, 'jpy' as const, 'jpy' as const, 'usd' as const),
      user,
      side: fc.constantFrom<Side>('long', 'short'),
      type: fc.constantFrom<Kind>('market', 'market', 'limit', 'stop', 'stopLimit', 'oco'),
      leverage: fc.constantFrom(1, 1, 1, 2, 10),
      quantity: fc.integer({ min: 1, max: 1500 }),
      off,
      off2: off,
      validity: fc.nat(4),
      exits: fc.nat(3),
      exitOff: fc.integer({ min: 1, max: 15 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('modify' as const),
      user,
      pick,
      off: fc.option(off),
      off2: fc.option(off),
      quantity: fc.option(fc.integer({ min: 1, max: 3000 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('exits' as const),
      user,
      pick,
      tp: fc.option(fc.option(off), { nil: undefined }),
      sl: fc.option(fc.option(off), { nil: undefined }),
    }),
  },
  ...(['cancel', 'close', 'lend', 'recall', 'giveBack'] as const).map((kind) => ({
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant(kind), user, pick }),
  })),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('addMargin' as const),
      user,
      pick,
      amount: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 7_000_000 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('borrow' as const),
      user,
      quantity: fc.integer({ min: 1, max: 80 }),
      term: fc.constantFrom(7, 14, 30),
    }),
  },
  // The clock moves while the investor cancels, closes and adds margin: the matcher and the jobs run meanwhile.
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('race' as const), user, pick, n: fc.integer({ min: 1, max: 3 }) }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      to: fc.constantFrom(
        'minutes',
        'minutes',
        'lunch',
        'afternoon',
        'close',
        'open',
        'days',
        'nyOpen',
        'nyOpen',
        'nyClose',
      ),
      n: fc.integer({ min: 1, max: 3 }),
    }),
  },
);

/** The first instant after `from` at `minute` minutes after 00:00 UTC on a Tokyo trading day (Tokyo = UTC+9). */
export function nextAt(from: Date, minute: number): Date {
  let day = Math.floor(from.getTime() / DAY);
  while (day * DAY + minute * MIN <= from.getTime() || !isTradingDay(day)) day += 1;
  return new Date(day * DAY + minute * MIN);
}

/**
 * Where the clock goes: Tokyo 09:05 (open), 11:45 (lunch), 13:00 (afternoon), 16:00 (closed), New York 09:35 (open)
 * or 16:30 (closed), or later.
 */
export function advanced(now: Date, to: Extract<Command, { kind: 'advance' }>): Date {
  switch (to.to) {
    case 'minutes':
      return new Date(now.getTime() + to.n * 37 * MIN);
    case 'lunch':
      return nextAt(now, 165);
    case 'afternoon':
      return nextAt(now, 240);
    case 'close':
      return nextAt(now, 420);
    case 'open':
      return nextAt(now, 5);
    case 'days':
      return new Date(now.getTime() + to.n * DAY);
    case 'nyOpen':
      return nextAt(now, 875);
    case 'nyClose':
      return nextAt(now, 1290);
  }
}

/** Refusals a random mix may meet; anything else (or any other error) is a bug. */
export const EXPECTED_REFUSALS = new Set(
  [
    'insufficient_balance field_invalid order_not_holding order_not_pending nothing_to_change price_beyond_limit',
    'margin_fully_paid',
    'trigger_already_reached oco_prices_order take_profit_side stop_loss_side validity_beyond not_trading_time',
    'lending_already_lent lending_leveraged lending_not_lent lending_not_holding lending_recall_first',
    'lending_returning_on borrow_limit_insufficient borrow_not_active borrow_return_insufficient',
  ]
    .join(' ')
    .split(' '),
);

export const placeCommand = (over: Partial<Extract<Command, { kind: 'place' }>>): Command => ({
  kind: 'place',
  market: 'jpy',
  user: 0,
  side: 'long',
  type: 'market',
  leverage: 1,
  quantity: 100,
  off: 0,
  off2: 0,
  validity: 0,
  exits: 0,
  exitOff: 10,
  ...over,
});
/** Mixes that surely reach lending, recall, borrowing, return, cancel, close and add margin. */
export const EXAMPLES: Array<[boolean, Command[]]> = [
  [
    false,
    [
      placeCommand({}),
      { kind: 'lend', user: 0, pick: 0 },
      { kind: 'close', user: 0, pick: 0 },
      { kind: 'recall', user: 0, pick: 0 },
      { kind: 'advance', to: 'open', n: 1 },
      { kind: 'close', user: 0, pick: 0 },
      { kind: 'borrow', user: 0, quantity: 10, term: 7 },
      { kind: 'advance', to: 'days', n: 1 },
      { kind: 'giveBack', user: 0, pick: 0 },
    ],
  ],
  [
    true,
    [
      placeCommand({ type: 'limit', off: -30, validity: 2 }),
      { kind: 'advance', to: 'lunch', n: 1 },
      placeCommand({ user: 1, side: 'short', type: 'limit', off: 5, exits: 3 }),
      { kind: 'modify', user: 0, pick: 0, off: null, off2: null, quantity: 50 },
      { kind: 'cancel', user: 0, pick: 0 },
      { kind: 'advance', to: 'afternoon', n: 1 },
      placeCommand({ user: 1, leverage: 10 }),
      { kind: 'addMargin', user: 1, pick: 1, amount: 5000 },
      { kind: 'advance', to: 'close', n: 1 },
      { kind: 'advance', to: 'open', n: 1 },
    ],
  ],
];
