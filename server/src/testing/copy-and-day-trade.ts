/**
 * Fixtures of the copy-trading and day-trading property tests (issue 12), shared by the copy-trading one,
 * the day-trading one and the property that interleaves both: funded traders with a fund password and
 * the risk disclosures acknowledged, the test product, the Tokyo clock steps, the day-trading services
 * wired as the app wires them with one step per random action, and each module's invariant counts for
 * expectLedgerInvariants.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { Decimal } from 'shared/money';
import type { Database } from '../db/database';
import { queryRows } from '../db/query';
import type { CopyAdmin } from '../modules/copy/copy-admin';
import { createDayTradeAdmin } from '../modules/daytrade/daytrade-admin';
import { createDayTradeOrders, participationReHold } from '../modules/daytrade/daytrade-orders';
import { createDayTradeService } from '../modules/daytrade/daytrade-service';
import { localTime, localToUtc, nextTradingDay } from '../modules/market/calendar';
import type { MarketSimulator } from '../modules/market/simulator';
import { FundPasswordGuard } from '../modules/passwords/fund-password-guard';
import { createMatcher } from '../modules/trade/matcher';
import { createTradeService } from '../modules/trade/trade-service';
import { configureMoneyLimiter, resetMoneyLimiter } from '../security/money-limiter';
import { createPasswordHasher } from '../security/password';
import { TEST_SCRYPT } from './app';
import { insertFundedTrader } from './database';

export const FUND_PASSWORD = '135790';
const DAY = 86_400_000;

/**
 * Before the suite: the money limiter relaxed (a property places many orders a second) and the fund
 * password hashed once. Answers a maker of funded traders (insertFundedTrader) with that fund password
 * who acknowledged the risk disclosures of `kinds`.
 */
export function usePropertyTraders(suite: { readonly db: Database }) {
  let hash: string | undefined;
  beforeAll(async () => {
    resetMoneyLimiter();
    configureMoneyLimiter({ perAction: { max: 100_000, windowMs: 1000 }, perUser: { max: 100_000, windowMs: 1000 } });
    hash = await createPasswordHasher({ cost: TEST_SCRYPT }).hash(FUND_PASSWORD);
  });
  return async (funding: string, kinds: ReadonlyArray<'copy_trade' | 'day_trade'>): Promise<bigint> => {
    const userId = await insertFundedTrader(suite.db, funding);
    await suite.db.tx(async (tx) => {
      await tx.execute(sql`UPDATE users SET fund_password_hash = ${hash!} WHERE id = ${userId}`);
      for (const kind of kinds)
        await tx.execute(
          sql`INSERT INTO risk_acknowledgements (user_id, kind, version) VALUES (${userId}, ${kind}, 1)`,
        );
    });
    return userId;
  };
}

/**
 * A property's day, settled if it fails: each fast-check try (shrinking included) is a new day on the same
 * database, so an application or follow a failed day leaves live would fail every try after it whatever its
 * steps, and the counterexample would mean nothing. `settle` moves the clock past the day and runs the jobs.
 */
export async function settledOnFailure(day: () => Promise<void>, settle: () => Promise<unknown>): Promise<void> {
  try {
    await day();
  } catch (failure) {
    await settle().catch(() => undefined);
    throw failure;
  }
}

/**
 * The properties' fast-check parameters: a try takes a second or more, so a failure's shrinking stops after
 * 7 minutes with the smallest counterexample found by then (inside the tests' 15); a pass never takes so long,
 * and an interrupted pass fails.
 */
export const shrinkWithin = () => [fc.interruptAfterTimeLimit(420_000, { failOnInterrupt: true })];

/** `minutes` past midnight of the Tokyo day of `at`. */
export const tokyoAt = (at: Date, minutes: number) =>
  new Date(localToUtc('jpy', localTime('jpy', at.getTime()).day, minutes));

/** 10:00 Tokyo of the next trading day after `at`. */
export const nextOpen = (at: Date) =>
  new Date(localToUtc('jpy', nextTradingDay(localTime('jpy', at.getTime()).day), 10 * 60));

