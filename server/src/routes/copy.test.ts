import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type CopyOrder } from 'shared/contract';
import { Decimal, roundMoney } from 'shared/money';
import { configureMoneyLimiter } from '../security/money-limiter';
import { postApproved, registerAdminPair, type AdminPair } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import {
  FUND_PASSWORD,
  OPEN_TIME,
  balancesOf,
  expectLedgerBalanced,
  expectRefused,
  fund,
  moneyReadyUser,
  type MoneyUser,
} from '../testing/money';
import { post, type LoggedIn } from '../testing/users';

const H = 3_600_000;
const DAY = 24 * H;
/** OPEN_TIME is Monday 16 November 2026, 10:00 Tokyo (the market is open). */
const at = (ms: number) => new Date(OPEN_TIME.getTime() + ms);
let clock = OPEN_TIME;
const HOLDINGS = [
  { code: '7203', weight: '0.5' },
  { code: '6758', weight: '0.5' },
];

/** A Japanese product: two listed names half and half, 7 days of lock-up, 100,000 to 300,000 JPY. */
const productForm = (overrides: Record<string, string> = {}): Record<string, string> => ({
  market: 'jpy',
  name_zh: '测试组合',
  name_en: 'Test Portfolio',
  name_ja: 'テスト・ポートフォリオ',
  issuer_zh: '测试资管',
  issuer_en: 'Test Asset Management',
  issuer_ja: 'テスト・アセット',
  strategy_zh: '丰田与索尼各半。',
  strategy_en: 'Toyota and Sony, half each.',
  strategy_ja: 'トヨタとソニーに半分ずつ。',
  holdings: '7203:0.5,6758:0.5',
  lockup_days: '7',
  min_investment: '100000',
  capacity: '300000',
  deadline: at(3 * DAY).toISOString(),
  ...overrides,
});

