import '../../testing/setup';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { Decimal } from 'shared/money';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { testBackends } from '../../testing/backends';
import {
  DAY_TRADE_CHECKS,
  DAY_TRADE_REFUSALS,
  dayTradeActions,
  dayTradingDriver,
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
import { createJobRunner } from '../jobs/job-runner';
import { MarketSimulator } from '../market/simulator';
import { dayTradingJobs } from './daytrade-jobs';

/**
 * The property of issue 12 (day trading): for any sequence of applications, reviews, day-trade orders
 * (market and limit, long and short), closes, cancels, matcher passes and minutes passing within a Tokyo trading
 * day, then the settlement after the close: the ledger balances per currency, no user balance goes
 * negative, frozen (spec §4's formula, as getUserinfo answers it) equals the money the ledger holds, the
 * open and pending notional of an application never exceeds its allowance, a live application's
 * participation hold never exceeds the participation less its orders' holds (each order holding exactly its
 * margin, and its fee while pending), each application is settled at most once with P&L = its positions'
 * realised P&L − fees, and after the close nothing is held.
 */

const FUNDING = '600000';
const USERS = 3;

type Action = DayTradeAction | { kind: 'wait'; minutes: number };

const action: fc.Arbitrary<Action> = fc.oneof(...dayTradeActions(USERS), {
  weight: 1,
  arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 30 }) }),
});

/** Refusals a random sequence may meet; anything else is a bug. */
const EXPECTED_REFUSALS = new Set(DAY_TRADE_REFUSALS);

describe.each(testBackends())('the ledger under any sequence of day-trading steps on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  const dayTrader = usePropertyTraders(suite);

  it('balances, never goes negative, freezes exactly the formula, keeps the allowance, settles once', async () => {
    // Each run is one Tokyo trading day; the clock only moves forward across runs.
    let now = new Date('2026-11-13T07:00:00Z');
    const clock = () => now;
    const db = suite.db;
    const provider = new MarketSimulator({ seed: 'daytrade-property', now: clock });
    const runner = createJobRunner({ db, now: clock, jobs: dayTradingJobs(db, provider) });
    const assets = createAssetsService(db, NO_PRICES, clock);
    const adminId = await insertFundedTrader(db, '1');
    const driver = dayTradingDriver(db, clock, provider, adminId);
    const allUsers: bigint[] = [];

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 6, maxLength: 24, size: 'max' }), async (actions) => {
        now = nextOpen(now);
        const users = await Promise.all(Array.from({ length: USERS }, () => dayTrader(FUNDING, ['day_trade'])));
        allUsers.push(...users);
        const latest = new Map<number, number>();
        // Two of the three users start the day applied and approved; the rest is random.
        await step({ kind: 'apply', user: 0, units: 2 }, users, latest);
        await step({ kind: 'review', user: 0, approve: true }, users, latest);
        await step({ kind: 'apply', user: 1, units: 1 }, users, latest);
        await step({ kind: 'review', user: 1, approve: true }, users, latest);
        const afterClose = () => {
          now = tokyoAt(now, 16 * 60);
          return runner.runDue();
        };
        await settledOnFailure(async () => {
          for (const a of actions) {
            try {
              await step(a, users, latest);
            } catch (error) {
              if (!(error instanceof BusinessError) || !EXPECTED_REFUSALS.has(error.key)) throw error;
            }
            await checkInvariants();
          }
          // After the close: every application settled or lapsed, nothing held.
          await afterClose();
          await checkInvariants();
          expect(await whatIsLeft(db, users)).toEqual({ active: 0, live: 0, held: 0 });
        }, afterClose);
      }),
      { numRuns: 4, plugins: shrinkWithin() },
    );

    const [reached] = await db.tx((tx) =>
      queryRows<{ filled: number }>(tx, sql`SELECT count(*)::int AS filled FROM day_trades WHERE status = 'filled'`),
    );
    expect(reached!.filled).toBeGreaterThan(0);

    async function step(a: Action, users: bigint[], latest: Map<number, number>) {
      if (a.kind === 'wait') now = new Date(now.getTime() + a.minutes * 60_000);
      else await driver.step(a, users, latest);
    }

    async function checkInvariants() {
      await expectLedgerInvariants(db, DAY_TRADE_CHECKS);
      for (const user of allUsers) {
        const info = await assets.userInfo(user, 'jpy');
        const row = await userLedgerAccount(db, user);
        // Spec §4: frozen = … + cost of holdings (margins) + pending orders (a live participation's hold).
        expect(new Decimal(info.frozen).eq(row.held)).toBe(true);
        expect(new Decimal(info.jpy).eq(row.available)).toBe(true);
      }
    }
  }, 900_000);
});
