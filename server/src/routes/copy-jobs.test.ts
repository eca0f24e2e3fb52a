import '../testing/setup';
import { sql } from 'drizzle-orm';
import { postApproved, registerAdminPair } from '../testing/accounts';
import { testBackends } from '../testing/backends';
import { FUND_PASSWORD, expectLedgerBalanced, fund, moneyReadyUser, type MoneyUser } from '../testing/money';
import { post } from '../testing/users';
import { countRows, useTwoInstances } from '../testing/two-instances';

/**
 * The copy-trading jobs end to end, on two app instances sharing one PostgreSQL database and one test
 * clock: both run their job timers (every 20 ms) and passes of their own at the same moment after each
 * move of the clock; each pricing and each redemption must still happen exactly once (inbox messages,
 * P&L entries and released holds counted once). On PGlite the journey runs on ONE instance.
 */

/** Monday 16 November 2026, 10:00 Tokyo. */
const T0 = new Date('2026-11-16T01:00:00Z');
/** Monday 23 November 2026, 16:00 Tokyo: after the close of the lock-up's last day (7 days). */
const AFTER_LOCKUP = new Date('2026-11-23T07:00:00Z');

describe.each(testBackends())('copy-trading jobs on $name', (backend) => {
  const jobs = useTwoInstances(backend, { start: T0, wideMoneyLimits: true });

  it('prices and redeems each follow exactly once however many instances tick', async () => {
    const { a, instances, clock, tickTogether } = jobs;
    const admins = await registerAdminPair(a);
    const created = await postApproved(a, admins, '/admin/copyProductCreate', {
      market: 'jpy',
      name_zh: '双实例组合',
      name_en: 'Two Instances Portfolio',
      name_ja: 'ツーインスタンス',
      issuer_zh: '测试',
      issuer_en: 'Test',
      issuer_ja: 'テスト',
      strategy_zh: '丰田与索尼。',
      strategy_en: 'Toyota and Sony.',
      strategy_ja: 'トヨタとソニー。',
      holdings: '7203:0.6,6758:0.4',
      lockup_days: '7',
      min_investment: '100000',
      capacity: '10000000',
      deadline: new Date(T0.getTime() + 3 * 86_400_000).toISOString(),
    });
    expect(created.body).toMatchObject({ status: 1 });
    const id = String(created.body.data.id);

    const users: MoneyUser[] = [];
    for (let i = 0; i < 8; i += 1) {
      const app = instances[i % instances.length]!;
      const user = await moneyReadyUser(app);
      await fund(app, user.userId, '1000000');
      expect((await post(app, '/copy/riskAck', { version: '1' }, user.headers)).body.status).toBe(1);
      const answer = await post(
        app,
        '/copy/follow',
        { id, amount: String(100_000 * (i + 1)), fund_password: FUND_PASSWORD },
        { ...user.headers, 'idempotency-key': `follow-${user.account}` },
      );
      expect([answer.body.status, answer.body.msg]).toEqual([1, 'copy_order_success']);
      users.push(user);
    }

    // Tuesday: Monday's close priced every follow.
    clock.set(new Date(T0.getTime() + 86_400_000));
    await tickTogether();
    expect(await countRows(a, sql`SELECT count(*)::int AS n FROM copy_trade_orders WHERE units IS NOT NULL`)).toBe(8);

    // The lock-up ends: every follow redeemed once.
    clock.set(AFTER_LOCKUP);
    await tickTogether();
    await tickTogether();
    expect(await countRows(a, sql`SELECT count(*)::int AS n FROM copy_trade_orders WHERE status = 1`)).toBe(8);
    const pnl = await countRows(a, sql`SELECT count(*)::int AS n FROM journal_transactions WHERE kind = 'copy_trade'`);
    const withProfit = await countRows(
      a,
      sql`SELECT count(*)::int AS n FROM copy_trade_orders WHERE status = 1 AND redeemed_amount <> money`,
    );
    expect(pnl).toBe(withProfit);
    expect(await countRows(a, sql`SELECT count(*)::int AS n FROM messages WHERE msg_key = 'copy_redeemed'`)).toBe(8);
    expect(
      await countRows(
        a,
        sql`SELECT count(*)::int AS n FROM ledger_holds WHERE reason = 'copy_trade' AND status = 'pending'`,
      ),
    ).toBe(0);
    for (const user of users) {
      const info = await post(a, '/user/getUserinfo', { type: 'jpy' }, user.headers);
      expect(info.body.data).toMatchObject({ frozen: '0' });
    }
    await expectLedgerBalanced(a);
  }, 240_000);
});
