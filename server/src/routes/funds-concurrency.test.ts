import '../testing/setup';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query';
import { configureMoneyLimiter } from '../security/money-limiter';
import { registerAdmin } from '../testing/accounts';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { post, type LoggedIn } from '../testing/users';
import { FUND_PASSWORD, OPEN_TIME, balancesOf, expectLedgerBalanced, fund, moneyReadyUser } from '../testing/money';

// Races are real only on PostgreSQL; PGlite (one session) runs the same suite serialised.
describe.each(testBackends())('money races on $name', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => OPEN_TIME });
    admin = await registerAdmin(t.app);
    configureMoneyLimiter({ perAction: { max: 10_000, windowMs: 1000 }, perUser: { max: 10_000, windowMs: 1000 } });
  });
  afterAll(() => t.close());

  it('accepts exactly one of 50 concurrent withdrawals of the whole balance, and the ledger balances', async () => {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, '100000');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          t.app,
          '/user/withdraw',
          { amount: '100000', currency: 'JPY', card_id: String(user.cardId), fund_password: FUND_PASSWORD },
          { ...user.headers, 'idempotency-key': `race-${user.account}-${i}` },
        ),
      ),
    );
    const accepted = answers.filter((a) => a.body.status === 1);
    expect(accepted).toHaveLength(1);
    // Every other one is refused by a rule (never a server error). At most 5 fund-password tries are checked at a
    // time, whatever the password (issue 33 point 4): the calls beyond them are refused before the hash.
    for (const refused of answers.filter((a) => a.body.status !== 1))
      expect(['order_under_review', 'insufficient_balance', 'fund_password_locked']).toContain(refused.body.msg);
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '0', frozen: '100000' });

    const [id] = [accepted[0]!.body.data.id as number];
    const reviews = await Promise.all(
      [1, 2, 3].map(() => post(t.app, '/admin/withdrawalReview', { id: String(id), action: 'approve' }, admin.headers)),
    );
    expect(reviews.filter((r) => r.body.status === 1)).toHaveLength(1);
    expect(reviews.filter((r) => r.body.msg === 'review_already_done')).toHaveLength(2);

    // available + held = deposits − payouts, read from the journal.
    const [sums] = await t.app.db.tx((tx) =>
      queryRows<{ deposits: string; payouts: string; available: string; held: string }>(
        tx,
        sql`
        SELECT (SELECT coalesce(sum(e.amount), 0)
                FROM journal_entries e JOIN journal_transactions t ON t.id = e.transaction_id
                JOIN ledger_accounts a ON a.id = e.account_id
                WHERE a.user_id = ${user.userId} AND t.kind = 'deposit')::text AS deposits,
               (SELECT coalesce(-sum(e.amount), 0)
                FROM journal_entries e JOIN journal_transactions t ON t.id = e.transaction_id
                JOIN ledger_accounts a ON a.id = e.account_id
                WHERE a.user_id = ${user.userId} AND t.kind = 'withdrawal')::text AS payouts,
               (SELECT available FROM ledger_accounts
                WHERE user_id = ${user.userId} AND currency = 'JPY')::text AS available,
               (SELECT held FROM ledger_accounts WHERE user_id = ${user.userId} AND currency = 'JPY')::text AS held`,
      ),
    );
    expect(Number(sums!.deposits) - Number(sums!.payouts)).toBe(Number(sums!.available) + Number(sums!.held));
    expect(Number(sums!.payouts)).toBe(100000);
    await expectLedgerBalanced(t.app);
  });

  it('approves a deposit once when reviewers race, and keeps one pending deposit per user', async () => {
    const user = await moneyReadyUser(t.app);
    const { postMultipart, TINY_PNG } = await import('../testing/accounts');
    const submit = (i: number) =>
      postMultipart(
        t.app,
        '/funds/deposit',
        { amount: '1000', currency: 'JPY', channel_id: 'jp-mufg' },
        { proof: { data: TINY_PNG, filename: 'p.png', contentType: 'image/png' } },
        { ...user.headers, 'idempotency-key': `dep-${user.account}-${i}` },
      );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(i)));
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.status !== 1).map((a) => a.body.msg)).toEqual(Array(9).fill('deposit_pending'));
    const id = answers.find((a) => a.body.status === 1)!.body.data.id as number;
    const reviews = await Promise.all(
      ['approve', 'approve', 'reject', 'approve'].map((action) =>
        post(t.app, '/admin/depositReview', { id: String(id), action, reason: 'race' }, admin.headers),
      ),
    );
    expect(reviews.filter((r) => r.body.status === 1)).toHaveLength(1);
    const won = ['approve', 'approve', 'reject', 'approve'][reviews.findIndex((r) => r.body.status === 1)];
    expect((await balancesOf(t.app, user)).JPY!.available).toBe(won === 'approve' ? '1000' : '0');
    await expectLedgerBalanced(t.app);
  });

  it('runs opposite exchanges of many users at once without deadlock or lost money', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => moneyReadyUser(t.app)));
    for (const u of users) {
      await fund(t.app, u.userId, '30000');
      await fund(t.app, u.userId, '200', 'USD');
    }
    const calls = users.flatMap((u, i) =>
      Array.from({ length: 4 }, (_, j) =>
        post(
          t.app,
          '/funds/exchange',
          (i + j) % 2 ? { from: 'JPY', to: 'USD', amount: '1500' } : { from: 'USD', to: 'JPY', amount: '10' },
          u.headers,
        ),
      ),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.body.msg)).toEqual(Array(answers.length).fill('exchange_success'));
    await expectLedgerBalanced(t.app);
  });
});