/** A JPY product over three Tokyo names: lock-up 3 days, minimum 100,000, capacity 600,000, deadline in 6 days. */
export function createPropertyProduct(admin: CopyAdmin, adminId: bigint, now: Date) {
  return admin.create(adminId, {
    market: 'jpy',
    name_zh: '性质',
    name_en: 'Property',
    name_ja: 'プロパティ',
    issuer_zh: '测试',
    issuer_en: 'Test',
    issuer_ja: 'テスト',
    strategy_zh: '三只股票。',
    strategy_en: 'Three stocks.',
    strategy_ja: '3銘柄。',
    holdings: [
      { code: '7203', weight: '0.5' },
      { code: '6758', weight: '0.3' },
      { code: '9984', weight: '0.2' },
    ],
    lockup_days: 3,
    min_investment: '100000',
    capacity: '600000',
    deadline: new Date(now.getTime() + 6 * DAY).toISOString(),
  });
}

/** Copy trading's invariants: capacity = active follows, an active follow holds its principal, redeemed once. */
export const COPY_TRADE_CHECKS = {
  capacityMismatch: sql`SELECT count(*) FROM copy_products p
                          WHERE p.raised > p.capacity OR p.raised <> coalesce((SELECT sum(money)
                            FROM copy_trade_orders o WHERE o.product_id = p.id AND o.status = 0), 0)`,
  holdMismatch: sql`SELECT count(*) FROM copy_trade_orders o LEFT JOIN ledger_holds h ON h.id = o.hold_id
                      WHERE o.status = 0 AND (h.status IS DISTINCT FROM 'pending' OR h.amount <> o.money)`,
  redeemedTwice: sql`SELECT count(*) FROM (SELECT reference FROM journal_transactions WHERE kind = 'copy_trade'
                       GROUP BY reference HAVING count(*) > 1) x`,
};

/**
 * Day trading's invariants: the open and pending notional within the allowance, a live participation
 * never held twice (its hold at most the participation less its orders' holds, none once they hold it all:
 * a limit order for the whole allowance holds a margin equal to the participation plus its fee, which the
 * account's free money pays as it pays a market order's fee, ADR 0019), each live order holding exactly its
 * margin (and, while pending, its fee), a filled day's P&L = its positions' realised P&L − fees, each
 * application settled or expired at most once.
 */
export const DAY_TRADE_CHECKS = {
  beyondAllowance: sql`SELECT count(*) FROM day_trades d WHERE d.participation * d.multiple < coalesce((
                         SELECT sum(p.buy_price * p.stock_num) FROM positions p
                         WHERE p.day_trade_id = d.id AND p.status IN (0, 1, 3)), 0)`,
  heldTwice: sql`SELECT count(*) FROM day_trades d WHERE d.status IN ('applied', 'in_trade') AND
                   coalesce((SELECT amount FROM ledger_holds h WHERE h.id = d.hold_id AND h.status = 'pending'), 0)
                   > greatest(d.participation - coalesce((SELECT sum(h.amount) FROM positions p
                     JOIN ledger_holds h ON h.id = p.hold_id
                     WHERE p.day_trade_id = d.id AND h.status = 'pending'), 0), 0)`,
  orderHeld: sql`SELECT count(*) FROM positions p JOIN ledger_holds h ON h.id = p.hold_id
                   WHERE p.day_trade_id IS NOT NULL AND p.status IN (0, 1, 3) AND h.status = 'pending'
                   AND h.amount <> p.margin + CASE WHEN p.status = 3 THEN p.fee ELSE 0 END`,
  pnlMismatch: sql`SELECT count(*) FROM day_trades d WHERE d.status = 'filled' AND d.pnl <> coalesce((
                     SELECT sum(coalesce(p.realised_pnl, 0)) - sum(p.fee + coalesce(p.close_fee, 0))
                     FROM positions p WHERE p.day_trade_id = d.id AND p.status = 2), 0)`,
  settledTwice: sql`SELECT count(*) FROM (SELECT msg_values->>'order_no' FROM messages
                      WHERE msg_key IN ('day_trade_settled', 'day_trade_expired') GROUP BY 1 HAVING count(*) > 1) x`,
};

export const DAY_TRADE_CODES = ['7203', '6758', '9984'] as const;

export type DayTradeAction =
  | { kind: 'apply'; user: number; units: number }
  | { kind: 'review'; user: number; approve: boolean }
  | { kind: 'order'; user: number; code: number; short: boolean; quantity: number; limit: number | null }
  | { kind: 'close'; user: number }
  | { kind: 'cancel'; user: number }
  | { kind: 'match' };

