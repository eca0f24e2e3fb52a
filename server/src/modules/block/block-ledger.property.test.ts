import '../../testing/setup';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { Decimal } from 'shared/money';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { configureMoneyLimiter } from '../../security/money-limiter';
import type { PasswordHasher } from '../../security/password';
import { testBackends } from '../../testing/backends';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { expectLedgerInvariants } from '../../testing/ledger-invariants';
import { createAssetsService } from '../assets/assets-service';
import { FundPasswordGuard } from '../passwords/fund-password-guard';
import { createBlockAdminService } from './block-admin';
import { insertListing } from './block-listings-repository';
import { createBlockService } from './block-service';

/** Monday 16 November 2026, 10:00 Tokyo. */
const NOW = new Date('2026-11-16T01:00:00Z');
const FUNDING = '100000';
const CHANNEL = 'right';
const FUND = '123456';

/** Hashing is not what this property is about: a transparent hasher keeps 25 sequences fast. */
const plain: PasswordHasher = {
  hash: async (p) => `plain$${p}`,
  verify: async (p, stored) => stored === `plain$${p}`,
  verifyDummy: async () => false,
};
const prices = {
  simulated: true,
  lastPrice: (market: string, code: string) => (market === 'jpy' && code === '7203' ? '1000' : undefined),
  nameOf: () => 'Toyota Motor',
  isStock: () => true,
};

type Action =
  | { kind: 'apply'; user: number; listing: number; lots: number; wrong: boolean }
  | { kind: 'approve' | 'reject'; pick: number }
  | { kind: 'withdraw' | 'close'; listing: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('apply' as const),
      user: fc.nat(2),
      listing: fc.nat(1),
      lots: fc.integer({ min: 1, max: 90 }),
      wrong: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const), pick: fc.nat(20) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('withdraw' as const, 'close' as const), listing: fc.nat(1) }),
  },
);

/** Refusals a random sequence may meet; anything else is a bug. */
const EXPECTED_REFUSALS = new Set([
  'insufficient_balance',
  'insufficient_buy_quota',
  'order_under_review',
  'block_trade_closed',
  'channel_password_wrong',
  'channel_password_locked',
  'review_already_done',
]);

