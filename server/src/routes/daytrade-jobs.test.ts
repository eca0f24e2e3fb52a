import '../testing/setup';
import { sql } from 'drizzle-orm';
import { registerAdmin } from '../testing/accounts';
import { testBackends } from '../testing/backends';
import { FUND_PASSWORD, expectLedgerBalanced, fund, moneyReadyUser, type MoneyUser } from '../testing/money';
import { post } from '../testing/users';
import { countRows, useTwoInstances } from '../testing/two-instances';

/**
 * The day-trading settlement end to end, on two app instances sharing one PostgreSQL database and one
 * test clock: both run their job timers (every 20 ms) and passes of their own at the same moment after
 * the close; each application must still be settled (or lapse) exactly once: inbox messages, P&L entries,
 * closed positions and released holds counted once. On PGlite the journey runs on ONE instance.
 */

/** Monday 16 November 2026, 10:00 Tokyo. */
const T0 = new Date('2026-11-16T01:00:00Z');
/** Monday 16 November 2026, 16:00 Tokyo: after the 15:30 close. */
const AFTER_CLOSE = new Date('2026-11-16T07:00:00Z');

describe.each(testBackends())('day-trading jobs on $name', (backend) => {
  const jobs = useTwoInstances(backend, { start: T0, wideMoneyLimits: true });

  it('settles each application exactly once however many instances tick', async () => {
    const { a, instances, clock, tickTogether } = jobs;
    const admin = await registerAdmin(a);
    const users: MoneyUser[] = [];
    for (let i = 0; i < 8; i += 1) {
      const app = instances[i % instances.length]!;
      const user = await moneyReadyUser(app);
      await fund(app, user.userId, '1000000');
      for (const kind of ['leverage', 'day_trade'])
        expect((await post(app, '/trade/riskAck', { version: '1', kind }, user.headers)).body.status).toBe(1);
      const applied = await post(
        app,
        '/daytrade/apply',
        { market: 'jpy', amount: '200000', fund_password: FUND_PASSWORD },
        { ...user.headers, 'idempotency-key': `daytrade-${user.account}` },
      );
      expect([applied.body.status, applied.body.msg]).toEqual([1, 'day_trade_applied']);
      const id = String(applied.body.data.id);
      // Six approved (four of them trade, two never do), two left unreviewed.
      if (i < 6) {
        const review = await post(a, '/admin/dayTradeReview', { id, action: 'approve' }, admin.headers);
        expect(review.body.status).toBe(1);
      }
      if (i < 4) {
        for (const [code, side] of [
          ['7203', 'long'],
          ['6758', 'short'],
        ] as const) {
          const placed = await post(app, '/daytrade/order', { id, code, side, quantity: '20' }, user.headers);
          expect(placed.body).toMatchObject({ status: 1, msg: 'order_placed' });
        }
      }
      users.push(user);
    }

    clock.set(AFTER_CLOSE);
    await tickTogether();
    await tickTogether();
    const n = (query: ReturnType<typeof sql>) => countRows(a, query);
    expect(await n(sql`SELECT count(*)::int AS n FROM day_trades WHERE status = 'filled'`)).toBe(4);
    expect(await n(sql`SELECT count(*)::int AS n FROM day_trades WHERE status = 'failed'`)).toBe(4);
    expect(await n(sql`SELECT count(*)::int AS n FROM positions WHERE day_trade_id IS NOT NULL AND status = 2`)).toBe(
      8,
    );
    // One P&L journal per closed position that made or lost anything, never two.
    expect(
      await n(sql`SELECT count(*)::int AS n FROM (SELECT reference FROM journal_transactions
                  WHERE kind = 'trade' AND memo NOT LIKE 'Negative%' GROUP BY reference HAVING count(*) > 1) d`),
    ).toBe(0);
    expect(await n(sql`SELECT count(*)::int AS n FROM messages WHERE msg_key = 'day_trade_settled'`)).toBe(4);
    expect(await n(sql`SELECT count(*)::int AS n FROM messages WHERE msg_key = 'day_trade_expired'`)).toBe(4);
    expect(
      await n(sql`SELECT count(*)::int AS n FROM ledger_holds WHERE reason = 'day_trade' AND status = 'pending'`),
    ).toBe(0);
    // The settled P&L is the positions' realised P&L less their fees.
    expect(
      await n(sql`SELECT count(*)::int AS n FROM day_trades d WHERE d.status = 'filled' AND d.pnl <> (
                  SELECT sum(p.realised_pnl) - sum(p.fee + p.close_fee) FROM positions p WHERE p.day_trade_id = d.id)`),
    ).toBe(0);
    for (const user of users) {
      const info = await post(a, '/user/getUserinfo', { type: 'jpy' }, user.headers);
      expect(info.body.data).toMatchObject({ frozen: '0' });
    }
    await expectLedgerBalanced(a);
  }, 240_000);
});
