import '../../testing/setup';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { Decimal } from 'shared/money';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { configureMoneyLimiter, resetMoneyLimiter } from '../../security/money-limiter';
import { testBackends } from '../../testing/backends';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { expectLedgerInvariants, userLedgerAccount } from '../../testing/ledger-invariants';
import { createAssetsService } from '../assets/assets-service';
import { NO_PRICES } from '../assets/price-source';
import { createJobRunner } from '../jobs/job-runner';
import { interestFor } from '../loans/loan-terms';
import { MarketSimulator } from '../market/simulator';
import { insertGrantedHolding } from '../trade/granted-holding';
import { createBorrowService } from './borrow-service';
import { lendingJobs } from './lending-jobs';
import { createLendingService } from './lending-service';

/**
 * The property of issue 13 (securities lending and borrowing): for any sequence of lends, recalls, borrowings,
 * returns and days passing (the lending job at each), the ledger balances per currency, no user balance goes
 * negative, frozen (spec §4's formula, as getUserinfo answers it) equals what the ledger holds, an active
 * credit order holds exactly its credit, every lending's fee booked is the fee of its days (each day once),
 * and money is conserved between the users and the house accounts stock_lending and lending_fees.
 */

/** Monday 16 November 2026, 10:00 Tokyo. */
const T0 = new Date('2026-11-16T01:00:00Z');
const DAY = 86_400_000;
const FUNDING = '2000000';
const USERS = 2;
const CODES = ['7203', '6758'];

type Action =
  | { kind: 'lend'; user: number; holding: number }
  | { kind: 'recall'; user: number; pick: number }
  | { kind: 'borrow'; user: number; quantity: number; term: number }
  | { kind: 'return'; user: number; pick: number }
  | { kind: 'advance'; days: number };

const user = fc.nat(USERS - 1);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('lend' as const), user, holding: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('recall' as const), user, pick: fc.nat(3) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('borrow' as const),
      user,
      quantity: fc.integer({ min: 1, max: 60 }),
      term: fc.constantFrom(7, 14, 30),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('return' as const), user, pick: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 3 }) }) },
);

/** Refusals a random sequence may meet; anything else is a bug. */
const EXPECTED_REFUSALS = new Set([
  'lending_already_lent',
  'lending_not_lent',
  'lending_not_holding',
  'not_trading_time',
  'borrow_limit_insufficient',
  'borrow_not_active',
  'borrow_return_insufficient',
]);

describe.each(testBackends())('the ledger under any sequence of lending and borrowing on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  let db: Database;
  beforeAll(() => {
    db = suite.db;
    resetMoneyLimiter();
    configureMoneyLimiter({ perAction: { max: 100_000, windowMs: 1000 }, perUser: { max: 100_000, windowMs: 1000 } });
  });

  it('balances, never goes negative, freezes exactly the formula and books each fee day once', async () => {
    let now = T0;
    const clock = () => now;
    const provider = new MarketSimulator({ seed: 'lending-property', now: clock });
    const lending = createLendingService({ db, now: clock, provider });
    const borrowing = createBorrowService({ db, now: clock, provider });
    const assets = createAssetsService(db, NO_PRICES, clock);
    const runner = createJobRunner({ db, now: clock, jobs: lendingJobs(db, provider) });
    const allUsers: bigint[] = [];

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
        const users = await Promise.all(Array.from({ length: USERS }, () => insertFundedTrader(db, FUNDING)));
        allUsers.push(...users);
        const holdings = new Map<bigint, bigint[]>();
        for (const userId of users) {
          const ids = [];
          for (const code of CODES) {
            const row = await db.tx((tx) =>
              insertGrantedHolding(tx, {
                userId,
                market: 'jpy',
                code,
                quantity: '100',
                price: provider.lastPrice('jpy', code) ?? '1000',
                currency: 'JPY',
                source: 'block',
                at: now,
              }),
            );
            ids.push(row.id);
          }
          holdings.set(userId, ids);
        }
        for (const a of actions) {
          const userId = a.kind === 'advance' ? undefined : users[a.user]!;
          try {
            if (a.kind === 'lend') {
              await lending.lend(userId!, { position_id: Number(holdings.get(userId!)![a.holding]!) }, undefined);
            } else if (a.kind === 'recall') {
              const list = (await lending.overview(userId!, 'en')).lendings;
              const pick = list[a.pick % Math.max(1, list.length)];
              if (pick) await lending.recall(userId!, { id: pick.id });
            } else if (a.kind === 'borrow') {
              await borrowing.borrow(
                userId!,
                { code: CODES[a.quantity % 2]!, quantity: String(a.quantity), term_days: a.term },
                undefined,
              );
            } else if (a.kind === 'return') {
              const list = (await borrowing.list(userId!, 'en')).list;
              const pick = list[a.pick % Math.max(1, list.length)];
              if (pick) await borrowing.giveBack(userId!, { id: pick.id }, undefined);
            } else {
              now = new Date(now.getTime() + a.days * DAY);
              await runner.runDue();
              await runner.runDue();
            }
          } catch (error) {
            if (!(error instanceof BusinessError) || !EXPECTED_REFUSALS.has(error.key)) throw error;
          }
          await checkInvariants();
        }
      }),
      { numRuns: backend.name === 'pglite' ? 8 : 5 },
    );

    async function checkInvariants() {
      await expectLedgerInvariants(db, {
        creditHoldMismatch: sql`SELECT count(*) FROM credit_orders o LEFT JOIN ledger_holds h ON h.id = o.hold_id
                                  WHERE (o.status = 0) <> (h.status = 'pending')
                                     OR (o.status = 0 AND h.amount <> o.credit)`,
        lendingFeeMismatch: sql`SELECT count(*) FROM stock_lendings l WHERE l.fee_paid <> coalesce((
                                  SELECT sum(e.amount) FROM journal_transactions t
                                  JOIN journal_entries e ON e.transaction_id = t.id
                                  JOIN ledger_accounts a ON a.id = e.account_id AND a.user_id = l.user_id
                                  WHERE t.kind = 'lending_fee' AND t.reference = l.order_no), 0)`,
      });
      const lendings = await db.tx((tx) =>
        queryRows<{ value: string; rate: string; days: number; paid: string }>(
          tx,
          sql`SELECT value::text, annual_rate_pct::text AS rate, accrued_days AS days, fee_paid::text AS paid
              FROM stock_lendings`,
        ),
      );
      for (const l of lendings) expect(interestFor(l.value, l.rate, l.days, 'JPY').eq(l.paid)).toBe(true);
      let total = new Decimal(0);
      for (const userId of allUsers) {
        const info = await assets.userInfo(userId, 'jpy');
        const row = await userLedgerAccount(db, userId);
        // Spec §4: frozen = … + credit orders + cost of holdings, and it is exactly what the ledger holds.
        expect(new Decimal(info.frozen).eq(row.held)).toBe(true);
        total = total.plus(row.available).plus(row.held);
      }
      const [house] = await db.tx((tx) =>
        queryRows<{ balance: string }>(
          tx,
          sql`SELECT coalesce(sum(available + held), 0)::text AS balance FROM ledger_accounts
              WHERE user_id IS NULL AND house_name IN ('stock_lending', 'lending_fees') AND currency = 'JPY'`,
        ),
      );
      // Money is conserved: what the users gained or paid, the two house accounts paid or gained.
      expect(total.plus(house!.balance).eq(new Decimal(FUNDING).times(allUsers.length))).toBe(true);
    }
  }, 900_000);
});
