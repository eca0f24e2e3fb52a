import '../../testing/setup';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { Decimal } from 'shared/money';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { createPasswordHasher } from '../../security/password';
import { TEST_SCRYPT } from '../../testing/app';
import { testBackends } from '../../testing/backends';
import {
  COPY_TRADE_CHECKS,
  createPropertyProduct,
  DAY_TRADE_CHECKS,
  DAY_TRADE_REFUSALS,
  dayTradeActions,
  dayTradingDriver,
  FUND_PASSWORD,
  nextOpen,
  settledOnFailure,
  shrinkWithin,
  tokyoAt,
  usePropertyTraders,
  whatIsLeft,
  type DayTradeAction,
} from '../../testing/copy-and-day-trade';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { expectLedgerInvariants, userLedgerAccount } from '../../testing/ledger-invariants';
import { createAssetsService } from '../assets/assets-service';
import { NO_PRICES } from '../assets/price-source';
import { createCopyAdmin } from '../copy/copy-admin';
import { copyTradingJobs } from '../copy/copy-jobs';
import { createCopyService } from '../copy/copy-service';
import { createJobRunner } from '../jobs/job-runner';
import { MarketSimulator } from '../market/simulator';
import { FundPasswordGuard } from '../passwords/fund-password-guard';
import { dayTradingJobs } from './daytrade-jobs';

/**
 * The property of issue 12 over both products at once: the same users, over several Tokyo trading days
 * on a test clock, interleave copy-trading follows (the copy jobs pricing, redeeming and valuing them)
 * with day-trading applications, reviews, day-trade orders (market and limit, long and short), closes,
 * cancels, matcher passes and the stop, settlement and lapse jobs; minutes pass, the day closes, the next
 * trading day opens. After every step: the ledger balances per currency with no balance negative and no
 * drift, frozen as getUserinfo and /user/assets answer it (spec §4's formula: the sum of its parts) is
 * the money the ledger holds, and that is exactly the active copy-trades' principal plus the holds of the
 * day trading (participations, margins, pending orders), each copy order is redeemed at most once and
 * each application settled at most once, both modules' own invariants hold, and no job pass fails.
 * After every lock-up and every session ended nothing is active, live or held.
 */

const FUNDING = '800000';
const USERS = 3;

type Action =
  | DayTradeAction
  | { kind: 'follow'; user: number; units: number }
  | { kind: 'wait'; minutes: number }
  | { kind: 'jobs' }
  | { kind: 'evening' }
  | { kind: 'nextDay' };

const action: fc.Arbitrary<Action> = fc.oneof(
  ...dayTradeActions(USERS),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('follow' as const),
      user: fc.nat(USERS - 1),
      units: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 45 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'jobs' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'evening' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'nextDay' as const }) },
);

/** Each trading day opens with two of the three users applied and approved (the one applied already is refused). */
const OPENING: Action[] = [
  { kind: 'apply', user: 0, units: 2 },
  { kind: 'review', user: 0, approve: true },
  { kind: 'apply', user: 1, units: 1 },
  { kind: 'review', user: 1, approve: true },
];

/** Refusals a random sequence may meet; anything else is a bug. */
const EXPECTED_REFUSALS = new Set([...DAY_TRADE_REFUSALS, 'insufficient_fundraising', 'follow_time_exceeded']);

