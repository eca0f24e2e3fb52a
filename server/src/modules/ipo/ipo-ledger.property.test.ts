import '../../testing/setup';
import { createHash, randomBytes } from 'node:crypto';
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
import { createBlockAdminService } from '../block/block-admin';
import { createBlockService } from '../block/block-service';
import { NO_PRICES } from '../assets/price-source';
import { createJobRunner } from '../jobs/job-runner';
import { MarketSimulator } from '../market/simulator';
import { FundPasswordGuard } from '../passwords/fund-password-guard';
import { drawIssue, expireUnpaid } from './lifecycle';
import { createNewShareService } from './ipo-service';
import { newShareJobs } from './ipo-jobs';

/**
 * The property of issue 11: for any sequence of subscriptions, draws, confirmations, declines,
 * deadlines (the clock moving through an issue's milestones, the job pass running at each), block
 * applications and their reviews, the ledger balances per currency, no user balance goes negative,
 * frozen (spec §4's formula over the lists, as getUserinfo answers it) equals the money the ledger
 * holds, no money leaves the users (a subscription or a block application is held, then held as the
 * holding's cost), and a draw never allots more than the issue size.
 */

/** Monday 16 November 2026, 10:00 Tokyo: the window is open. */
const T0 = new Date('2026-11-16T01:00:00Z');
const HOUR = 3_600_000;
/** The milestones the clock moves through: the draw, the payment deadline, the listing (a minute after each). */
const TIMES = {
  opens: new Date(T0.getTime() - HOUR),
  closes: new Date(T0.getTime() + 24 * HOUR),
  draw: new Date(T0.getTime() + 25 * HOUR),
  deadline: new Date(T0.getTime() + 48 * HOUR),
  listing: new Date('2026-11-19T00:00:00Z'),
};
const MILESTONES = [TIMES.draw, TIMES.deadline, TIMES.listing].map((t) => new Date(t.getTime() + 60_000));
const FUNDING = '250000';
const FUND_PASSWORD = '135790';
const USERS = 4;
/** 3 lots of 100 shares on offer at 1,000 JPY: a lot costs 100,000 JPY (a user can pay for 2). */
const LOT = 100;

type Action =
  | { kind: 'subscribe'; user: number; lots: number }
  | { kind: 'confirm'; pick: number }
  | { kind: 'decline'; pick: number }
  | { kind: 'advance' }
  | { kind: 'drawNow' }
  | { kind: 'expire' }
  | { kind: 'blockApply'; user: number; lots: number }
  | { kind: 'blockReview'; pick: number; approve: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      user: fc.nat(USERS - 1),
      lots: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), pick: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'advance' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drawNow' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('blockApply' as const),
      user: fc.nat(USERS - 1),
      lots: fc.integer({ min: 1, max: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('blockReview' as const), pick: fc.nat(5), approve: fc.boolean() }),
  },
);

/** Refusals a random sequence may meet; anything else is a bug. */
const EXPECTED_REFUSALS = new Set([
  'insufficient_balance',
  'new_share_once',
  'subscription_closed',
  'subscription_cap_exceeded',
  'not_subscription_time',
  'allotment_not_payable',
  'payment_deadline_passed',
  'new_share_not_found',
  'not_found',
  'block_trade_closed',
  'insufficient_buy_quota',
  'order_under_review',
  'review_already_done',
]);
/** The block listing of each run: 5 lots of 100 shares of Toyota at 500 JPY (a lot holds 50,000 JPY). */
const CHANNEL_PASSWORD = 'pass-1234';

let codes = 7700;

