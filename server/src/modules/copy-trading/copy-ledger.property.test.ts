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
const FUND_PASSWORD = '135790';
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
  let db: Database;
  let fundPasswordHash: string;
  beforeAll(async () => {
    db = suite.db;
    resetMoneyLimiter();
    configureMoneyLimiter({ perAction: { max: 100_000, windowMs: 1000 }, perUser: { max: 100_000, windowMs: 1000 } });
    fundPasswordHash = await createPasswordHasher({ cost: TEST_SCRYPT }).hash(FUND_PASSWORD);
  });

  const follower = async () => {
    const userId = await insertFundedTrader(db, FUNDING);
    await db.tx(async (tx) => {
      await tx.execute(sql`UPDATE users SET fund_password_hash = ${fundPasswordHash} WHERE id = ${userId}`);
      await tx.execute(
        sql`INSERT INTO risk_acknowledgements (user_id, kind, version) VALUES (${userId}, 'copy_trade', 1)`,
      );
    });
    return userId;
  };

  it('balances, never goes negative, freezes exactly the formula, redeems once and conserves money', async () => {
    // The clock only moves forward across runs (each run starts where the last one ended).
    let now = T0;
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
        const { data: product } = await admin.create(adminId, {
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
        const users = await Promise.all(Array.from({ length: USERS }, () => follower()));
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
        const [left] = await db.tx((tx) =>
          queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM copy_trade_orders WHERE status = 0`),
        );
        expect(left!.n).toBe(0);
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
      await expectLedgerInvariants(db, {
        capacityMismatch: sql`SELECT count(*) FROM copy_products p
                                WHERE p.raised > p.capacity OR p.raised <> coalesce((SELECT sum(money)
                                  FROM copy_trade_orders o WHERE o.product_id = p.id AND o.status = 0), 0)`,
        holdMismatch: sql`SELECT count(*) FROM copy_trade_orders o LEFT JOIN ledger_holds h ON h.id = o.hold_id
                            WHERE o.status = 0 AND (h.status IS DISTINCT FROM 'pending' OR h.amount <> o.money)`,
        redeemedTwice: sql`SELECT count(*) FROM (SELECT reference FROM journal_transactions WHERE kind = 'copy_trade'
                             GROUP BY reference HAVING count(*) > 1) x`,
      });
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
