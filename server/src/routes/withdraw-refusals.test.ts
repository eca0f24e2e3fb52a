import '../testing/setup';
import { sql } from 'drizzle-orm';
import { DEFAULT_MONEY_LIMITS, configureMoneyLimiter } from '../security/money-limiter';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { post } from '../testing/users';
import { FUND_PASSWORD, OPEN_TIME, expectRefused, fund, moneyReadyUser, type MoneyUser } from '../testing/money';

let clock = OPEN_TIME;

describe.each(testBackends())('withdrawal refusals on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = OPEN_TIME;
    // The real limits: one call per action every 2 seconds.
    configureMoneyLimiter(DEFAULT_MONEY_LIMITS);
  });

  const withdraw = (user: MoneyUser, form: Record<string, string> = {}) =>
    post(
      t.app,
      '/user/withdraw',
      { amount: '30000', currency: 'JPY', card_id: String(user.cardId), fund_password: FUND_PASSWORD, ...form },
      user.headers,
    );
  const fundedUser = async () => {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, '100000');
    return user;
  };
  const insertPosition = (user: MoneyUser, status: number, n: number) =>
    t.app.db.tx((tx) =>
      tx.execute(sql`
        INSERT INTO positions
          (user_id, order_no, market, currency, code, name, direction, price_type,
           stock_num, buy_price, limit_price, cost, status)
        VALUES (${user.userId}, ${`P${user.account}${n}`}, 'jpy', 'JPY', '7203', 'Toyota', 'long', 'limit', 100, 2500,
                2500, 0, ${status})`),
    );

  describe('a wrong fund password', () => {
    it('does not count against the 2-second limit: the right password at once succeeds', async () => {
      const user = await fundedUser();
      await expectRefused(t.app, user, 'fund_password_wrong', () => withdraw(user, { fund_password: '000000' }));
      const right = await withdraw(user);
      expect(right.body).toMatchObject({ status: 1, msg: 'withdraw_success' });
    });

    it('still leaves a successful call counting: a second withdrawal at once is too_frequent', async () => {
      const user = await fundedUser();
      expect((await withdraw(user)).body.status).toBe(1);
      expect((await withdraw(user)).body.msg).toBe('too_frequent');
    });

    it('locks the fund password after 5 wrong tries for 15 minutes, with until when, then lets it in', async () => {
      const user = await fundedUser();
      for (let n = 0; n < 5; n += 1) {
        clock = new Date(OPEN_TIME.getTime() + n * 60_000);
        const wrong = await withdraw(user, { fund_password: '000000' });
        expect(wrong.body).toMatchObject({ status: 0, msg: 'fund_password_wrong', field: 'fund_password' });
      }
      clock = new Date(OPEN_TIME.getTime() + 10 * 60_000);
      const locked = await expectRefused(t.app, user, 'fund_password_locked', () => withdraw(user));
      const until = new Date(OPEN_TIME.getTime() + 15 * 60_000).toISOString();
      expect(locked.body).toMatchObject({ field: 'fund_password', values: { until } });
      // The lock is the fund password's own: other refusals and the 2-second limit are not involved.
      clock = new Date(OPEN_TIME.getTime() + 15 * 60_000 - 1);
      expect((await withdraw(user)).body.msg).toBe('fund_password_locked');
      clock = new Date(OPEN_TIME.getTime() + 15 * 60_000 + 1);
      expect((await withdraw(user)).body).toMatchObject({ status: 1, msg: 'withdraw_success' });
    });

    it('locks the fund password for the password change too (same counter)', async () => {
      const user = await fundedUser();
      for (let n = 0; n < 5; n += 1) await withdraw(user, { fund_password: '000000' });
      const change = await post(
        t.app,
        '/user/setFundPassword',
        { old_fund_password: FUND_PASSWORD, password: '246802', password2: '246802' },
        user.headers,
      );
      expect(change.body).toMatchObject({ status: 0, msg: 'fund_password_locked' });
    });
  });

  describe('open items', () => {
    it('names pending limit orders (orders_pending {count}) when they are the only open items', async () => {
      const user = await fundedUser();
      await insertPosition(user, 3, 1);
      await insertPosition(user, 3, 2);
      const refused = await expectRefused(t.app, user, 'orders_pending', () => withdraw(user));
      expect(refused.body.values).toEqual({ count: '2' });
    });

    it('answers positions_open while a position is held, pending orders or not', async () => {
      const user = await fundedUser();
      await insertPosition(user, 3, 1);
      await insertPosition(user, 0, 2);
      await expectRefused(t.app, user, 'positions_open', () => withdraw(user));
    });
  });
});
