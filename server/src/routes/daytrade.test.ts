import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type DayTrade } from 'shared/contract';
import { Decimal } from 'shared/money';
import { queryRows } from '../db/query';
import { configureMoneyLimiter } from '../security/money-limiter';
import { registerAdmin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { FUND_PASSWORD, expectLedgerBalanced, expectRefused } from '../testing/money';
import { ALL_CLOSED, frozenClock, TOKYO_OPEN, trader, type Trader } from '../testing/trade';
import { post, registerAndLogin, type LoggedIn } from '../testing/users';

/** TOKYO_OPEN is Monday 16 November 2026, 10:00 Tokyo; ALL_CLOSED 16:30 Tokyo (after the 15:30 close). */
const clock = frozenClock();
const DAY = 86_400_000;

describe.each(testBackends())('day trading on $name', (backend) => {
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

  const call = (user: LoggedIn, path: string, form: Record<string, string> = {}, headers = {}) =>
    post(t.app, path, form, { ...user.headers, ...headers });
  const apply = (user: LoggedIn, amount: string, market = 'jpy', headers = {}) =>
    call(user, '/daytrade/apply', { market, amount, fund_password: FUND_PASSWORD }, headers);
  const applied = async (user: LoggedIn, amount: string): Promise<DayTrade> => {
    const answer = await apply(user, amount);
    expect([answer.body.status, answer.body.msg]).toEqual([1, 'day_trade_applied']);
    return ENDPOINTS.dayTradeApply.data.parse(answer.body.data);
  };
  const review = async (id: number, action: 'approve' | 'reject', reason = '') => {
    const answer = await call(admin, '/admin/dayTradeReview', { id: String(id), action, reason });
    expect(answer.body).toMatchObject({ status: 1, msg: 'review_done' });
    return ENDPOINTS.adminDayTradeReview.data.parse(answer.body.data);
  };
  const current = async (user: LoggedIn) => {
    const list = ENDPOINTS.dayTradeCurrent.data.parse(
      (await call(user, '/daytrade/current', { lang: 'en' })).body.data,
    );
    return list.find((c) => c.market === 'jpy')!;
  };
  const order = (user: LoggedIn, id: number, form: Record<string, string>, headers = {}) =>
    call(user, '/daytrade/order', { id: String(id), code: '7203', side: 'long', ...form }, headers);
  const userinfo = async (user: LoggedIn) =>
    (await call(user, '/user/getUserinfo', { type: 'jpy' })).body.data as { jpy: string; frozen: string };
  const inbox = async (user: LoggedIn) =>
    ((await call(user, '/user/messages', { lang: 'en' })).body.data.list as Array<{ title: string; body: string }>).map(
      (m) => m.title,
    );
  /** A funded trader who acknowledged the leverage and the day-trading risk disclosures. */
  const dayTrader = async (funds: { JPY?: string; CNY?: string } = { JPY: '1000000' }) => {
    const user = await trader(t.app, funds);
    const ack = await call(user, '/trade/riskAck', { version: '1', kind: 'day_trade' });
    expect(ack.body.status).toBe(1);
    return user;
  };
  const approvedApplication = async (user: Trader, amount = '200000') => {
    const app = await applied(user, amount);
    return review(app.id, 'approve');
  };

  it('answers the terms: multiple, minimums, China closed (T+1), the trade date and session', async () => {
    const user = await dayTrader();
    const config = ENDPOINTS.dayTradeConfig.data.parse((await call(user, '/daytrade/config')).body.data);
    expect(config).toMatchObject({ multiple: '5', risk_disclosure_required: true, risk_acknowledged: true });
    const jpy = config.markets.find((m) => m.market === 'jpy')!;
    expect(jpy).toMatchObject({ allowed: true, min_participation: '100000', trade_date: '2026-11-16' });
    expect(jpy.session_closes).toBe('2026-11-16T06:30:00.000Z');
    expect(config.markets.find((m) => m.market === 'cny')).toMatchObject({
      allowed: false,
      refusal: 'day_trade_market_t_plus_one',
    });
    clock.set(ALL_CLOSED);
    const later = ENDPOINTS.dayTradeConfig.data.parse((await call(user, '/daytrade/config')).body.data);
    expect(later.markets.find((m) => m.market === 'jpy')!.trade_date).toBe('2026-11-17');
  });

  it('refuses China (T+1), below the minimum, beyond the balance, no disclosure, unverified', async () => {
    const user = await dayTrader({ JPY: '150000', CNY: '100000' });
    await expectRefused(t.app, user, 'day_trade_market_t_plus_one', () => apply(user, '10000', 'cny'));
    const below = await expectRefused(t.app, user, 'day_trade_min_participation', () => apply(user, '99999'));
    expect(below.body.values).toEqual({ min: expect.stringContaining('100,000') });
    await expectRefused(t.app, user, 'insufficient_balance', () => apply(user, '200000'));
    await expectRefused(t.app, user, 'fund_password_wrong', () =>
      call(user, '/daytrade/apply', { market: 'jpy', amount: '100000', fund_password: '000000' }),
    );
    const unacknowledged = await trader(t.app, { JPY: '500000' });
    await expectRefused(t.app, unacknowledged, 'risk_disclosure_required', () => apply(unacknowledged, '100000'));
    const unverified = await registerAndLogin(t.app);
    const refused = await call(unverified, '/daytrade/apply', {
      market: 'jpy',
      amount: '100000',
      fund_password: FUND_PASSWORD,
    });
    expect(refused.body).toMatchObject({ status: 0, msg: 'realname_required' });
  });

  it('holds the participation (frozen), one application per market and day, idempotent', async () => {
    const user = await dayTrader({ JPY: '500000' });
    const first = await apply(user, '200000', 'jpy', { 'idempotency-key': 'daytrade-apply-1' });
    const again = await apply(user, '200000', 'jpy', { 'idempotency-key': 'daytrade-apply-1' });
    expect(again.body.data).toEqual(first.body.data);
    expect(first.body.data).toMatchObject({ status: 'submitted', participation: '200000', allowance: '1000000' });
    expect(await userinfo(user)).toMatchObject({ jpy: '300000', frozen: '200000' });
    const dup = await expectRefused(t.app, user, 'day_trade_already_applied', () => apply(user, '100000'));
    expect(dup.body.values).toEqual({ date: '2026-11-16' });
    // Not approved yet: no order.
    await expectRefused(t.app, user, 'day_trade_not_active', () => order(user, first.body.data.id, { quantity: '1' }));
  });

  it('a rejection releases the participation and tells the user why', async () => {
    const user = await dayTrader({ JPY: '300000' });
    const app = await applied(user, '100000');
    const rejected = await review(app.id, 'reject', 'documents missing');
    expect(rejected).toMatchObject({ status: 'failed', failed_reason: 'rejected', review_note: 'documents missing' });
    expect(await userinfo(user)).toMatchObject({ jpy: '300000', frozen: '0' });
    expect(await inbox(user)).toContain('Day trading not approved');
    const again = await call(admin, '/admin/dayTradeReview', { id: String(app.id), action: 'approve' });
    expect(again.body).toMatchObject({ status: 0, msg: 'review_already_done' });
    // A failed application does not block a new one the same day.
    expect((await apply(user, '100000')).body.status).toBe(1);
    await expectLedgerBalanced(t.app);
  });

  it('trades within the allowance, refuses beyond it naming the remaining, settles at the close', async () => {
    const user = await dayTrader({ JPY: '1000000' });
    const app = await approvedApplication(user, '200000');
    expect(app).toMatchObject({ status: 'applied', allowance: '1000000', remaining: '1000000' });
    expect(await inbox(user)).toContain('Day trading approved');

    const first = await order(user, app.id, { quantity: '100' }, { 'idempotency-key': 'daytrade-order-1' });
    expect(first.body).toMatchObject({ status: 1, msg: 'order_placed' });
    const position = ENDPOINTS.dayTradeOrder.data.parse(first.body.data);
    expect(position).toMatchObject({ leverage: 5, state: 'holding' });
    const price = new Decimal(position.buy_price);
    let now = await current(user);
    expect(now.application).toMatchObject({ status: 'in_trade', used: price.times(100).toFixed() });
    const remaining = new Decimal(now.application!.remaining);
    expect(remaining.toFixed()).toBe(new Decimal(1_000_000).minus(price.times(100)).toFixed());
    // Frozen = the participation's hold + the position's margin: still the participation's money, less the fee.
    const info = await userinfo(user);
    expect(new Decimal(info.jpy).plus(info.frozen).toFixed()).toBe(
      new Decimal(1_000_000).minus(position.fee).toFixed(),
    );

    const tooMany = remaining.dividedBy(price).floor().plus(1).toFixed();
    const beyond = await expectRefused(t.app, user, 'day_trade_allowance_exceeded', () =>
      order(user, app.id, { quantity: tooMany }),
    );
    expect(beyond.body.values).toEqual({ remaining: expect.any(String) });

    // A second position, closed by the user during the day (the matcher settles it at market).
    const second = ENDPOINTS.dayTradeOrder.data.parse(
      (await order(user, app.id, { quantity: '50', side: 'short' })).body.data,
    );
    const closed = await call(user, '/daytrade/close', { id: String(second.id), lang: 'en' });
    expect(closed.body).toMatchObject({ status: 1, msg: 'sell_success' });
    // Named in the reader's language, as the stock's English name (not the default zh-CN one).
    const english = (await call(user, '/stock/detail', { code: '7203', market: 'jpy', lang: 'en' })).body.data as {
      name: string;
    };
    expect((closed.body.data as { name: string }).name).toBe(english.name);
    expect(english.name).not.toMatch(/[\u3040-\u9fff]/);
    const beforeSettle = await userinfo(user);
    expect(beforeSettle.frozen).toBe('200000');
    await t.app.trade.matcher.runOnce();
    // Its margin went back into the participation (re-held in the matcher's transaction), not to available: frozen
    // is still the participation, available moved only by the closed position's P&L and closing fee.
    const afterSettle = await userinfo(user);
    expect(afterSettle.frozen).toBe('200000');
    const shortClosed = (await current(user)).positions.find((p) => p.id === second.id)!;
    expect(shortClosed.state).toBe('closed');
    expect(new Decimal(afterSettle.jpy).minus(beforeSettle.jpy).toFixed()).toBe(
      new Decimal(shortClosed.yingkui).minus(shortClosed.close_fee!).toFixed(),
    );
    // An ordinary order is not a day-trade position.
    const plain = await post(
      t.app,
      '/trade/order',
      { market: 'jpy', code: '6758', side: 'long', quantity: '1', leverage: '1' },
      user.headers,
    );
    expect(plain.body.status).toBe(1);
    expect((await call(user, '/daytrade/close', { id: String(plain.body.data.id) })).body.msg).toBe('not_found');

    // After the close: the first position closed at the day's close, the day settled.
    clock.set(ALL_CLOSED);
    await t.app.jobs.runDue();
    now = await current(user);
    const settled = now.application!;
    expect(settled.status).toBe('filled');
    const positions = now.positions.filter((p) => p.state === 'closed');
    expect(positions).toHaveLength(2);
    // The position left open was closed at the day's close (the day candle /stock/candles answers).
    const candles = ENDPOINTS.stockCandles.data.parse(
      (await call(user, '/stock/candles', { code: '7203', market: 'jpy', period: 'day', limit: '5' })).body.data,
    ).list;
    const dayClose = candles.find((c) => c.date === '2026-11-16')!.close;
    expect(positions.find((p) => p.id === position.id)!.sell_price).toBe(new Decimal(dayClose).toFixed());
    const realised = positions.reduce((s, p) => s.plus(p.yingkui), new Decimal(0));
    const fees = positions.reduce((s, p) => s.plus(p.fee).plus(p.close_fee ?? 0), new Decimal(0));
    expect(settled).toMatchObject({
      realised_pnl: realised.toFixed(),
      fees: fees.toFixed(),
      pnl: realised.minus(fees).toFixed(),
      used: '0',
      remaining: '0',
    });
    const list = ENDPOINTS.dayTradeList.data.parse((await call(user, '/daytrade/list', {})).body.data).list;
    expect(list.find((d) => d.id === app.id)).toMatchObject({ status: 'filled', pnl: settled.pnl });
    // Everything released: the balance moved by the day's P&L and the plain order only.
    const after = await userinfo(user);
    const plainCost = new Decimal(plain.body.data.margin).plus(plain.body.data.fee);
    expect(new Decimal(after.jpy).plus(plainCost).toFixed()).toBe(new Decimal(1_000_000).plus(settled.pnl).toFixed());
    expect(after.frozen).toBe(new Decimal(plain.body.data.margin).toFixed());
    expect(await inbox(user)).toContain('Day trading settled');
    // The statement: every move of the day (participation, orders, margins, P&L, fees) under the application's
    // number, as day-trade lines; their amounts add up to the day's P&L after fees and nothing stays frozen. The
    // settlement is one line (the releases folded in): the last position's P&L less its closing fee.
    const statement = ENDPOINTS.records.data.parse((await call(user, '/funds/records', { size: '50' })).body.data).list;
    const day = statement.filter((r) => r.order_no === app.order_no);
    expect(new Set(day.map((r) => r.type))).toEqual(new Set(['day_trade']));
    expect(day.reduce((s, r) => s.plus(r.amount), new Decimal(0)).toFixed()).toBe(settled.pnl);
    expect(day.reduce((s, r) => s.plus(r.frozen), new Decimal(0)).toFixed()).toBe('0');
    expect(statement.some((r) => positions.some((p) => p.order_no === r.order_no))).toBe(false);
    const last = positions.find((p) => p.id === position.id)!;
    expect(day[0]).toMatchObject({
      time: ALL_CLOSED.toISOString(),
      amount: new Decimal(last.yingkui).minus(last.close_fee!).toFixed(),
      frozen: new Decimal(-200000).toFixed(),
    });
    // Once settled: no more orders.
    await expectRefused(t.app, user, 'day_trade_not_active', () => order(user, app.id, { quantity: '1' }));
    await expectLedgerBalanced(t.app);
  });

  it('refuses a day-trade order while trading is barred, naming the operator’s reason', async () => {
    const user = await dayTrader({ JPY: '1000000' });
    const app = await approvedApplication(user, '200000');
    const flags = { account: user.account, trade_disabled: '1', reason: 'Suspected market abuse' };
    expect((await call(admin, '/admin/userFlags', flags)).body.status).toBe(1);
    const refused = await expectRefused(t.app, user, 'trading_disabled', () =>
      order(user, app.id, { quantity: '100' }),
    );
    expect(refused.body.values).toEqual({ reason: 'Suspected market abuse' });
    await expectLedgerBalanced(t.app);
  });

  it('refuses an application while trading is barred, with the operator’s reason: nothing held, no row', async () => {
    const user = await dayTrader({ JPY: '1000000' });
    const flags = { account: user.account, trade_disabled: '1', reason: 'Suspected market abuse' };
    expect((await call(admin, '/admin/userFlags', flags)).body.status).toBe(1);
    const refused = await expectRefused(t.app, user, 'trading_disabled', () => apply(user, '200000'));
    expect(refused.body.values).toEqual({ reason: 'Suspected market abuse' });
    expect((await current(user)).application).toBeNull();
    expect(await userinfo(user)).toMatchObject({ jpy: '1000000', frozen: '0' });
    const rows = await t.app.db.tx((tx) =>
      queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM day_trades WHERE user_id = ${user.userId}`),
    );
    expect(rows[0]!.n).toBe(0);
    await expectLedgerBalanced(t.app);
  });

  it('refuses a withdrawal while a day-trade application waits for review; allowed once it is decided', async () => {
    const withdraw = (user: Trader) =>
      call(user, '/user/withdraw', {
        amount: '30000',
        currency: 'JPY',
        card_id: String(user.cardId),
        fund_password: FUND_PASSWORD,
      });
    for (const action of ['reject', 'approve'] as const) {
      const user = await dayTrader({ JPY: '1000000' });
      const app = await applied(user, '200000');
      await expectRefused(t.app, user, 'order_under_review', () => withdraw(user));
      expect(await userinfo(user)).toMatchObject({ jpy: '800000', frozen: '200000' });
      await review(app.id, action, action === 'reject' ? 'Participation not approved today' : '');
      const done = await withdraw(user);
      expect(done.body).toMatchObject({ status: 1, msg: 'withdraw_success' });
    }
    await expectLedgerBalanced(t.app);
  });

  it('cancels a pending day-trade order: its hold goes back into the participation, never to available', async () => {
    const user = await dayTrader({ JPY: '1000000' });
    const app = await approvedApplication(user, '200000');
    const quote = (await call(user, '/stock/detail', { code: '7203', market: 'jpy' })).body.data as {
      price: string;
      limit_down: string;
    };
    // A limit at today's lower limit: it waits (pending), its hold is margin + fee.
    const placed = await order(user, app.id, { quantity: '100', price_type: 'limit', price: quote.limit_down });
    expect(placed.body).toMatchObject({ status: 1, msg: 'order_placed' });
    const pending = ENDPOINTS.dayTradeOrder.data.parse(placed.body.data);
    expect(pending.state).toBe('pending');
    const before = await userinfo(user);
    expect(before).toMatchObject({ jpy: '800000', frozen: '200000' });
    expect((await current(user)).application).toMatchObject({
      used: new Decimal(quote.limit_down).times(100).toFixed(),
    });

    // Not the owner's, not a day-trade order, not pending: refused, nothing moves.
    const intruder = await dayTrader({ JPY: '1000000' });
    await expectRefused(t.app, intruder, 'not_found', () =>
      call(intruder, '/daytrade/cancel', { id: String(pending.id) }),
    );
    const plain = await post(
      t.app,
      '/trade/order',
      { market: 'jpy', code: '6758', side: 'long', quantity: '1', leverage: '1' },
      user.headers,
    );
    expect(plain.body.status).toBe(1);
    await expectRefused(t.app, user, 'not_found', () =>
      call(user, '/daytrade/cancel', { id: String(plain.body.data.id) }),
    );
    const holding = ENDPOINTS.dayTradeOrder.data.parse((await order(user, app.id, { quantity: '10' })).body.data);
    await expectRefused(t.app, user, 'order_not_holding', () =>
      call(user, '/daytrade/cancel', { id: String(holding.id) }),
    );
    const mid = await userinfo(user);

    const cancelled = await call(user, '/daytrade/cancel', { id: String(pending.id), lang: 'en' });
    expect(cancelled.body).toMatchObject({ status: 1, msg: 'order_cancelled', data: { state: 'cancelled' } });
    // The pending order's hold went back into the participation: available and frozen are what they were.
    expect(await userinfo(user)).toEqual(mid);
    const now = await current(user);
    expect(now.application).toMatchObject({ used: new Decimal(holding.buy_price).times(10).toFixed() });
    expect(now.positions.find((p) => p.id === pending.id)!.state).toBe('cancelled');
    const [hold] = await t.app.db.tx((tx) =>
      queryRows<{ amount: string }>(
        tx,
        sql`SELECT h.amount::text FROM day_trades d JOIN ledger_holds h ON h.id = d.hold_id
            WHERE d.id = ${app.id} AND h.status = 'pending'`,
      ),
    );
    expect(new Decimal(hold!.amount).plus(holding.margin).toFixed()).toBe('200000');
    await expectRefused(t.app, user, 'order_not_holding', () =>
      call(user, '/daytrade/cancel', { id: String(pending.id) }),
    );
    await expectLedgerBalanced(t.app);
  });

  it('a limit order for the whole allowance holds the participation as margin, its fee from free money', async () => {
    const quote = (await call(admin, '/stock/detail', { code: '7203', market: 'jpy' })).body.data as {
      limit_down: string;
    };
    // 500 shares at the lower limit: a notional of exactly 5 × the participation, so the margin is all of it.
    const participation = new Decimal(quote.limit_down).times(100);
    const wholeAllowance = { quantity: '500', price_type: 'limit', price: quote.limit_down };
    expect(participation.gte(100_000)).toBe(true);

    // No free money beside the participation: the fee cannot be held, refused, nothing moves.
    const poor = await dayTrader({ JPY: participation.toFixed() });
    const poorApp = await approvedApplication(poor, participation.toFixed());
    const poorBefore = await userinfo(poor);
    expect(poorBefore).toMatchObject({ jpy: '0', frozen: participation.toFixed() });
    await expectRefused(t.app, poor, 'insufficient_balance', () => order(poor, poorApp.id, wholeAllowance));
    expect(await userinfo(poor)).toEqual(poorBefore);

    const user = await dayTrader({ JPY: '1000000' });
    const app = await approvedApplication(user, participation.toFixed());
    const placed = await order(user, app.id, wholeAllowance);
    expect(placed.body).toMatchObject({ status: 1, msg: 'order_placed' });
    const pending = ENDPOINTS.dayTradeOrder.data.parse(placed.body.data);
    expect(pending).toMatchObject({ state: 'pending', margin: participation.toFixed() });
    expect(new Decimal(pending.fee).isPositive()).toBe(true);
    // The order holds margin + fee; the participation hold is gone (the orders hold all of it); the fee came
    // from the free money, as a market order's fee is paid.
    const info = await userinfo(user);
    expect(info).toMatchObject({
      frozen: participation.plus(pending.fee).toFixed(),
      jpy: new Decimal(1_000_000).minus(participation).minus(pending.fee).toFixed(),
    });
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ hold_id: string | null }>(tx, sql`SELECT hold_id::text FROM day_trades WHERE id = ${app.id}`),
    );
    expect(row!.hold_id).toBeNull();
    expect((await current(user)).application).toMatchObject({ remaining: '0' });

    // Cancelled: the participation is held again in full, the fee's hold goes back to the free money.
    const cancelled = await call(user, '/daytrade/cancel', { id: String(pending.id) });
    expect(cancelled.body).toMatchObject({ status: 1, msg: 'order_cancelled' });
    expect(await userinfo(user)).toMatchObject({
      frozen: participation.toFixed(),
      jpy: new Decimal(1_000_000).minus(participation).toFixed(),
    });
    await expectLedgerBalanced(t.app);
  });

  it('an approved application never used lapses after the close, participation released', async () => {
    const user = await dayTrader({ JPY: '300000' });
    const app = await approvedApplication(user, '100000');
    const pending = await applied(await dayTrader({ JPY: '300000' }), '100000');
    clock.set(new Date(ALL_CLOSED.getTime() + DAY));
    await t.app.jobs.runDue();
    const [row] = ENDPOINTS.dayTradeList.data.parse((await call(user, '/daytrade/list', {})).body.data).list;
    expect(row).toMatchObject({ id: app.id, status: 'failed', failed_reason: 'expired' });
    expect(await userinfo(user)).toMatchObject({ jpy: '300000', frozen: '0' });
    expect(await inbox(user)).toContain('Day-trading application lapsed');
    const [status] = await t.app.db.tx((tx) =>
      queryRows<{ status: string }>(tx, sql`SELECT status FROM day_trades WHERE id = ${pending.id}`),
    );
    expect(status!.status).toBe('failed');
    await expectLedgerBalanced(t.app);
  });

  it('another user can neither see, trade on nor close an application or position of the owner', async () => {
    const owner = await dayTrader({ JPY: '1000000' });
    const app = await approvedApplication(owner, '100000');
    const placed = await order(owner, app.id, { quantity: '10' });
    expect(placed.body.status).toBe(1);
    const intruder = await dayTrader({ JPY: '1000000' });
    await expectRefused(t.app, intruder, 'not_found', () => order(intruder, app.id, { quantity: '1' }));
    await expectRefused(t.app, intruder, 'not_found', () =>
      call(intruder, '/daytrade/close', { id: String(placed.body.data.id) }),
    );
    const list = ENDPOINTS.dayTradeList.data.parse((await call(intruder, '/daytrade/list', {})).body.data);
    expect(list.total).toBe(0);
    expect((await current(intruder)).application).toBeNull();
    expect((await current(owner)).positions.map((p) => p.state)).toEqual(['holding']);
  });

  it('the back office lists applications; reviews need the admin role', async () => {
    const user = await dayTrader({ JPY: '200000' });
    const app = await applied(user, '100000');
    const list = (await call(admin, '/admin/dayTrades', { status: 'submitted' })).body.data.list as Array<{
      id: number;
    }>;
    expect(list.map((r) => r.id)).toContain(app.id);
    const denied = await call(user, '/admin/dayTradeReview', { id: String(app.id), action: 'approve' });
    expect(denied.body.status).toBe(0);
  });
});
