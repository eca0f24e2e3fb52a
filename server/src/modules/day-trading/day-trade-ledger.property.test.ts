import '../../testing/setup';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { Decimal } from 'shared/money';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { configureMoneyLimiter, resetMoneyLimiter } from '../../security/money-limiter';
import { createPasswordHasher } from '../../security/password';
import { TEST_SCRYPT } from '../../testing/app';
import { testBackends } from '../../testing/backends';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { createAssetsService } from '../assets/assets-service';
import { NO_PRICES } from '../assets/price-source';
import { createJobRunner } from '../jobs/job-runner';
import { localTime, localToUtc, nextTradingDay } from '../market/calendar';
import { MarketSimulator } from '../market/simulator';
import { FundPasswordGuard } from '../passwords/fund-password-guard';
import { createMatcher } from '../trade/matcher';
import { createTradeService } from '../trade/trade-service';
import { createDayTradeAdmin } from './day-trade-admin';
import { dayTradingJobs } from './day-trade-jobs';
import { createDayTradeOrders, participationReHold } from './day-trade-orders';
import { createDayTradeService } from './day-trade-service';

/**
 * The property of issue 12 (day trading): for any sequence of applications, reviews, day-trade orders
 * (market and limit, long and short), closes, matcher passes and minutes passing within a Tokyo trading
 * day, then the settlement after the close: the ledger balances per currency, no user balance goes
 * negative, frozen (spec §4's formula, as getUserinfo answers it) equals the money the ledger holds, the
 * open and pending notional of an application never exceeds its allowance, a live application's
 * participation hold plus its orders' holds never exceed the participation, each application is settled
 * at most once with P&L = its positions' realised P&L − fees, and after the close nothing is held.
 */

const FUNDING = '600000';
const FUND_PASSWORD = '135790';
const USERS = 3;
const CODES = ['7203', '6758', '9984'] as const;

type Action =
  | { kind: 'apply'; user: number; units: number }
  | { kind: 'review'; user: number; approve: boolean }
  | { kind: 'order'; user: number; code: number; short: boolean; quantity: number; limit: number | null }
  | { kind: 'close'; user: number }
  | { kind: 'match' }
  | { kind: 'wait'; minutes: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('apply' as const),
      user: fc.nat(USERS - 1),
      units: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('review' as const),
      user: fc.nat(USERS - 1),
      approve: fc.boolean({ trueWeight: 4 } as never),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      user: fc.nat(USERS - 1),
      code: fc.nat(CODES.length - 1),
      short: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 150 }),
      limit: fc.option(fc.integer({ min: -2, max: 2 }), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), user: fc.nat(USERS - 1) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'match' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 30 }) }) },
);

/** Refusals a random sequence may meet; anything else is a bug. */
const EXPECTED_REFUSALS = new Set([
  'insufficient_balance',
  'day_trade_already_applied',
  'day_trade_not_active',
  'day_trade_allowance_exceeded',
  'review_already_done',
  'order_not_holding',
  'not_trading_time',
  'price_beyond_limit',
  'not_found',
]);

/** 10:00 Tokyo of the next trading day after `at`. */
const nextOpen = (at: Date) => new Date(localToUtc('jpy', nextTradingDay(localTime('jpy', at.getTime()).day), 10 * 60));

