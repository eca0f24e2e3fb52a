import '../testing/setup';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query';
import { postApproved, registerAdminPair } from '../testing/accounts';
import { testBackends } from '../testing/backends';
import { FUND_PASSWORD, expectLedgerBalanced, fund, moneyReadyUser, type MoneyUser } from '../testing/money';
import { post } from '../testing/users';
import { countRows, useTwoInstances } from '../testing/two-instances';

/**
 * The new-share jobs end to end, on two app instances sharing one PostgreSQL database and one test
 * clock: both run their job timers (every 20 ms) and, after each move of the clock, passes of their
 * own at the same moment; each draw, expiry and listing must still happen exactly once (inbox messages,
 * holdings and ledger entries counted once). On PGlite the same journey runs on ONE instance: PGlite
 * is one session in one process (its lock file refuses a second), so there is no second instance.
 */

/** Monday 16 November 2026, 10:00 Tokyo. */
const T0 = new Date('2026-11-16T01:00:00Z');
const HOUR = 3_600_000;
const DRAW_AT = new Date(T0.getTime() + 26 * HOUR);
const PAY_DEADLINE = new Date(T0.getTime() + 48 * HOUR);
/** Thursday 19 November 2026, 09:00 Tokyo (the open). */
const LISTING_AT = new Date('2026-11-19T00:00:00Z');

