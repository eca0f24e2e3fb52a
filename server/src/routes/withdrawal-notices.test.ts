import '../testing/setup';
import { sql } from 'drizzle-orm';
import type { Mail } from '../modules/mail/mailer';
import { registerAdmin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { FUND_PASSWORD, OPEN_TIME, fund, moneyReadyUser } from '../testing/money';
import { post, type LoggedIn } from '../testing/users';

const LINK = /https?:\/\/|www\.|href=|<a\b/i;

describe.each(testBackends())('withdrawal notices by e-mail (issue 33 point 3) on $name', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  const mails: Mail[] = [];
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => OPEN_TIME });
    t.app.mailer.send = async (mail) => {
      mails.push(mail);
    };
    admin = await registerAdmin(t.app);
  });
  afterAll(() => t.close());

  /** A funded user with their own address; answers the user, a withdrawal call and their mails. */
  async function mailedUser() {
    const user = await moneyReadyUser(t.app);
    const to = `w-${user.account}@example.test`;
    await t.app.db.tx((tx) => tx.execute(sql`UPDATE users SET email = ${to} WHERE id = ${user.userId}`));
    await fund(t.app, user.userId, '100000');
    const withdraw = () =>
      post(
        t.app,
        '/user/withdraw',
        { amount: '30000', currency: 'JPY', card_id: String(user.cardId), fund_password: FUND_PASSWORD },
        user.headers,
      );
    const mine = async () => {
      await t.app.notices.idle();
      return mails.filter((mail) => mail.to === to);
    };
    return { withdraw, mine };
  }
  const review = (id: number, action: 'approve' | 'reject', reason = '') =>
    post(t.app, '/admin/withdrawalReview', { id: String(id), action, reason }, admin.headers);

  it('mails the owner when a withdrawal is submitted, approved and rejected, with no links', async () => {
    const alice = await mailedUser();
    const first = await alice.withdraw();
    expect(first.body.status).toBe(1);
    expect((await alice.mine()).map((mail) => mail.subject)).toEqual([expect.stringContaining('Withdrawal requested')]);
    expect((await alice.mine())[0]!.text).toContain('30,000 JPY');
    expect((await review(first.body.data.id, 'approve')).body.status).toBe(1);
    const aliceMails = await alice.mine();
    expect(aliceMails).toHaveLength(2);
    expect(aliceMails[1]!.text).toContain('approved');

    const bob = await mailedUser();
    const second = await bob.withdraw();
    expect(second.body.status).toBe(1);
    expect((await review(second.body.data.id, 'reject', 'name mismatch')).body.status).toBe(1);
    const bobMails = await bob.mine();
    expect(bobMails).toHaveLength(2);
    expect(bobMails[1]!.text).toContain('name mismatch');
    for (const mail of [...aliceMails, ...bobMails]) expect(mail.text).not.toMatch(LINK);
  });
});