/** The weighted day-trading actions of `users` users, for fc.oneof. */
export function dayTradeActions(users: number) {
  const user = fc.nat(users - 1);
  return [
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('apply' as const),
        user,
        units: fc.integer({ min: 1, max: 4 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('review' as const),
        user,
        approve: fc.boolean({ trueWeight: 4 } as never),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('order' as const),
        user,
        code: fc.nat(DAY_TRADE_CODES.length - 1),
        short: fc.boolean(),
        quantity: fc.integer({ min: 1, max: 150 }),
        limit: fc.option(fc.integer({ min: -2, max: 2 }), { nil: null }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), user }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'match' as const }) },
  ];
}

/** Refusals a random day-trading sequence may meet; anything else is a bug. */
export const DAY_TRADE_REFUSALS = [
  'insufficient_balance',
  'day_trade_already_applied',
  'day_trade_not_active',
  'day_trade_allowance_exceeded',
  'day_trade_stopped',
  'review_already_done',
  'order_not_holding',
  'not_trading_time',
  'price_beyond_limit',
  'not_found',
];

/**
 * The day-trading services on `now`, wired as the app wires them (a day-trade position settled during
 * the day re-holds its participation), and `step`, which plays one action: `latest` is each user's
 * latest application, which reviews and orders act on; a close or a cancel acts on the user's first
 * open position or pending order.
 */
export function dayTradingDriver(db: Database, now: () => Date, provider: MarketSimulator, adminId: bigint) {
  const trade = createTradeService({ db, now, provider });
  const fundPasswords = new FundPasswordGuard(createPasswordHasher({ cost: TEST_SCRYPT }));
  const service = createDayTradeService({ db, now, provider, fundPasswords, trade });
  const orders = createDayTradeOrders({ db, now, provider, trade });
  const admin = createDayTradeAdmin({ db, now, service });
  const matcher = createMatcher({ db, now, provider });
  matcher.onSettle(participationReHold);

  const firstPosition = async (userId: bigint, status: number) => {
    const [row] = await db.tx((tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`SELECT id::text FROM positions WHERE user_id = ${userId} AND day_trade_id IS NOT NULL
            AND status = ${status} ORDER BY id LIMIT 1`,
      ),
    );
    return row ? Number(row.id) : undefined;
  };

  async function step(a: DayTradeAction, users: readonly bigint[], latest: Map<number, number>) {
    if (a.kind === 'match') {
      await matcher.runOnce();
      return;
    }
    const userId = users[a.user]!;
    if (a.kind === 'apply') {
      const amount = String(a.units * 100_000);
      const { data } = await service.apply(userId, { market: 'jpy', amount, fund_password: FUND_PASSWORD }, undefined);
      latest.set(a.user, data.id);
    } else if (a.kind === 'review') {
      const id = latest.get(a.user);
      if (id !== undefined)
        await admin.review(adminId, { id, action: a.approve ? 'approve' : 'reject', reason: 'property' });
    } else if (a.kind === 'order') {
      const id = latest.get(a.user);
      if (id === undefined) return;
      const code = DAY_TRADE_CODES[a.code]!;
      const price = new Decimal(provider.quote('jpy', code, 'en')!.price);
      const limit =
        a.limit === null
          ? undefined
          : price
              .times(1 + a.limit / 100)
              .toDecimalPlaces(0)
              .toFixed();
      await orders.place(
        userId,
        {
          id,
          code,
          side: a.short ? 'short' : 'long',
          price_type: limit === undefined ? 'market' : 'limit',
          price: limit,
          quantity: String(a.quantity),
        },
        undefined,
      );
    } else if (a.kind === 'close') {
      const id = await firstPosition(userId, 0);
      if (id !== undefined) await service.close(userId, { id });
    } else {
      const id = await firstPosition(userId, 3);
      if (id !== undefined) await orders.cancel(userId, { id });
    }
  }

  return { service, orders, admin, matcher, step };
}

/** What is still running or held for `users`: active follows, live applications, pending ledger holds. */
export async function whatIsLeft(db: Database, users: readonly bigint[]) {
  const ids = sql.join(
    users.map((u) => sql`${u}`),
    sql`, `,
  );
  const [left] = await db.tx((tx) =>
    queryRows<{ active: number; live: number; held: number }>(
      tx,
      sql`SELECT (SELECT count(*) FROM copy_trade_orders WHERE user_id IN (${ids}) AND status = 0)::int AS active,
                 (SELECT count(*) FROM day_trades WHERE user_id IN (${ids})
                    AND status IN ('submitted', 'applied', 'in_trade'))::int AS live,
                 (SELECT count(*) FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
                    WHERE h.status = 'pending' AND a.user_id IN (${ids}))::int AS held`,
    ),
  );
  return left!;
}
