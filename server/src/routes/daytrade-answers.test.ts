import '../testing/setup';
import { ENDPOINTS, tradePosition } from 'shared/contract';
import { configureMoneyLimiter } from '../security/money-limiter';
import { registerAdmin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { FUND_PASSWORD } from '../testing/money';
import { frozenClock, TOKYO_OPEN, trader } from '../testing/trade';
import { post, type LoggedIn } from '../testing/users';

const clock = frozenClock();

/**
 * Issue 35: a day-trade order and its cancellation are reported in a result sheet with the server's answer, so the
 * answer names the stock in the reader's language (the request's lang), as /daytrade/current does.
 */
describe.each(testBackends())('day-trade answers in the reader’s language on $name', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0, jobIntervalMs: 0 });
    admin = await registerAdmin(t.app);
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => {
    clock.set(TOKYO_OPEN);
    configureMoneyLimiter({ perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } });
  });

  const call = (user: LoggedIn, path: string, form: Record<string, string> = {}) =>
    post(t.app, path, form, user.headers);

  it('names the stock of a placed and of a cancelled order in the request’s language', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    expect((await call(user, '/trade/riskAck', { version: '1', kind: 'day_trade' })).body.status).toBe(1);
    const applied = await call(user, '/daytrade/apply', {
      market: 'jpy',
      amount: '200000',
      fund_password: FUND_PASSWORD,
    });
    const app = ENDPOINTS.dayTradeApply.data.parse(applied.body.data);
    const review = { id: String(app.id), action: 'approve', reason: '' };
    expect((await call(admin, '/admin/dayTradeReview', review)).body.status).toBe(1);
    const names: Record<string, string> = {};
    for (const lang of ['us', 'cn', 'jp']) {
      const current = ENDPOINTS.dayTradeCurrent.data.parse((await call(user, '/daytrade/current', { lang })).body.data);
      expect(current.length).toBeGreaterThan(0);
      const detail = await call(user, '/stock/detail', { code: '7203', type: 'jpy', lang });
      names[lang] = (detail.body.data as { name: string }).name;
    }
    expect(new Set(Object.values(names)).size).toBe(3);

    const placed = await call(user, '/daytrade/order', {
      id: String(app.id),
      code: '7203',
      side: 'long',
      price_type: 'market',
      quantity: '100',
      lang: 'us',
    });
    expect(placed.body).toMatchObject({ status: 1, msg: 'order_placed' });
    expect(tradePosition.parse(placed.body.data).name).toBe(names.us);

    const quote = (await call(user, '/stock/detail', { code: '7203', type: 'jpy' })).body.data as {
      limit_down: string;
    };
    const pending = await call(user, '/daytrade/order', {
      id: String(app.id),
      code: '7203',
      side: 'long',
      price_type: 'limit',
      price: quote.limit_down,
      quantity: '10',
      lang: 'jp',
    });
    expect(pending.body).toMatchObject({ status: 1, msg: 'order_placed' });
    const waiting = tradePosition.parse(pending.body.data);
    expect(waiting).toMatchObject({ name: names.jp, state: 'pending' });
    const cancelled = await call(user, '/daytrade/cancel', { id: String(waiting.id), lang: 'us' });
    expect(cancelled.body).toMatchObject({ status: 1, msg: 'order_cancelled' });
    expect(tradePosition.parse(cancelled.body.data)).toMatchObject({ name: names.us, state: 'cancelled' });
  });
});
