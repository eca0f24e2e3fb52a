import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { TINY_PNG, postMultipart } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { FUND_PASSWORD, OPEN_TIME, fund, moneyReadyUser, type MoneyUser } from '../testing/money';
import { post, registerAndLogin, type LoggedIn } from '../testing/users';

/**
 * Issue 35: the withdrawal screen showed "available to withdraw" and refused after the password with one reason of
 * several. /funds/withdrawRules answers every reason the user's withdrawal would be refused now (`blocking`), read
 * by the withdrawal's own rules, so the screen can show them all before the password; the withdrawal refuses with
 * the first of them.
 */
let clock = OPEN_TIME;

describe.each(testBackends())('withdrawal blocking reasons on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = OPEN_TIME;
  });

  const blocking = async (user: LoggedIn) =>
    ENDPOINTS.withdrawRules.data.parse((await post(t.app, '/funds/withdrawRules', {}, user.headers)).body.data)
      .blocking;
  const withdraw = (user: MoneyUser) =>
    post(
      t.app,
      '/user/withdraw',
      { amount: '30000', currency: 'JPY', card_id: String(user.cardId), fund_password: FUND_PASSWORD },
      user.headers,
    );

  it('names nothing for a user who can withdraw, and the withdrawal goes', async () => {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, '100000');
    expect(await blocking(user)).toEqual([]);
    expect((await withdraw(user)).body).toMatchObject({ status: 1, msg: 'withdraw_success' });
    // Now one is pending: the next is blocked by it, before any password.
    expect(await blocking(user)).toEqual([{ key: 'order_under_review', values: {} }]);
  });

  it('names identity, card, fund password and the hours at once for a new user outside the hours', async () => {
    const user = await registerAndLogin(t.app);
    clock = new Date('2026-11-21T01:00:00Z'); // Saturday 10:00 JST
    expect(await blocking(user)).toEqual([
      { key: 'realname_required', values: {} },
      { key: 'bank_card_required', values: {} },
      { key: 'fund_password_not_set', values: {} },
      { key: 'withdraw_closed_hours', values: { opens: '2026-11-24 09:00 JST' } },
    ]);
  });

  it('names every state rule that applies, and the withdrawal refuses with the first of them', async () => {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, '100000');
    await t.app.db.tx((tx) =>
      tx.execute(sql`
        INSERT INTO positions
          (user_id, order_no, market, currency, code, name, direction, price_type, stock_num, buy_price, cost)
        VALUES
          (${user.userId}, ${`P${user.account}`}, 'jpy', 'JPY', '7203', 'Toyota', 'long', 'market', 100, 2500, 0)`),
    );
    const deposited = await postMultipart(
      t.app,
      '/funds/deposit',
      { amount: '1000', currency: 'JPY', channel_id: 'jp-mufg' },
      { proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' } },
      user.headers,
    );
    expect(deposited.body.status).toBe(1);
    const reasons = await blocking(user);
    expect(reasons.map((r) => r.key)).toEqual(['positions_open', 'order_under_review']);
    expect((await withdraw(user)).body.msg).toBe(reasons[0]!.key);
  });
});