describe.each(testBackends())('the ledger under any sequence of day-trading steps on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  let db: Database;
  let fundPasswordHash: string;
  beforeAll(async () => {
    db = suite.db;
    resetMoneyLimiter();
    configureMoneyLimiter({ perAction: { max: 100_000, windowMs: 1000 }, perUser: { max: 100_000, windowMs: 1000 } });
    fundPasswordHash = await createPasswordHasher({ cost: TEST_SCRYPT }).hash(FUND_PASSWORD);
  });

  const dayTrader = async () => {
    const userId = await insertFundedTrader(db, FUNDING);
    await db.tx(async (tx) => {
      await tx.execute(sql`UPDATE users SET fund_password_hash = ${fundPasswordHash} WHERE id = ${userId}`);
      await tx.execute(
        sql`INSERT INTO risk_acknowledgements (user_id, kind, version) VALUES (${userId}, 'day_trade', 1)`,
      );
    });
    return userId;
  };

  it('balances, never goes negative, freezes exactly the formula, keeps the allowance, settles once', async () => {
    // Each run is one Tokyo trading day; the clock only moves forward across runs.
    let now = new Date('2026-11-13T07:00:00Z');
    const clock = () => now;
    const provider = new MarketSimulator({ seed: 'daytrade-property', now: clock });
    const trade = createTradeService({ db, now: clock, provider });
    const fundPasswords = new FundPasswordGuard(createPasswordHasher({ cost: TEST_SCRYPT }));
    const service = createDayTradeService({ db, now: clock, provider, fundPasswords, trade });
    const orders = createDayTradeOrders({ db, now: clock, provider, trade });
    const admin = createDayTradeAdmin({ db, now: clock, service });
    const matcher = createMatcher({ db, now: clock, provider });
    // As the app wires it: a day-trade position settled during the day re-holds its participation.
    matcher.onSettle(participationReHold);
    const assets = createAssetsService(db, NO_PRICES, clock);
    const runner = createJobRunner({ db, now: clock, jobs: dayTradingJobs(db, provider) });
    const adminId = await insertFundedTrader(db, '1');
    const allUsers: bigint[] = [];

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 6, maxLength: 24, size: 'max' }), async (actions) => {
        now = nextOpen(now);
        const users = await Promise.all(Array.from({ length: USERS }, () => dayTrader()));
        allUsers.push(...users);
        const latest = new Map<number, number>();
        // Two of the three users start the day applied and approved; the rest is random.
        await step({ kind: 'apply', user: 0, units: 2 }, users, latest);
        await step({ kind: 'review', user: 0, approve: true }, users, latest);
        await step({ kind: 'apply', user: 1, units: 1 }, users, latest);
        await step({ kind: 'review', user: 1, approve: true }, users, latest);
        for (const a of actions) {
          try {
            await step(a, users, latest);
          } catch (error) {
            if (!(error instanceof BusinessError) || !EXPECTED_REFUSALS.has(error.key)) throw error;
          }
          await checkInvariants();
        }
        // After the close: every application settled or lapsed, nothing held.
        now = new Date(localToUtc('jpy', localTime('jpy', now.getTime()).day, 16 * 60));
        await runner.runDue();
        await checkInvariants();
        const [left] = await db.tx((tx) =>
          queryRows<{ live: number; held: number }>(
            tx,
            sql`SELECT (SELECT count(*) FROM day_trades WHERE status IN ('submitted', 'applied', 'in_trade'))::int
                         AS live,
                       (SELECT count(*) FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
                        WHERE h.status = 'pending' AND a.user_id IN (${sql.join(
                          users.map((u) => sql`${u}`),
                          sql`, `,
                        )}))::int AS held`,
          ),
        );
        expect(left).toEqual({ live: 0, held: 0 });
      }),
      { numRuns: 4 },
    );

    const [reached] = await db.tx((tx) =>
      queryRows<{ filled: number }>(tx, sql`SELECT count(*)::int AS filled FROM day_trades WHERE status = 'filled'`),
    );
    expect(reached!.filled).toBeGreaterThan(0);

    async function step(a: Action, users: bigint[], latest: Map<number, number>) {
      if (a.kind === 'apply') {
        const { data } = await service.apply(
          users[a.user]!,
          { market: 'jpy', amount: String(a.units * 100_000), fund_password: FUND_PASSWORD },
          undefined,
        );
        latest.set(a.user, data.id);
      } else if (a.kind === 'review') {
        const id = latest.get(a.user);
        if (id !== undefined)
          await admin.review(adminId, { id, action: a.approve ? 'approve' : 'reject', reason: 'property' });
      } else if (a.kind === 'order') {
        const id = latest.get(a.user);
        if (id === undefined) return;
        const code = CODES[a.code]!;
        const price = new Decimal(provider.quote('jpy', code, 'en')!.price);
        const limit =
          a.limit === null
            ? undefined
            : price
                .times(1 + a.limit / 100)
                .toDecimalPlaces(0)
                .toFixed();
        await orders.place(
          users[a.user]!,
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
        const [open] = await db.tx((tx) =>
          queryRows<{ id: string }>(
            tx,
            sql`SELECT id::text FROM positions WHERE user_id = ${users[a.user]!} AND day_trade_id IS NOT NULL
                AND status = 0 ORDER BY id LIMIT 1`,
          ),
        );
        if (open) await service.close(users[a.user]!, { id: Number(open.id) });
      } else if (a.kind === 'match') {
        await matcher.runOnce();
      } else {
        now = new Date(now.getTime() + a.minutes * 60_000);
      }
    }

    async function checkInvariants() {
      const [ledger] = await db.tx((tx) =>
        queryRows<Record<string, number>>(
          tx,
          sql`SELECT
                (SELECT count(*) FROM (
                   SELECT currency FROM journal_entries GROUP BY currency HAVING sum(amount) <> 0
                 ) x)::int AS unbalanced,
                (SELECT count(*) FROM ledger_accounts
                   WHERE user_id IS NOT NULL AND (available < 0 OR held < 0))::int AS negative,
                (SELECT count(*) FROM ledger_accounts a WHERE a.available + a.held <> coalesce((
                   SELECT sum(amount) FROM journal_entries e WHERE e.account_id = a.id), 0))::int AS drift,
                (SELECT count(*) FROM day_trades d WHERE d.participation * d.multiple < coalesce((
                   SELECT sum(p.buy_price * p.stock_num) FROM positions p
                   WHERE p.day_trade_id = d.id AND p.status IN (0, 1, 3)), 0))::int AS "beyondAllowance",
                (SELECT count(*) FROM day_trades d WHERE d.status IN ('applied', 'in_trade') AND d.participation <
                   coalesce((SELECT amount FROM ledger_holds h WHERE h.id = d.hold_id AND h.status = 'pending'), 0)
                   + coalesce((SELECT sum(h.amount) FROM positions p JOIN ledger_holds h ON h.id = p.hold_id
                     WHERE p.day_trade_id = d.id AND h.status = 'pending'), 0))::int AS "heldTwice",
                (SELECT count(*) FROM day_trades d WHERE d.status = 'filled' AND d.pnl <> coalesce((
                   SELECT sum(coalesce(p.realised_pnl, 0)) - sum(p.fee + coalesce(p.close_fee, 0))
                   FROM positions p WHERE p.day_trade_id = d.id AND p.status = 2), 0))::int AS "pnlMismatch",
                (SELECT count(*) FROM (SELECT msg_values->>'order_no' FROM messages WHERE msg_key = 'day_trade_settled'
                   GROUP BY 1 HAVING count(*) > 1) x)::int AS "settledTwice"`,
        ),
      );
      expect(ledger).toEqual({
        unbalanced: 0,
        negative: 0,
        drift: 0,
        beyondAllowance: 0,
        heldTwice: 0,
        pnlMismatch: 0,
        settledTwice: 0,
      });
      for (const user of allUsers) {
        const info = await assets.userInfo(user, 'jpy');
        const [row] = await db.tx((tx) =>
          queryRows<{ available: string; held: string }>(
            tx,
            sql`SELECT available::text, held::text FROM ledger_accounts WHERE user_id = ${user} AND currency = 'JPY'`,
          ),
        );
        // Spec §4: frozen = … + cost of holdings (margins) + pending orders (a live participation's hold).
        expect(new Decimal(info.frozen).eq(row!.held)).toBe(true);
        expect(new Decimal(info.jpy).eq(row!.available)).toBe(true);
      }
    }
  }, 900_000);
});