describe.each(testBackends())('copy trading on $name', (backend) => {
  let t: TestApp;
  let admins: AdminPair;
  beforeAll(async () => {
    // Jobs run here by hand: nothing prices or redeems behind the test's back.
    t = await startTestApp(backend, { now: () => clock, jobIntervalMs: 0 });
    admins = await registerAdminPair(t.app);
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => {
    clock = OPEN_TIME;
    configureMoneyLimiter({ perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } });
  });

  const call = (user: LoggedIn, path: string, form: Record<string, unknown> = {}, headers = {}) =>
    post(t.app, path, form as Record<string, string>, { ...user.headers, ...headers });
  /** A catalogue change: one administrator submits it, a second approves it (four-eyes). */
  const change = (path: string, form: Record<string, string>) => postApproved(t.app, admins, path, form);
  const create = async (overrides: Record<string, string> = {}) => {
    const answer = await change('/admin/copyProductCreate', productForm(overrides));
    expect(answer.body).toMatchObject({ status: 1 });
    return ENDPOINTS.adminCopyProductCreate.outcome.parse(answer.body.data);
  };
  const investor = async (jpy = '1000000'): Promise<MoneyUser> => {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, jpy);
    expect((await call(user, '/copy/riskAck', { version: '1' })).body.status).toBe(1);
    return user;
  };
  const follow = (user: LoggedIn, id: number, amount: string, headers = {}) =>
    call(user, '/copy/follow', { id: String(id), amount, fund_password: FUND_PASSWORD }, headers);
  const info = async (user: LoggedIn, id: number, lang = 'en') =>
    ENDPOINTS.copyInfo.data.parse((await call(user, '/copy/info', { id: String(id), lang })).body.data);
  const orders = async (user: LoggedIn, lang = 'en'): Promise<CopyOrder[]> =>
    ENDPOINTS.productList.data.parse((await call(user, '/trade/userproductlist', { type: 'jpy', lang })).body.data);
  const userinfo = async (user: LoggedIn) => (await call(user, '/user/getUserinfo', { type: 'jpy' })).body.data;
  const records = async (user: LoggedIn) =>
    ENDPOINTS.records.data.parse((await call(user, '/funds/records', { type: 'copy_trade' })).body.data).list;
  const candles = async (user: LoggedIn, code: string) =>
    ENDPOINTS.stockCandles.data.parse(
      (await call(user, '/stock/candles', { code, market: 'jpy', period: 'day', limit: '1000' })).body.data,
    ).list;

  /** The unit value on every day, recomputed here from the market data alone (Σ weight × close ÷ close₀). */
  const recompute = async (user: LoggedIn, holdings: Array<{ code: string; weight: string }>, base: string) => {
    const series = await Promise.all(holdings.map(async (h) => ({ h, list: await candles(user, h.code) })));
    const dates = series[0]!.list.map((c) => c.date).filter((d) => d >= base);
    return dates.map((date) => ({
      date,
      nav: series
        .reduce((sum, { h, list }) => {
          const close0 = list.find((c) => c.date >= base)!.close;
          const close = list.find((c) => c.date === date)!.close;
          return sum.plus(new Decimal(h.weight).times(close).dividedBy(close0));
        }, new Decimal(0))
        .toFixed(6, Decimal.ROUND_HALF_UP),
    }));
  };

  it('lists a product with its value from the market data; the history recomputes from the candles', async () => {
    const product = await create();
    expect(product).toMatchObject({ state: 'open', on_shelf: true, capacity_left: '300000', lockup_days: 7 });
    const user = await investor();
    const list = ENDPOINTS.copyList.data.parse(
      (await call(user, '/copy/list', { type: 'jpy', lang: 'ja' })).body.data,
    ).list;
    const row = list.find((p) => p.id === product.id)!;
    expect(row).toMatchObject({
      product_name: 'テスト・ポートフォリオ',
      issuer: 'テスト・アセット',
      min_investment: '100000',
    });
    const detail = await info(user, product.id);
    expect(detail.holdings.map((h) => h.code).sort()).toEqual(['6758', '7203']);
    expect(detail.history.length).toBeGreaterThanOrEqual(2);
    expect(detail.history[0]).toEqual({ date: product.base_date, nav: '1.000000' });
    expect(detail.history).toEqual(await recompute(user, HOLDINGS, product.base_date));
    expect(detail.product.nav).toBe(detail.history[detail.history.length - 1]!.nav);
  });

  it('refuses a follow while trading is barred, with the reason: nothing held, no capacity taken', async () => {
    const product = await create();
    const user = await investor();
    await t.app.db.tx((tx) =>
      tx.execute(sql`UPDATE users SET trade_disabled = true, restriction_reason = 'Suspected market abuse'
                      WHERE id = ${user.userId}`),
    );
    const refused = await expectRefused(t.app, user, 'trading_disabled', () => follow(user, product.id, '100000'));
    expect(refused.body.values).toEqual({ reason: 'Suspected market abuse' });
    expect(await orders(user)).toEqual([]);
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '1000000', frozen: '0' });
    expect((await info(user, product.id)).product).toMatchObject({ capacity_left: '300000' });
    await expectLedgerBalanced(t.app);
  });

  it('refuses below the minimum, past the deadline, off the shelf, beyond capacity, beyond the balance', async () => {
    const product = await create();
    const user = await investor('250000');
    await expectRefused(t.app, user, 'min_buy_amount', () => follow(user, product.id, '99999'));
    await expectRefused(t.app, user, 'insufficient_fundraising', () => follow(user, product.id, '300001'));
    await expectRefused(t.app, user, 'insufficient_balance', () => follow(user, product.id, '260000'));
    await expectRefused(t.app, user, 'product_unavailable', () => follow(user, 987654, '100000'));
    const unacknowledged = await moneyReadyUser(t.app);
    await fund(t.app, unacknowledged.userId, '1000000');
    await expectRefused(t.app, unacknowledged, 'risk_disclosure_required', () =>
      follow(unacknowledged, product.id, '100000'),
    );
    await expectRefused(t.app, user, 'fund_password_wrong', () =>
      call(user, '/copy/follow', { id: String(product.id), amount: '100000', fund_password: 'nope-nope' }),
    );
    const shelved = await create();
    expect((await change('/admin/copyProductOffShelf', { id: String(shelved.id) })).body.data).toMatchObject({
      state: 'off_shelf',
    });
    await expectRefused(t.app, user, 'product_unavailable', () => follow(user, shelved.id, '100000'));
    clock = at(3 * DAY);
    await expectRefused(t.app, user, 'follow_time_exceeded', () => follow(user, product.id, '100000'));
    await expectLedgerBalanced(t.app);
  });

  it('follows: the principal held in frozen and fund records; a retry with its key replays', async () => {
    const product = await create();
    const user = await investor();
    const key = { 'idempotency-key': 'copy-follow-0001' };
    const first = await follow(user, product.id, '200000', key);
    expect(first.body).toMatchObject({ status: 1, msg: 'copy_order_success' });
    const order = ENDPOINTS.copyFollow.data.parse(first.body.data);
    expect(order).toMatchObject({
      state: 'following',
      status: 0,
      money: '200000',
      units: null,
      started_on: '2026-11-16',
    });
    expect(order.lock_ends_on).toBe('2026-11-23');
    expect((await follow(user, product.id, '200000', key)).body.data).toEqual(first.body.data);
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '800000', frozen: '200000' });
    expect(await userinfo(user)).toMatchObject({ jpy: '800000', frozen: '200000' });
    // A statement line (ADR 0036): the follow moves no money of the investor's, it freezes the principal.
    expect(await records(user)).toEqual([
      expect.objectContaining({ type: 'copy_trade', amount: '0', frozen: '200000', balance: '1000000' }),
    ]);
    const [row] = await orders(user, 'ja');
    expect(row).toMatchObject({ product_name: 'テスト・ポートフォリオ', issuer: 'テスト・アセット', amount: '200000' });
    const left = ENDPOINTS.copyInfo.data.parse((await call(user, '/copy/info', { id: String(product.id) })).body.data);
    expect(left.product.capacity_left).toBe('100000');
    await expectLedgerBalanced(t.app);
  });

  it('prices at the next close, values day by day from the market data, redeems once at the lock-up end', async () => {
    const product = await create({ capacity: '1000000' });
    const user = await investor();
    await follow(user, product.id, '300000');
    // Tuesday 10:00 Tokyo: Monday's close priced the units.
    clock = at(DAY);
    await t.app.jobs.runDue();
    let [order] = await orders(user);
    // Spec §4: priced units are in their lock-up until the close of its last day (2026-11-23) on the app clock.
    expect(order!.state).toBe('lockup');
    const lockupTab = async (tab: string) =>
      ENDPOINTS.copyOrders.data.parse((await call(user, '/copy/orders', { type: 'jpy', tab })).body.data);
    expect((await lockupTab('lockup')).map((o) => o.id)).toEqual([order!.id]);
    const history = await recompute(user, HOLDINGS, product.base_date);
    const buyNav = history.find((p) => p.date === '2026-11-16')!.nav;
    expect(order!.buy_nav).toBe(buyNav);
    const units = new Decimal('300000').dividedBy(buyNav).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect(order!.units).toBe(units.toFixed(8));
    const profits: string[] = [];
    for (const day of [2, 3, 4]) {
      clock = at(day * DAY + 7 * H); // after the close
      await t.app.jobs.runDue();
      [order] = await orders(user);
      const navs = await recompute(user, HOLDINGS, product.base_date);
      const last = navs[navs.length - 1]!;
      const value = roundMoney(units.times(last.nav), 'JPY');
      expect(order).toMatchObject({
        nav: last.nav,
        value: value.toFixed(0),
        total_profit: value.minus(300000).toFixed(0),
      });
      profits.push(`${order!.daily_profit}/${order!.total_profit}`);
    }
    expect(new Set(profits).size).toBeGreaterThan(1);
    expect(await userinfo(user)).toMatchObject({ frozen: '300000' });
    // Monday 23 November before the close: still the lock-up's last day.
    clock = new Date('2026-11-23T05:00:00Z');
    [order] = await orders(user);
    expect(order!.state).toBe('lockup');
    // After the close, before the redemption job has run: the lock-up is over, the order is in progress (it is
    // no longer under the lock-up tab) until the redemption is booked.
    clock = new Date('2026-11-23T07:00:00Z');
    [order] = await orders(user);
    expect(order).toMatchObject({ state: 'in_progress', status: 0 });
    expect(await lockupTab('lockup')).toEqual([]);
    expect((await lockupTab('active')).map((o) => o.state)).toEqual(['in_progress']);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    [order] = await orders(user);
    const navs = await recompute(user, HOLDINGS, product.base_date);
    const endNav = navs.find((p) => p.date === '2026-11-23')!.nav;
    const returned = roundMoney(units.times(endNav), 'JPY');
    expect(order).toMatchObject({
      state: 'ended',
      status: 1,
      money: '0',
      nav: endNav,
      redeemed_amount: returned.toFixed(0),
    });
    expect(order!.total_profit).toBe(returned.minus(300000).toFixed(0));
    expect((await balancesOf(t.app, user)).JPY).toEqual({
      available: returned.plus(700000).toFixed(0),
      frozen: '0',
    });
    expect(await userinfo(user)).toMatchObject({ frozen: '0' });
    // The statement: the follow froze the principal (no money moved); the redemption released it with the P&L.
    const lines = (await records(user)).map((r) => ({ amount: r.amount, frozen: r.frozen }));
    expect(lines).toEqual(
      expect.arrayContaining([
        { amount: '0', frozen: '300000' },
        { amount: returned.minus(300000).toFixed(0), frozen: '-300000' },
      ]),
    );
    const inbox = (await call(user, '/user/messages', { lang: 'en' })).body.data.list as Array<{ title: string }>;
    expect(inbox.filter((m) => m.title === 'Follow redeemed')).toHaveLength(1);
    await expectLedgerBalanced(t.app);
  });
});