describe.each(testBackends())('the ledger under any sequence of block trades on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  let db: Database;
  beforeAll(() => {
    db = suite.db;
  });

  const listing = (variant: 'standard' | 'financing') =>
    db.tx(async (tx) =>
      insertListing(tx, {
        market: 'jpy',
        currency: 'JPY',
        code: '7203',
        variant,
        blockPrice: '1000',
        lotSize: 1,
        minLots: 1,
        totalLots: 100,
        deadline: new Date(NOW.getTime() + 86_400_000),
        channelPasswordHash: `plain$${CHANNEL}`,
        dividendId: null,
        leverage: variant === 'financing' ? 2 : 1,
        financingRate: variant === 'financing' ? '0.028' : null,
        financingDays: variant === 'financing' ? 30 : null,
        lockupDays: 90,
        createdAt: NOW,
      }),
    );

  it('balances, holds exactly the pending applications and block holdings, frozen = the spec §4 formula', async () => {
    configureMoneyLimiter({ perAction: { max: 100_000, windowMs: 1000 }, perUser: { max: 100_000, windowMs: 1000 } });
    const context = { db, now: () => NOW, prices, hasher: plain };
    const service = createBlockService({ ...context, fundPasswords: new FundPasswordGuard(plain) });
    const admin = createBlockAdminService(context);
    const assets = createAssetsService(db, prices, () => NOW);
    const seen = { approved: 0, rejected: 0, quota: 0, review: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 20 }), async (actions) => {
        const users = [await insertFundedTrader(db, FUNDING), await insertFundedTrader(db, FUNDING)];
        users.push(await insertFundedTrader(db, FUNDING));
        // The reviewer applies for nothing: nobody reviews their own application (review_own_account).
        const reviewer = await insertFundedTrader(db, FUNDING);
        for (const user of users)
          await db.tx((tx) =>
            tx.execute(sql`UPDATE users SET fund_password_hash = ${`plain$${FUND}`} WHERE id = ${user}`),
          );
        const listings = [(await listing('standard'))!, (await listing('financing'))!];
        const applications: number[] = [];
        const attempt = async (fn: () => Promise<unknown>) => {
          try {
            await fn();
          } catch (error) {
            if (!(error instanceof BusinessError) || !EXPECTED_REFUSALS.has(error.key)) throw error;
            if (error.key === 'insufficient_buy_quota') seen.quota += 1;
            if (error.key === 'order_under_review') seen.review += 1;
          }
        };
        for (const a of actions) {
          if (a.kind === 'apply') {
            await attempt(async () => {
              const answer = await service.apply(
                users[a.user]!,
                {
                  id: Number(listings[a.listing]),
                  lots: a.lots,
                  channel_password: a.wrong ? 'wrong' : CHANNEL,
                  fund_password: FUND,
                },
                undefined,
              );
              applications.push(answer.data.id);
            });
          } else if (a.kind === 'approve' || a.kind === 'reject') {
            if (applications.length === 0) continue;
            const id = applications[a.pick % applications.length]!;
            await attempt(async () => {
              await admin.review(reviewer, { id, action: a.kind, reason: 'property' });
              seen[a.kind === 'approve' ? 'approved' : 'rejected'] += 1;
            });
          } else {
            await attempt(() =>
              admin.close(users[0]!, { id: Number(listings[a.listing]), action: a.kind, reason: '' }),
            );
          }
        }

        await expectLedgerInvariants(db, {
          held_mismatch: sql`SELECT count(*) FROM ledger_accounts a
                               WHERE a.user_id IS NOT NULL AND a.currency = 'JPY' AND a.held <>
                                 coalesce((SELECT sum(held) FROM block_applications b
                                           WHERE b.user_id = a.user_id AND b.status = 0), 0)
                                 + coalesce((SELECT sum(margin) FROM positions p
                                             WHERE p.user_id = a.user_id AND p.status IN (0, 1)), 0)`,
          lots: sql`SELECT count(*) FROM block_listings l WHERE l.lots_taken > l.total_lots OR l.lots_taken <>
                      coalesce((SELECT sum(lots) FROM block_applications b
                                WHERE b.listing_id = l.id AND b.status IN (0, 1)), 0)`,
        });

        for (const user of users) {
          // frozen (spec §4 formula over the list calls) = the ledger's held; money = funding − financing fees.
          const { currencies } = await assets.accountAssets(user, 'JPY');
          const jpy = currencies.find((c) => c.currency === 'JPY')!;
          const [row] = await db.tx((tx) =>
            queryRows<{ held: string; money: string; fees: string }>(
              tx,
              sql`SELECT held::text, (available + held)::text AS money,
                         (SELECT coalesce(sum(financing_fee), 0) FROM block_applications
                           WHERE user_id = ${user} AND status = 1)::text AS fees
                  FROM ledger_accounts WHERE user_id = ${user} AND currency = 'JPY'`,
            ),
          );
          expect(new Decimal(jpy.frozen).eq(row!.held)).toBe(true);
          expect(new Decimal(row!.money).eq(new Decimal(FUNDING).minus(row!.fees))).toBe(true);
        }
      }),
      {
        numRuns: backend.name === 'pglite' ? 25 : 20,
        // One sequence that surely reaches every path counted below, so the coverage check never fails on luck.
        examples: [
          [
            [
              { kind: 'apply', user: 0, listing: 0, lots: 10, wrong: false },
              { kind: 'apply', user: 0, listing: 0, lots: 10, wrong: false },
              { kind: 'approve', pick: 0 },
              { kind: 'apply', user: 1, listing: 0, lots: 95, wrong: false },
              { kind: 'apply', user: 1, listing: 1, lots: 20, wrong: false },
              { kind: 'reject', pick: 1 },
            ],
          ],
        ],
      },
    );
    // The sequences reached every path (a property over sequences that never get reviewed would prove little).
    for (const [path, n] of Object.entries(seen)) expect([path, n > 0]).toEqual([path, true]);
    // A shared, loaded machine runs the 25 sequences in 30 to 60 s: room beyond jest's 60 s default.
  }, 240_000);
});
