import '../testing/setup';
import { ENDPOINTS } from 'shared/contract';
import { csvField } from '../modules/audit/audit-service';
import { registerAdmin } from '../testing/accounts';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { FUND_PASSWORD, OPEN_TIME, fund, moneyReadyUser } from '../testing/money';
import { post, type LoggedIn } from '../testing/users';

describe('csvField', () => {
  it('quotes per RFC 4180 and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"\nbye')).toBe('"say ""hi""\nbye"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField({ status: 'pending' })).toBe('"{""status"":""pending""}"');
    expect(csvField(null)).toBe('');
  });
});

describe.each(testBackends())('the audit trail on $name', (backend) => {
  let t: TestApp;
  let reviewer: LoggedIn;
  let auditor: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => OPEN_TIME });
    reviewer = await registerAdmin(t.app, 'reviewer');
    auditor = await registerAdmin(t.app, 'auditor');
  });
  afterAll(() => t.close());

  const audit = async (form: Record<string, string>) => {
    const answer = await post(t.app, '/admin/audit', form, auditor.headers);
    expect(answer.body.status).toBe(1);
    return ENDPOINTS.adminAudit.data.parse(answer.body.data);
  };

  async function pendingWithdrawal(amount: string) {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, amount);
    const answer = await post(
      t.app,
      '/user/withdraw',
      { amount, currency: 'JPY', card_id: String(user.cardId), fund_password: FUND_PASSWORD },
      user.headers,
    );
    expect(answer.body).toMatchObject({ status: 1 });
    return { user, id: answer.body.data.id as number, orderNo: answer.body.data.order_no as string | undefined };
  }

  it('records an approve as one entry: who, in which role, from where, what, when, before and after', async () => {
    const { id } = await pendingWithdrawal('50000');
    const approved = await post(
      t.app,
      '/admin/withdrawalReview',
      { id: String(id), action: 'approve' },
      reviewer.headers,
    );
    expect(approved.body).toMatchObject({ status: 1, msg: 'review_done' });
    const { list, total } = await audit({ actor: reviewer.account, action: 'withdrawal' });
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({
      actor: reviewer.account,
      actor_roles: ['reviewer'],
      ip: '127.0.0.1',
      action: 'withdrawal.approve',
      target: expect.stringMatching(/^withdrawal:/),
      before: { status: 'pending', hold: 'pending' },
      after: { status: 'approved', hold: 'posted' },
      detail: expect.objectContaining({ amount: '50000', currency: 'JPY' }),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('searches by actor, action (exact or prefix), target and date range, combined', async () => {
    const { id } = await pendingWithdrawal('30000');
    await post(
      t.app,
      '/admin/withdrawalReview',
      { id: String(id), action: 'reject', reason: 'card closed' },
      reviewer.headers,
    );
    const rejected = (await audit({ action: 'withdrawal.reject' })).list;
    expect(rejected.map((e) => e.action)).toEqual(['withdrawal.reject']);
    const target = String(rejected[0]!.target);
    expect((await audit({ target })).list.map((e) => e.target)).toEqual([target]);
    // `withdrawal` matches withdrawal.* only, never an action that merely starts with the same letters.
    const all = (await audit({ action: 'withdrawal' })).list.map((e) => e.action);
    expect(new Set(all)).toEqual(new Set(['withdrawal.approve', 'withdrawal.reject']));
    expect((await audit({ action: 'withdraw' })).total).toBe(0);
    expect((await audit({ actor: auditor.account, action: 'withdrawal' })).total).toBe(0);
    // Today's entries (the database stamps real time), none tomorrow or before 2000.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await audit({ action: 'withdrawal', from: today, to: today })).total).toBe(all.length);
    expect((await audit({ action: 'withdrawal', from: tomorrow })).total).toBe(0);
    expect((await audit({ action: 'withdrawal', to: '2000-01-01' })).total).toBe(0);
    expect((await post(t.app, '/admin/audit', { from: 'yesterday' }, auditor.headers)).body).toMatchObject({
      status: 0,
      msg: 'field_invalid',
    });
  });

  it('exports the matching entries as CSV to an auditor, and audits the export', async () => {
    const answer = await post(t.app, '/admin/auditCsv', { action: 'withdrawal' }, auditor.headers);
    expect(answer.body.status).toBe(1);
    const data = ENDPOINTS.adminAuditCsv.data.parse(answer.body.data);
    const lines = data.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,created_at,actor,actor_roles,ip,action,target,before,after,detail');
    expect(lines).toHaveLength(data.rows + 1);
    expect(data.rows).toBe((await audit({ action: 'withdrawal' })).total);
    expect(lines.slice(1).every((line) => line.includes(`,${reviewer.account},reviewer,127.0.0.1,withdrawal.`))).toBe(
      true,
    );
    expect(data).toMatchObject({ truncated: false, filename: expect.stringMatching(/^audit-\d{8}T\d{6}Z\.csv$/) });
    const exported = await audit({ action: 'audit.export' });
    expect(exported.list[0]).toMatchObject({ actor: auditor.account, actor_roles: ['auditor'], target: 'audit_log' });
    expect((await post(t.app, '/admin/auditCsv', {}, reviewer.headers)).statusCode).toBe(403);
  });
});
