import '../testing/setup';
import { sql } from 'drizzle-orm';
import { Decimal } from 'shared/money';
import { queryRows } from '../db/query';
import { getUserAccountId, placeHold } from '../modules/ledger/ledger-repository';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { registerAdmin } from '../testing/accounts';
import { fund, userIdOf } from '../testing/money';
import { PASSWORD, post, registerAndLogin, uniqueAccount } from '../testing/users';

/** The ledger recomputed from journal entries and pending holds, independently of ledger_accounts' caches. */
async function ledgerFigures(t: TestApp, account: string) {
  const rows = await t.app.db.tx((tx) =>
    queryRows<{ currency: string; total: string; held: string }>(
      tx,
      sql`SELECT a.currency,
                 (SELECT coalesce(sum(e.amount), 0)::text FROM journal_entries e WHERE e.account_id = a.id) AS total,
                 (SELECT coalesce(sum(h.amount), 0)::text FROM ledger_holds h
                   WHERE h.account_id = a.id AND h.status = 'pending') AS held
          FROM ledger_accounts a JOIN users u ON u.id = a.user_id WHERE u.account = ${account}
          ORDER BY a.currency`,
    ),
  );
  return rows.map((r) => ({
    currency: r.currency,
    available: new Decimal(r.total).minus(r.held).toFixed(),
    held: new Decimal(r.held).toFixed(),
    total: new Decimal(r.total).toFixed(),
  }));
}

describe.each(testBackends())('back-office users on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('searches by account prefix (exact with 10 digits), paged; refuses non-digits', async () => {
    const admin = await registerAdmin(t.app, 'auditor');
    const user = await registerAndLogin(t.app);
    const exact = await post(t.app, '/admin/users', { q: user.account }, admin.headers);
    expect(exact.body.data.total).toBe(1);
    expect(exact.body.data.list[0]).toMatchObject({ account: user.account, banned: false, trade_disabled: false });
    const prefix = await post(t.app, '/admin/users', { q: user.account.slice(0, 6) }, admin.headers);
    expect(prefix.body.data.list.map((r: { account: string }) => r.account)).toContain(user.account);
    expect((await post(t.app, '/admin/users', { q: uniqueAccount() }, admin.headers)).body.data).toEqual({
      list: [],
      total: 0,
    });
    expect((await post(t.app, '/admin/users', { q: '12a' }, admin.headers)).body.msg).toBe('field_invalid');
  });

  it('shows a user’s balances, holds and postings as the ledger has them, and audits the view', async () => {
    const auditor = await registerAdmin(t.app, 'auditor');
    const user = await registerAndLogin(t.app);
    const userId = await userIdOf(t.app, user.account);
    await fund(t.app, userId, '120000');
    await fund(t.app, userId, '300.5', 'USD');
    await t.app.db.tx(async (tx) => {
      const accountId = await getUserAccountId(tx, userId, 'USD');
      await placeHold(tx, { accountId, currency: 'USD', amount: '100.25', reason: 'withdrawal', reference: 'W1' });
    });
    const answer = await post(t.app, '/admin/userDetail', { account: user.account }, auditor.headers);
    expect(answer.body.status).toBe(1);
    const detail = answer.body.data;
    expect(detail.user).toMatchObject({ account: user.account, restriction_reason: null });
    expect(detail.balances).toEqual(await ledgerFigures(t, user.account));
    expect(detail.balances.find((b: { currency: string }) => b.currency === 'USD')).toEqual({
      currency: 'USD',
      available: '200.25',
      held: '100.25',
      total: '300.5',
    });
    expect(detail.holds).toEqual([expect.objectContaining({ currency: 'USD', amount: '100.25', reference: 'W1' })]);
    expect(detail.ledger.map((p: { amount: string }) => p.amount)).toEqual(['300.5', '120000']);
    expect(detail.positions).toEqual([]);
    const [audit] = await t.app.db.tx((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'user.view' AND target = ${`user:${user.account}`}`,
      ),
    );
    expect(audit!.n).toBe(1);
    expect((await post(t.app, '/admin/userDetail', { account: uniqueAccount() }, auditor.headers)).body.msg).toBe(
      'account_not_found',
    );
  });

  it('requires a reason for flags, shows it to the user in their language; the auditor only reads', async () => {
    const operator = await registerAdmin(t.app, 'operator');
    const auditor = await registerAdmin(t.app, 'auditor');
    const user = await registerAndLogin(t.app);
    const flags = (body: Record<string, string>, headers = operator.headers) =>
      post(t.app, '/admin/userFlags', { account: user.account, ...body }, headers);

    const missing = await flags({ trade_disabled: '1' });
    expect(missing.body).toMatchObject({ status: 0, msg: 'reason_required' });
    expect((await flags({ trade_disabled: '1', reason: 'abc' })).body.msg).toBe('reason_required');
    const refused = await flags({ trade_disabled: '1', reason: 'Suspected market abuse' }, auditor.headers);
    expect(refused.statusCode).toBe(403);

    expect((await flags({ trade_disabled: '1', reason: 'Suspected market abuse' })).body.status).toBe(1);
    const info = await post(t.app, '/user/getUserinfo', {}, user.headers);
    expect(info.body.data.restriction_reason).toBe('Suspected market abuse');
    const inbox = async (lang: string) =>
      (await post(t.app, '/user/messages', { lang }, user.headers)).body.data.list[0] as {
        title: string;
        body: string;
      };
    expect(await inbox('en')).toEqual(
      expect.objectContaining({
        title: 'Your account has been restricted',
        body: expect.stringContaining('Suspected'),
      }),
    );
    expect((await inbox('ja')).title).toBe('アカウントが制限されました');
    expect((await inbox('cn')).body).toContain('原因：Suspected market abuse');

    expect((await flags({ banned: '1', trade_disabled: '0', reason: 'Account takeover' })).body.status).toBe(1);
    const login = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(login.body).toMatchObject({ status: 0, msg: 'account_banned', values: { reason: 'Account takeover' } });

    const detail = (await post(t.app, '/admin/userDetail', { account: user.account, lang: 'en' }, auditor.headers)).body
      .data;
    expect(detail.user).toMatchObject({ banned: true, trade_disabled: false, restriction_reason: 'Account takeover' });
    expect(detail.inbox[0].title).toBe('Your account has been restricted');

    expect((await flags({ banned: '0', reason: 'Owner verified' })).body.status).toBe(1);
    const relogin = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(relogin.body.status).toBe(1);
    const after = await post(t.app, '/user/getUserinfo', {}, { token: relogin.body.data.token, account: user.account });
    expect(after.body.data.restriction_reason).toBeUndefined();
  });
});
