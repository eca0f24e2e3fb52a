import '../testing/setup';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query';
import { interestFor } from '../modules/loans/loan-terms';
import { testBackends } from '../testing/backends';
import { expectLedgerInvariants } from '../testing/ledger-invariants';
import { placeOrder, TOKYO_OPEN, trader } from '../testing/trade';
import { post } from '../testing/users';
import { useTwoInstances } from '../testing/two-instances';

/**
 * The lending job on two app instances sharing one PostgreSQL database and one test clock: both run their job
 * timers (every 20 ms) and passes of their own at the same moments; each lending's fee must be booked once per day
 * (one journal transaction per lending per pass that found days due, the total the fee of the days). On PGlite
 * the same journey runs on ONE instance.
 */

const DAY = 86_400_000;

describe.each(testBackends())('lending job on $name', (backend) => {
  const jobs = useTwoInstances(backend, { start: TOKYO_OPEN });

  it('books each lending’s fee once per day however many instances tick', async () => {
    const { a, instances, clock, tickTogether } = jobs;
    const lent: Array<{ value: string; rate: string }> = [];
    for (let i = 0; i < 4; i += 1) {
      const app = instances[i % instances.length]!;
      const user = await trader(app, { JPY: '5000000' });
      const placed = await placeOrder(app, user, { code: i % 2 ? '6758' : '7203' });
      expect(placed.body.msg).toBe('order_placed');
      const id = String((placed.body.data as { id: number | string }).id);
      expect((await post(app, '/lending/lend', { position_id: id }, user.headers)).body.msg).toBe('lending_lent');
    }
    const rows = await a.db.tx((tx) =>
      queryRows<{ value: string; rate: string }>(
        tx,
        sql`SELECT value::text, annual_rate_pct::text AS rate FROM stock_lendings ORDER BY id`,
      ),
    );
    lent.push(...rows);
    for (const day of [1, 2, 3]) {
      clock.set(new Date(TOKYO_OPEN.getTime() + day * DAY));
      await tickTogether();
      await tickTogether();
    }
    const [booked] = await a.db.tx((tx) =>
      queryRows<{ n: number; total: string }>(
        tx,
        sql`SELECT count(DISTINCT t.id)::int AS n, coalesce(sum(e.amount), 0)::text AS total
            FROM journal_transactions t JOIN journal_entries e ON e.transaction_id = t.id
            JOIN ledger_accounts acc ON acc.id = e.account_id AND acc.user_id IS NOT NULL
            WHERE t.kind = 'lending_fee'`,
      ),
    );
    const expected = lent.reduce((sum, l) => sum + Number(interestFor(l.value, l.rate, 3, 'JPY')), 0);
    expect(Number(booked!.total)).toBe(expected);
    // at most one posting per lending per day
    expect(booked!.n).toBeLessThanOrEqual(12);
    const [days] = await a.db.tx((tx) =>
      queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM stock_lendings WHERE accrued_days = 3`),
    );
    expect(days!.n).toBe(4);
    await expectLedgerInvariants(a.db);
  }, 240_000);
});