describe.each(testBackends())('new-share jobs on $name', (backend) => {
  const jobs = useTwoInstances(backend, { start: T0, wideMoneyLimits: true });

  it('draws, expires and lists exactly once however many instances tick', async () => {
    const { a, b, instances, clock, tickTogether } = jobs;
    const admins = await registerAdminPair(a);
    const created = await postApproved(a, admins, '/admin/newShareCreate', {
      market: 'jpy',
      code: '9990',
      name_zh: '双实例新股',
      name_en: 'Two Instances KK',
      name_ja: 'ツーインスタンス',
      price: '1000',
      lot_size: '100',
      subscription_cap: '500',
      issue_size: '1000',
      underwriter: 'Nomura',
      lockup_days: '30',
      opens_at: new Date(T0.getTime() + 60_000).toISOString(),
      closes_at: new Date(T0.getTime() + 24 * HOUR).toISOString(),
      draw_at: DRAW_AT.toISOString(),
      pay_deadline: PAY_DEADLINE.toISOString(),
      listing_at: LISTING_AT.toISOString(),
      distribution_at: new Date(LISTING_AT.getTime() + 24 * HOUR).toISOString(),
    });
    expect(created.body).toMatchObject({ status: 1 });
    const issueId = String(created.body.data.id);
    // The window opens (an issue is created before its window: the back office edits it until then).
    clock.set(new Date(T0.getTime() + 120_000));

    // Twelve subscribers of 5 lots each (60 lots for 10 on offer), half through each instance.
    const users: MoneyUser[] = [];
    for (let i = 0; i < 12; i += 1) {
      const app = instances[i % instances.length]!;
      const user = await moneyReadyUser(app);
      await fund(app, user.userId, '1000000');
      expect((await post(app, '/ipo/riskAck', { version: '1' }, user.headers)).body.status).toBe(1);
      const answer = await post(
        app,
        '/ipo/subscribe',
        { id: issueId, quantity: '500', fund_password: FUND_PASSWORD },
        { ...user.headers, 'idempotency-key': `sub-${user.account}` },
      );
      expect([answer.body.status, answer.body.msg]).toEqual([1, 'subscribe_success']);
      users.push(user);
    }
    for (const app of instances) expect(app.market.provider.quote('jpy', '9990', 'en')).toBeUndefined();

    // The close: the list is sealed once (one set of tree nodes) and published, the draw not made yet.
    clock.set(new Date(T0.getTime() + 24 * HOUR + 60_000));
    await tickTogether();
    const sealRow = sql`SELECT list_root, list_size, draw_state, final_seed,
                               (SELECT count(*)::int FROM new_share_list_nodes WHERE issue_id = ${issueId}) AS nodes
                        FROM new_share_issues WHERE id = ${issueId}`;
    type Seal = { list_root: string | null; list_size: number; draw_state: string; final_seed: null; nodes: number };
    const [sealed] = await a.db.tx((tx) => queryRows<Seal>(tx, sealRow));
    // 12 leaves, then 6, 3, 2, 1 nodes.
    expect(sealed).toMatchObject({ list_size: 12, draw_state: 'pending', final_seed: null, nodes: 24 });
    expect(sealed!.list_root).toMatch(/^[0-9a-f]{64}$/);

    // The draw.
    clock.set(new Date(DRAW_AT.getTime() + 60_000));
    await tickTogether();
    const issueRow = sql`SELECT draw_state, units_allotted::int AS allotted FROM new_share_issues
                         WHERE id = ${issueId}`;
    const [issue] = await a.db.tx((tx) => queryRows<{ draw_state: string; allotted: number }>(tx, issueRow));
    expect(issue!.draw_state).toBe('drawn');
    expect(issue!.allotted).toBeLessThanOrEqual(10);
    const results = await a.db.tx((tx) =>
      queryRows<{ user_id: string; state: string; allotted: string }>(
        tx,
        sql`SELECT user_id::text, state, allotted_quantity::text AS allotted
            FROM new_share_orders WHERE issue_id = ${issueId} ORDER BY id`,
      ),
    );
    expect(results.every((r) => r.state === 'won' || r.state === 'not_won')).toBe(true);
    const won = users.filter((u) => results.find((r) => BigInt(r.user_id) === u.userId)!.state === 'won');
    expect(won.length).toBeGreaterThanOrEqual(3);
    // One result message per subscriber, not one per instance.
    expect(
      await countRows(
        a,
        sql`SELECT count(*)::int AS n FROM messages WHERE msg_key IN ('new_share_won', 'new_share_not_won')
            AND msg_values->>'code' = '9990'`,
      ),
    ).toBe(12);

    // Two winners confirm, one declines, the rest let the deadline pass.
    const [payer1, payer2, decliner, ...silent] = won;
    async function applicationId(user: MoneyUser): Promise<string> {
      const [row] = await a.db.tx((tx) =>
        queryRows<{ id: string }>(
          tx,
          sql`SELECT id::text FROM new_share_orders WHERE issue_id = ${issueId} AND user_id = ${user.userId}`,
        ),
      );
      return row!.id;
    }
    for (const [i, payer] of [payer1!, payer2!].entries()) {
      const answer = await post(
        instances[i % instances.length]!,
        '/ipo/confirm',
        { id: await applicationId(payer), fund_password: FUND_PASSWORD },
        { ...payer.headers, 'idempotency-key': `pay-${payer.account}` },
      );
      expect(answer.body).toMatchObject({ status: 1 });
    }
    const declined = await post(
      b,
      '/ipo/decline',
      { id: await applicationId(decliner!) },
      { ...decliner!.headers, 'idempotency-key': `dec-${decliner!.account}` },
    );
    expect(declined.body).toMatchObject({ status: 1 });

    // The payment deadline.
    clock.set(new Date(PAY_DEADLINE.getTime() + 60_000));
    await tickTogether();
    expect(
      await countRows(
        a,
        sql`SELECT count(*)::int AS n FROM messages
            WHERE msg_key = 'new_share_expired' AND msg_values->>'code' = '9990'`,
      ),
    ).toBe(silent.length);
    expect(
      await countRows(
        a,
        sql`SELECT count(*)::int AS n FROM new_share_orders WHERE issue_id = ${issueId} AND state = 'abstained'`,
      ),
    ).toBe(silent.length + 1);

    // The listing, through the test-clock endpoint of the second instance while every instance ticks.
    const moved = post(b, '/test/clock', { to: new Date(LISTING_AT.getTime() + 30 * 60_000).toISOString() });
    const [answer] = await Promise.all([moved, ...instances.map((app) => app.jobs.runDue({ wait: false }))]);
    expect(answer.body).toMatchObject({ status: 1, data: { jobs: expect.any(Object) } });
    await tickTogether();
    expect(
      await countRows(a, sql`SELECT count(*)::int AS n FROM positions WHERE source = 'new_share' AND code = '9990'`),
    ).toBe(2);
    expect(
      await countRows(
        a,
        sql`SELECT count(*)::int AS n FROM messages
            WHERE msg_key = 'new_share_listed' AND msg_values->>'code' = '9990'`,
      ),
    ).toBe(2);
    expect(
      await countRows(
        a,
        sql`SELECT count(*)::int AS n FROM new_share_orders WHERE issue_id = ${issueId} AND status = 4`,
      ),
    ).toBe(2);
    // Every instance quotes the new stock now, the same price.
    await tickTogether();
    const quotes = instances.map((app) => app.market.provider.quote('jpy', '9990', 'en'));
    for (const quote of quotes) expect(quote).toMatchObject({ code: '9990', names: { en: 'Two Instances KK' } });
    expect(new Set(quotes.map((q) => q!.price)).size).toBe(1);
    // The holding is in positions with its lock-up, and its close is refused until then.
    const holdings = await post(a, '/trade/orders', { market: 'jpy', status: 'open' }, payer1!.headers);
    const holding = (holdings.body.data.list as Array<{ id: number; code: string; closable_from: string }>).find(
      (p) => p.code === '9990',
    )!;
    expect(holding.closable_from).toBe('2026-12-19');
    const refused = await post(a, '/trade/close', { id: String(holding.id) }, payer1!.headers);
    expect(refused.body).toMatchObject({ status: 0, msg: 'lockup_until', values: { date: '2026-12-19' } });

    // The statement: the listing is one line that moves no money (the payment's freeze became the holding's
    // cost), and nothing of the subscription ever shows as income or spending.
    const statement = (await post(a, '/funds/records', { size: '50' }, payer1!.headers)).body.data.list as Array<{
      type: string;
      amount: string;
      frozen: string;
      balance: string;
      time: string;
    }>;
    const listing = statement.filter((r) => r.time === new Date(LISTING_AT.getTime() + 30 * 60_000).toISOString());
    expect(listing.map((r) => [r.type, r.amount, r.frozen, r.balance])).toEqual([
      ['subscription', '0', '0', '1000000'],
    ]);
    expect(statement.filter((r) => r.type === 'subscription').every((r) => r.amount === '0')).toBe(true);

    // Money: the ledger balances, nobody is negative, and the payers' money is their holding's cost.
    await expectLedgerBalanced(a);
    expect(
      await countRows(
        a,
        sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE user_id IS NOT NULL AND (available < 0 OR held < 0)`,
      ),
    ).toBe(0);
    for (const user of users) {
      const [row] = await a.db.tx((tx) =>
        queryRows<{ available: string; held: string }>(
          tx,
          sql`SELECT available::text, held::text FROM ledger_accounts WHERE user_id = ${user.userId}
              AND currency = 'JPY'`,
        ),
      );
      const paid = user === payer1 || user === payer2;
      const allotted = Number(results.find((r) => BigInt(r.user_id) === user.userId)!.allotted);
      expect(Number(row!.available) + Number(row!.held)).toBe(1_000_000);
      expect(Number(row!.held)).toBe(paid ? allotted * 1000 : 0);
    }
  }, 240_000);
});
