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
  FUND_PASSWORD,
  usePropertyTraders,
  whatIsLeft,
} from '../../testing/copy-and-day-trade';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { expectLedgerInvariants, userLedgerAccount } from '../../testing/ledger-invariants';
import { createAssetsService } from '../assets/assets-service';
import { NO_PRICES } from '../assets/price-source';
import { createJobRunner } from '../jobs/job-runner';
import { MarketSimulator } from '../market/simulator';
import { FundPasswordGuard } from '../passwords/fund-password-guard';
import { createCopyAdmin } from './copy-admin';
import { copyTradingJobs } from './copy-jobs';
import { createCopyService } from './copy-service';

/**
 * The property of issue 12 (copy trading): for any sequence of follows, days passing (the job pass
 * running at each: pricing, redemption, valuation) and redemptions, the ledger balances per currency,
 * no user balance goes negative, frozen (spec §4's formula, as getUserinfo answers it) equals the money
 * the ledger holds, a product never takes more than its capacity and `raised` is exactly its active
 * follows, each order is redeemed at most once, and money is conserved between the users and the
 * house copy_trading account (the profit or loss of a redemption is the only money that crosses).
 */

/** Monday 16 November 2026, 10:00 Tokyo. */
const T0 = new Date('2026-11-16T01:00:00Z');
const DAY = 86_400_000;
const FUNDING = '500000';
const USERS = 3;

type Action = { kind: 'follow'; user: number; units: number } | { kind: 'advance'; days: number } | { kind: 'jobs' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('follow' as const),
      user: fc.nat(USERS - 1),
      units: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'jobs' as const }) },
);

/** Refusals a random sequence may meet; anything else is a bug. */
const EXPECTED_REFUSALS = new Set(['insufficient_balance', 'insufficient_fundraising', 'follow_time_exceeded']);

describe.each(testBackends())('the ledger under any sequence of copy-trading steps on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  const follower = usePropertyTraders(suite);

  it('balances, never goes negative, freezes exactly the formula, redeems once and conserves money', async () => {
    // The clock only moves forward across runs (each run starts where the last one ended).
    let now = T0;
    const db = suite.db;
    const clock = () => now;
    const provider = new MarketSimulator({ seed: 'copy-property', now: clock });
    const service = createCopyService({
      db,
      now: clock,
      provider,
      fundPasswords: new FundPasswordGuard(createPasswordHasher({ cost: TEST_SCRYPT })),
    });
    const admin = createCopyAdmin({ db, now: clock, provider });
    const assets = createAssetsService(db, NO_PRICES, clock);
    const runner = createJobRunner({ db, now: clock, jobs: copyTradingJobs(db, provider, clock) });
    const adminId = await insertFundedTrader(db, '1');
    const allUsers: bigint[] = [];

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        const { data: product } = await createPropertyProduct(admin, adminId, now);
        const users = await Promise.all(Array.from({ length: USERS }, () => follower(FUNDING, ['copy_trade'])));
        allUsers.push(...users);
        for (const a of actions) {
          if (a.kind === 'follow') {
            try {
              await service.follow(
                users[a.user]!,
                { id: product.id, amount: String(a.units * 100_000), fund_password: FUND_PASSWORD },
                undefined,
              );
            } catch (error) {
              if (!(error instanceof BusinessError) || !EXPECTED_REFUSALS.has(error.key)) throw error;
            }
          } else {
            if (a.kind === 'advance') now = new Date(now.getTime() + a.days * DAY);
            await runner.runDue();
          }
          await checkInvariants();
        }
        // Past every lock-up: everything is redeemed, nothing stays held.
        now = new Date(now.getTime() + 12 * DAY);
        await runner.runDue();
        await checkInvariants();
        expect(await whatIsLeft(db, users)).toEqual({ active: 0, live: 0, held: 0 });
      }),
      { numRuns: backend.name === 'pglite' ? 8 : 6 },
    );

    const [reached] = await db.tx((tx) =>
      queryRows<{ redeemed: number }>(
        tx,
        sql`SELECT count(*)::int AS redeemed FROM copy_trade_orders WHERE status = 1`,
      ),
    );
    expect(reached!.redeemed).toBeGreaterThan(0);

    async function checkInvariants() {
      await expectLedgerInvariants(db, COPY_TRADE_CHECKS);
      let total = new Decimal(0);
      for (const user of allUsers) {
        const info = await assets.userInfo(user, 'jpy');
        const row = await userLedgerAccount(db, user);
        // Spec §4: frozen = … + active copy-trades + …, and it is exactly what the ledger holds.
        expect(new Decimal(info.frozen).eq(row.held)).toBe(true);
        expect(new Decimal(info.jpy).eq(row.available)).toBe(true);
        total = total.plus(row.available).plus(row.held);
      }
      const [house] = await db.tx((tx) =>
        queryRows<{ balance: string }>(
          tx,
          sql`SELECT (available + held)::text AS balance FROM ledger_accounts
              WHERE user_id IS NULL AND house_name = 'copy_trading' AND currency = 'JPY'`,
        ),
      );
      // Money is conserved: what the users gained (or lost) the house lost (or gained).
      expect(total.plus(house!.balance).eq(new Decimal(FUNDING).times(allUsers.length))).toBe(true);
    }
  }, 900_000);
});
