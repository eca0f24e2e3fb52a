import '../testing/setup';
import { sql } from 'drizzle-orm';
import type { Mail } from '../modules/mail/mailer';
import { registerAdminPair, type AdminPair } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { OPEN_TIME, fund, moneyReadyUser } from '../testing/money';
import { post } from '../testing/users';

/**
 * Every money event is announced (issue 35): a four-eyes correction, once a second operator approved it and it was
 * posted, writes `correction_posted` to the owner's inbox (amount, order number, reason, available after) and mails
 * it after the commit, without links; a correction submitted and not yet approved tells nobody, and a replayed
 * approval tells nobody twice.
 */
const LINK = /https?:\/\/|www\.|href=|<a\b/i;

describe.each(testBackends())('correction notices (issue 35) on $name', (backend) => {
  let t: TestApp;
  let admins: AdminPair;
  const mails: Mail[] = [];
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => OPEN_TIME });
    t.app.mailer.send = async (mail) => {
      mails.push(mail);
    };
    admins = await registerAdminPair(t.app);
  });
  afterAll(() => t.close());

  async function mailedUser() {
    const user = await moneyReadyUser(t.app);
    const to = `c-${user.account}@example.test`;
    await t.app.db.tx((tx) => tx.execute(sql`UPDATE users SET email = ${to} WHERE id = ${user.userId}`));
    await fund(t.app, user.userId, '10000');
    const mine = async () => {
      await t.app.notices.idle();
      return mails.filter((mail) => mail.to === to);
    };
    const inbox = async (lang = 'en') =>
      (await post(t.app, '/user/messages', { page: '1', size: '20', lang }, user.headers)).body.data.list as Array<{
        title: string;
        body: string;
      }>;
    return { user, mine, inbox };
  }
  const submit = (account: string, form: Record<string, string>) =>
    post(
      t.app,
      '/admin/correction',
      { account, currency: 'JPY', reason: 'fee refunded: ticket 4711', ...form },
      admins.submitter.headers,
    );
  const approve = (id: string) => post(t.app, '/admin/approve', { id, action: 'approve' }, admins.approver.headers);

  it('tells the owner in the inbox and by mail once the correction is approved and posted, never before', async () => {
    const { user, mine, inbox } = await mailedUser();
    const before = (await inbox()).length;
    const submitted = await submit(user.account, { amount: '500' });
    expect(submitted.body.msg).toBe('four_eyes_waiting');
    // Waiting for the second operator: nothing is posted, nobody is told.
    expect(await inbox()).toHaveLength(before);
    expect(await mine()).toEqual([]);

    const id = String(submitted.body.data.four_eyes_id);
    const approved = await approve(id);
    expect(approved.body.status).toBe(1);
    const orderNo = approved.body.data.outcome.data.order_no as string;
    const [message] = await inbox();
    expect(message!.title).toBe('Balance corrected');
    expect(message!.body).toContain('+500 JPY');
    expect(message!.body).toContain(orderNo);
    expect(message!.body).toContain('fee refunded: ticket 4711');
    expect(message!.body).toContain('10,500 JPY');
    expect((await inbox('zh-CN'))[0]!.title).toBe('余额已调整');
    expect((await inbox('ja'))[0]!.title).toBe('残高が訂正されました');
    const mailed = await mine();
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.subject).toContain('Balance corrected');
    expect(mailed[0]!.text).toContain('+500 JPY');
    expect(mailed[0]!.text).not.toMatch(LINK);

    // A second approval of the same request posts nothing and tells nobody again.
    expect((await approve(id)).body.status).toBe(0);
    expect(await mine()).toHaveLength(1);

    // The reversal is a money event of its own: told with its minus sign.
    const reversal = await submit(user.account, {
      amount: '-500',
      reason: 'posted to the wrong account',
      reverses: orderNo,
    });
    expect((await approve(String(reversal.body.data.four_eyes_id))).body.status).toBe(1);
    expect((await inbox())[0]!.body).toContain('-500 JPY');
    expect((await mine()).map((mail) => mail.text)).toEqual([
      expect.stringContaining('+500 JPY'),
      expect.stringContaining('posted to the wrong account'),
    ]);
  });
});