async function insertIssue(db: Database): Promise<{ id: number; code: string }> {
  codes += 1;
  const code = String(codes);
  const seed = randomBytes(32).toString('hex');
  const [row] = await db.tx((tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO new_share_issues (market, currency, code, names, price, lot_size, subscription_cap, issue_size,
                                        underwriter, lockup_days, opens_at, closes_at, draw_at, pay_deadline,
                                        listing_at, distribution_at, seed, seed_hash)
          VALUES ('jpy', 'JPY', ${code}, ${JSON.stringify({ 'zh-CN': code, en: code, ja: code })}::jsonb, 1000,
                  ${LOT}, ${3 * LOT}, ${3 * LOT}, 'Nomura', 30, ${TIMES.opens.toISOString()}::timestamptz,
                  ${TIMES.closes.toISOString()}::timestamptz, ${TIMES.draw.toISOString()}::timestamptz,
                  ${TIMES.deadline.toISOString()}::timestamptz, ${TIMES.listing.toISOString()}::timestamptz,
                  ${new Date(TIMES.listing.getTime() + 24 * HOUR).toISOString()}::timestamptz, ${seed},
                  ${createHash('sha256').update(seed).digest('hex')})
          RETURNING id`,
    ),
  );
  return { id: Number(row!.id), code };
}

describe.each(testBackends())('the ledger under any sequence of new-share steps on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  let db: Database;
  let fundPasswordHash: string;
  beforeAll(async () => {
    db = suite.db;
    resetMoneyLimiter();
    configureMoneyLimiter({ perAction: { max: 100_000, windowMs: 1000 }, perUser: { max: 100_000, windowMs: 1000 } });
    fundPasswordHash = await createPasswordHasher({ cost: TEST_SCRYPT }).hash(FUND_PASSWORD);
  });

  /** A verified subscriber with FUNDING JPY, a fund password and the new-share disclosure acknowledged. */
  const subscriber = async () => {
    const userId = await insertFundedTrader(db, FUNDING);
    await db.tx(async (tx) => {
      await tx.execute(sql`UPDATE users SET fund_password_hash = ${fundPasswordHash} WHERE id = ${userId}`);
      await tx.execute(
        sql`INSERT INTO risk_acknowledgements (user_id, kind, version) VALUES (${userId}, 'new_share', 1)`,
      );
    });
    return userId;
  };

  it('balances, never goes negative, freezes exactly the formula, and never over-allots', async () => {
    let now = T0;
    const clock = () => now;
    const service = createNewShareService({
      db,
      now: clock,
      prices: NO_PRICES,
      fundPasswords: new FundPasswordGuard(createPasswordHasher({ cost: TEST_SCRYPT })),
    });
    const assets = createAssetsService(db, NO_PRICES, clock);
    const provider = new MarketSimulator({ seed: 'property', now: clock });
    const runner = createJobRunner({ db, now: clock, jobs: newShareJobs({ db, provider }) });
    const hasher = createPasswordHasher({ cost: TEST_SCRYPT });
    const prices = {
      simulated: true,
      lastPrice: (market: string, code: string) => provider.lastPrice(market, code),
      nameOf: (market: string, code: string, lang: 'zh-CN' | 'en' | 'ja') => provider.nameOf(market, code, lang),
      isStock: (market: string, code: string) => provider.quote(market as 'jpy', code, 'en')?.kind === 'stock',
    };
    const blocks = createBlockService({
      db,
      now: clock,
      prices,
      hasher,
      fundPasswords: new FundPasswordGuard(hasher),
    });
    const blockAdmin = createBlockAdminService({ db, now: clock, prices, hasher });
    const adminId = await insertFundedTrader(db, '1');
    const refusals = new Map<string, number>();

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 20 }), async (actions) => {
        now = T0;
        const issue = await insertIssue(db);
        const { data: listing } = await blockAdmin.create(adminId, {
          code: '7203',
          market: 'jpy',
          variant: 'standard',
          block_price: '500',
          min_lots: 1,
          total_lots: 5,
          lot_size: 100,
          deadline: new Date(T0.getTime() + 30 * HOUR).toISOString(),
          channel_password: CHANNEL_PASSWORD,
        });
        const users = await Promise.all(Array.from({ length: USERS }, () => subscriber()));
        let milestone = 0;
        const attempt = async (fn: () => Promise<unknown>) => {
          try {
            await fn();
          } catch (error) {
            if (!(error instanceof BusinessError) || !EXPECTED_REFUSALS.has(error.key)) throw error;
            refusals.set(error.key, (refusals.get(error.key) ?? 0) + 1);
          }
        };
        /** This issue's applications waiting for an answer (won), in application order. */
        const winners = () =>
          db.tx((tx) =>
            queryRows<{ id: number; user_id: string }>(
              tx,
              sql`SELECT id::int, user_id::text FROM new_share_orders
                  WHERE issue_id = ${issue.id} AND state = 'won' ORDER BY application_no`,
            ),
          );
        const anyApplication = () =>
          db.tx((tx) =>
            queryRows<{ id: number; user_id: string }>(
              tx,
              sql`SELECT id::int, user_id::text FROM new_share_orders WHERE issue_id = ${issue.id}
                  ORDER BY application_no LIMIT 1`,
            ),
          );
        const target = async (pick: number) => {
          const won = await winners();
          const list = won.length > 0 ? won : await anyApplication();
          return list.length > 0 ? list[pick % list.length] : undefined;
        };
        for (const a of actions) {
          if (a.kind === 'subscribe') {
            const user = users[a.user]!;
            await attempt(() =>
              service.subscribe(
                user,
                { id: issue.id, quantity: String(a.lots * LOT), fund_password: FUND_PASSWORD },
                undefined,
              ),
            );
          } else if (a.kind === 'confirm' || a.kind === 'decline') {
            const app = await target(a.pick);
            if (!app) continue;
            const user = BigInt(app.user_id);
            await attempt(() =>
              a.kind === 'confirm'
                ? service.confirm(user, { id: app.id, fund_password: FUND_PASSWORD }, undefined)
                : service.decline(user, { id: app.id }, undefined),
            );
          } else if (a.kind === 'advance') {
            if (milestone < MILESTONES.length) now = MILESTONES[milestone++]!;
            await runner.runDue();
          } else if (a.kind === 'blockApply') {
            const user = users[a.user]!;
            await attempt(() =>
              blocks.apply(
                user,
                { id: listing.id, lots: a.lots, channel_password: CHANNEL_PASSWORD, fund_password: FUND_PASSWORD },
                undefined,
              ),
            );
          } else if (a.kind === 'blockReview') {
            const pending = await db.tx((tx) =>
              queryRows<{ id: number }>(
                tx,
                sql`SELECT id::int FROM block_applications WHERE listing_id = ${listing.id} AND status = 0 ORDER BY id`,
              ),
            );
            if (pending.length === 0) continue;
            const { id } = pending[a.pick % pending.length]!;
            await attempt(() =>
              blockAdmin.review(adminId, { id, action: a.approve ? 'approve' : 'reject', reason: 'property' }),
            );
          } else if (a.kind === 'drawNow') {
            await drawIssue(db, issue.id, now);
          } else {
            await expireUnpaid(db, now);
          }
        }
        await checkInvariants(users);
        // Then to the end of the issue's life: every deadline passes and the listing happens.
        for (; milestone < MILESTONES.length; milestone += 1) {
          now = MILESTONES[milestone]!;
          await runner.runDue();
        }
        await checkInvariants(users);
      }),
      {
        numRuns: backend.name === 'pglite' ? 20 : 15,
        // One sequence that surely reaches every path: 4 applicants of 1 lot for 3 lots on offer (3 win, 1
        // loses, whatever the seed), a confirmation, a decline, a winner silent past the deadline, the listing;
        // and a block application approved, another rejected.
        examples: [
          [
            [
              // The block steps first: the clock's advances below pass the listing's deadline.
              { kind: 'blockApply', user: 0, lots: 1 },
              { kind: 'blockApply', user: 1, lots: 1 },
              { kind: 'blockReview', pick: 0, approve: true },
              { kind: 'blockReview', pick: 0, approve: false },
              { kind: 'subscribe', user: 0, lots: 1 },
              { kind: 'subscribe', user: 1, lots: 1 },
              { kind: 'subscribe', user: 2, lots: 1 },
              { kind: 'subscribe', user: 3, lots: 1 },
              { kind: 'subscribe', user: 3, lots: 1 },
              { kind: 'drawNow' },
              { kind: 'advance' },
              { kind: 'confirm', pick: 0 },
              { kind: 'decline', pick: 0 },
              { kind: 'advance' },
              { kind: 'confirm', pick: 0 },
              { kind: 'advance' },
            ],
          ],
        ],
      },
    );

    // The sequences reached every path (a property over sequences that never settle would prove little).
    const [reached] = await db.tx((tx) =>
      queryRows<Record<string, number>>(
        tx,
        sql`SELECT count(*) FILTER (WHERE state = 'not_won')::int AS "notWon",
                   count(*) FILTER (WHERE state = 'abstained' AND answered_at < i.pay_deadline)::int AS declined,
                   count(*) FILTER (WHERE state = 'abstained' AND answered_at >= i.pay_deadline)::int AS expired,
                   count(*) FILTER (WHERE o.status = 4)::int AS listed,
                   (SELECT count(*) FROM positions WHERE source = 'new_share')::int AS holdings,
                   (SELECT count(*) FROM block_applications WHERE status = 1)::int AS "blockApproved",
                   (SELECT count(*) FROM block_applications WHERE status = 2)::int AS "blockRejected"
            FROM new_share_orders o JOIN new_share_issues i ON i.id = o.issue_id`,
      ),
    );
    for (const [path, n] of Object.entries(reached!)) expect([path, n > 0]).toEqual([path, true]);
    for (const key of ['new_share_once', 'allotment_not_payable'])
      expect([key, (refusals.get(key) ?? 0) > 0]).toEqual([key, true]);

    async function checkInvariants(users: bigint[]) {
      await expectLedgerInvariants(db, {
        overAllotted: sql`SELECT count(*) FROM new_share_issues i WHERE i.draw_state = 'drawn' AND (
                            i.units_allotted * i.lot_size > i.issue_size
                            OR i.units_allotted <> (SELECT coalesce(sum(allotted_units), 0) FROM new_share_orders o
                                                      WHERE o.issue_id = i.id)
                            OR EXISTS (SELECT 1 FROM new_share_orders o WHERE o.issue_id = i.id
                                         AND (o.allotted_units > o.units
                                              OR o.allotted_quantity <> o.allotted_units * i.lot_size)))`,
        holdMismatch: sql`SELECT count(*) FROM new_share_orders o LEFT JOIN ledger_holds h ON h.id = o.hold_id
                            WHERE o.status = 1 AND (h.status IS DISTINCT FROM 'pending' OR h.amount <> o.rjmoney)`,
      });
      for (const user of users) {
        const info = await assets.userInfo(user, 'jpy');
        const row = await userLedgerAccount(db, user);
        // Spec §4: frozen = subscribed new shares + … + cost of holdings, and it is exactly what the ledger holds.
        expect(new Decimal(info.frozen).eq(row.held)).toBe(true);
        expect(new Decimal(info.jpy).eq(row.available)).toBe(true);
        // Nothing leaves a subscriber: the payment stays the user's, held as the holding's cost.
        expect(new Decimal(row.available).plus(row.held).eq(FUNDING)).toBe(true);
      }
    }
  }, 600_000);
});