describe.each(testBackends())('the ledger under copy trading and day trading interleaved on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  const newTrader = usePropertyTraders(suite);

  it('balances, never goes negative, freezes exactly the formula and the holds, ends each order once', async () => {
    // Each run starts at the open of the next Tokyo trading day; the clock only moves forward across runs.
    let now = new Date('2026-11-13T07:00:00Z');
    const clock = () => now;
    const db = suite.db;
    const provider = new MarketSimulator({ seed: 'copy-and-day-trade-property', now: clock });
    const fundPasswords = new FundPasswordGuard(createPasswordHasher({ cost: TEST_SCRYPT }));
    const copy = createCopyService({ db, now: clock, provider, fundPasswords });
    const copyAdmin = createCopyAdmin({ db, now: clock, provider });
    const assets = createAssetsService(db, NO_PRICES, clock);
    const jobs = [...copyTradingJobs(db, provider, clock), ...dayTradingJobs(db, provider)];
    const runner = createJobRunner({ db, now: clock, jobs });
    const adminId = await insertFundedTrader(db, '1');
    const dayTrading = dayTradingDriver(db, clock, provider, adminId);

    const runJobs = async () => {
      const report = await runner.runDue();
      expect(Object.entries(report).filter(([, done]) => done === 'failed')).toEqual([]);
    };

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 24, size: 'max' }), async (actions) => {
        now = nextOpen(now);
        const { data: product } = await createPropertyProduct(copyAdmin, adminId, now);
        const users = await Promise.all(
          Array.from({ length: USERS }, () => newTrader(FUNDING, ['copy_trade', 'day_trade'])),
        );
        const latest = new Map<number, number>();
        const attempt = async (a: Action) => {
          try {
            await step(a);
          } catch (error) {
            if (!(error instanceof BusinessError) || !EXPECTED_REFUSALS.has(error.key)) throw error;
          }
        };
        const step = async (a: Action) => {
          if (a.kind === 'follow') {
            const amount = String(a.units * 100_000);
            await copy.follow(users[a.user]!, { id: product.id, amount, fund_password: FUND_PASSWORD }, undefined);
          } else if (a.kind === 'wait') {
            now = new Date(now.getTime() + a.minutes * 60_000);
          } else if (a.kind === 'jobs' || a.kind === 'evening') {
            if (a.kind === 'evening') now = new Date(Math.max(now.getTime(), tokyoAt(now, 16 * 60).getTime()));
            await runJobs();
          } else if (a.kind === 'nextDay') {
            now = nextOpen(now);
            await runJobs();
            for (const opening of OPENING) await attempt(opening);
          } else {
            await dayTrading.step(a, users, latest);
          }
        };
        // Past every lock-up and every session: all redeemed, settled or lapsed.
        const pastEverything = () => {
          now = tokyoAt(nextOpen(new Date(now.getTime() + 12 * 86_400_000)), 16 * 60);
        };
        await settledOnFailure(
          async () => {
            // Every run reaches both products: user 0 follows and trades on the first day; the rest is random.
            await step({ kind: 'follow', user: 0, units: 1 });
            for (const opening of OPENING) await step(opening);
            await step({ kind: 'order', user: 0, code: 0, short: false, quantity: 100, limit: null });
            await checkInvariants(users);
            for (const a of actions) {
              await attempt(a);
              await checkInvariants(users);
            }
            pastEverything();
            await runJobs();
            await checkInvariants(users);
            expect(await whatIsLeft(db, users)).toEqual({ active: 0, live: 0, held: 0 });
          },
          () => {
            pastEverything();
            return runner.runDue();
          },
        );
      }),
      { numRuns: backend.name === 'pglite' ? 4 : 3, plugins: shrinkWithin() },
    );

    const [reached] = await db.tx((tx) =>
      queryRows<{ redeemed: number; filled: number }>(
        tx,
        sql`SELECT (SELECT count(*) FROM copy_trade_orders WHERE status = 1)::int AS redeemed,
                   (SELECT count(*) FROM day_trades WHERE status = 'filled')::int AS filled`,
      ),
    );
    expect(reached!.redeemed).toBeGreaterThan(0);
    expect(reached!.filled).toBeGreaterThan(0);

    async function checkInvariants(users: readonly bigint[]) {
      await expectLedgerInvariants(db, {
        ...COPY_TRADE_CHECKS,
        ...DAY_TRADE_CHECKS,
        // A user's held money is exactly the copy-trades' principal and the day trading's holds.
        heldElsewhere: sql`SELECT count(*) FROM ledger_accounts a WHERE a.user_id IS NOT NULL AND a.held <>
                             coalesce((SELECT sum(o.money) FROM copy_trade_orders o
                                       WHERE o.user_id = a.user_id AND o.currency = a.currency AND o.status = 0), 0)
                             + coalesce((SELECT sum(h.amount) FROM day_trades d JOIN ledger_holds h ON h.id = d.hold_id
                                         WHERE d.user_id = a.user_id AND h.account_id = a.id
                                           AND h.status = 'pending'), 0)
                             + coalesce((SELECT sum(h.amount) FROM positions p JOIN ledger_holds h ON h.id = p.hold_id
                                         WHERE p.user_id = a.user_id AND p.day_trade_id IS NOT NULL
                                           AND h.account_id = a.id AND h.status = 'pending'), 0)`,
      });
      for (const user of users) {
        const info = await assets.userInfo(user, 'jpy');
        const { currencies } = await assets.accountAssets(user, 'JPY');
        const jpy = currencies.find((c) => c.currency === 'JPY')!;
        const row = await userLedgerAccount(db, user);
        const [copyHeld] = await db.tx((tx) =>
          queryRows<{ money: string }>(
            tx,
            sql`SELECT coalesce(sum(money), 0)::text AS money FROM copy_trade_orders
                WHERE user_id = ${user} AND status = 0`,
          ),
        );
        const parts = jpy.frozen_parts;
        const sum = Object.values(parts).reduce((total, part) => total.plus(part), new Decimal(0));
        // Spec §4: frozen = new shares + withdrawals + active copy-trades + credit + holdings + pending orders.
        const figures = { userinfo: info.frozen, assets: jpy.frozen, ledger: row.held };
        const frozen = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, new Decimal(v).toFixed()]));
        expect(frozen).toEqual({ userinfo: sum.toFixed(), assets: sum.toFixed(), ledger: sum.toFixed() });
        expect(new Decimal(parts.copy_trades).eq(copyHeld!.money)).toBe(true);
        // The rest of frozen is the day trading's: margins of holdings, pending orders and participations.
        expect(new Decimal(parts.holdings).plus(parts.pending_orders).plus(copyHeld!.money).eq(row.held)).toBe(true);
        expect(new Decimal(info.jpy).eq(row.available)).toBe(true);
      }
    }
  }, 900_000);
});
