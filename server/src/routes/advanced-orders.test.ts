import '../testing/setup';
import { tradePosition, type TradePosition } from 'shared/contract';
import { Decimal, roundMoney } from 'shared/money';
import { expectOrderInvariants, inboxOf } from '../testing/order-invariants';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { balancesOf, expectRefused } from '../testing/money';
import {
  ALL_CLOSED,
  findInstant,
  frozenClock,
  lookAhead,
  placeOrder,
  SHANGHAI_OPEN,
  TOKYO_OPEN,
  trader,
} from '../testing/trade';
import { post, type LoggedIn } from '../testing/users';

const FEE_RATE = new Decimal('0.0005');
const yen = (v: Decimal) => roundMoney(v, 'JPY');
/** Margin + opening fee of a 1× JPY order of `quantity` at `price`. */
const figures = (price: Decimal, quantity: number) => ({
  margin: yen(price.times(quantity)),
  fee: yen(price.times(quantity).times(FEE_RATE)),
});
/** Monday 16 November 2026, 12:00 Tokyo: the lunch break (the afternoon opens at 12:30 = 03:30Z). */
const TOKYO_LUNCH = new Date('2026-11-16T03:00:00Z');
const AFTERNOON_OPEN = new Date('2026-11-16T03:30:00Z');
/** Tuesday 17 November 2026, 08:00 Tokyo: before the open (09:00 = 00:00Z). */
const BEFORE_OPEN = new Date('2026-11-16T23:00:00Z');
/** Monday 16 November 2026, 15:00 Shanghai: its close. */
const SHANGHAI_CLOSE = new Date('2026-11-16T07:00:00Z');
const clock = frozenClock();

describe.each(testBackends())('advanced orders on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0, jobIntervalMs: 0 });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(TOKYO_OPEN));
  afterEach(() => expectOrderInvariants(t.app));

  const ahead = lookAhead();
  const match = () => t.app.trade.matcher.runOnce();
  const position = async (user: LoggedIn, id: number): Promise<TradePosition> => {
    const answer = await post(t.app, '/trade/position', { id: String(id), lang: 'en' }, user.headers);
    expect(answer.body.status).toBe(1);
    return tradePosition.parse(answer.body.data);
  };
  const placed = async (user: LoggedIn & { userId: bigint }, form: Record<string, string>) => {
    const answer = await placeOrder(t.app, user as never, form);
    expect({ status: answer.body.status, msg: answer.body.msg }).toEqual({ status: 1, msg: 'order_placed' });
    return tradePosition.parse(answer.body.data);
  };
  const jpy = async (user: LoggedIn) => (await balancesOf(t.app, user)).JPY!;

  it('waits with a limit order placed at lunch, holding its money; fills it once crossed after the open', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    clock.set(TOKYO_LUNCH);
    const now = ahead.priceAt('jpy', '7203', TOKYO_LUNCH);
    const target = findInstant('jpy', '7203', TOKYO_LUNCH, (p) => p.lt(now), { horizonMs: 3 * 3_600_000 });
    expect(target.at.getTime()).toBeGreaterThanOrEqual(AFTERNOON_OPEN.getTime());
    const limit = target.price;
    const order = await placed(user, { price_type: 'limit', price: limit.toFixed() });
    const { margin, fee } = figures(limit, 100);
    expect(order).toMatchObject({ status: 3, waiting_for_open: true, valid_until: '2026-11-16', order_type: 'normal' });
    expect(await jpy(user)).toEqual({
      available: new Decimal(1000000).minus(margin).minus(fee).toFixed(),
      frozen: margin.plus(fee).toFixed(),
    });
    // At lunch the matcher does nothing (the market is not open).
    expect((await match()).filled).toBe(0);
    expect((await position(user, order.id)).status).toBe(3);
    clock.set(target.at);
    await match();
    expect(await position(user, order.id)).toMatchObject({
      status: 0,
      buy_price: limit.toFixed(),
      margin: margin.toFixed(),
      buy_time: target.at.toISOString(),
      waiting_for_open: false,
    });
    expect(await jpy(user)).toEqual({
      available: new Decimal(1000000).minus(margin).minus(fee).toFixed(),
      frozen: margin.toFixed(),
    });
  });

  it('fills a market order placed before the open at the opening price; the hold difference returns', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    clock.set(BEFORE_OPEN);
    const config = await post(t.app, '/trade/config', { market: 'jpy' }, user.headers);
    expect(config.body.data).toMatchObject({ market_status: 'closed', order_session_date: '2026-11-17' });
    const order = await placed(user, {});
    expect(order).toMatchObject({ status: 3, price_type: 'market', waiting_for_open: true, valid_until: '2026-11-17' });
    // The hold is taken at the session's upper price limit (any price within it may fill).
    const opening = new Date('2026-11-17T00:00:30Z');
    const quote = ahead.quoteAt('jpy', '7203', opening)!;
    expect(order.buy_price).toBe(quote.limit_up);
    const hold = figures(new Decimal(quote.limit_up!), 100);
    expect(await jpy(user)).toEqual({
      available: new Decimal(10000000).minus(hold.margin).minus(hold.fee).toFixed(),
      frozen: hold.margin.plus(hold.fee).toFixed(),
    });
    clock.set(opening);
    await match();
    const open = new Decimal(quote.open);
    const fill = figures(open, 100);
    expect(await position(user, order.id)).toMatchObject({
      status: 0,
      buy_price: open.toFixed(),
      margin: fill.margin.toFixed(),
      fee: fill.fee.toFixed(),
    });
    expect(await jpy(user)).toEqual({
      available: new Decimal(10000000).minus(fill.margin).minus(fill.fee).toFixed(),
      frozen: fill.margin.toFixed(),
    });
  });

  it('refuses a validity before the session or beyond 15 business days after it', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    clock.set(ALL_CLOSED);
    const config = await post(t.app, '/trade/config', { market: 'jpy' }, user.headers);
    expect(config.body.data).toMatchObject({ order_session_date: '2026-11-17', valid_until_max: '2026-12-08' });
    await expectRefused(t.app, user, 'validity_past', () => placeOrder(t.app, user, { valid_until: '2026-11-16' }));
    const beyond = await expectRefused(t.app, user, 'validity_beyond', () =>
      placeOrder(t.app, user, { valid_until: '2026-12-09' }),
    );
    expect(beyond.body.values).toEqual({ max: '2026-12-08' });
    const longest = await placed(user, { valid_until: '2026-12-08' });
    expect(longest.valid_until).toBe('2026-12-08');
    await post(t.app, '/trade/cancel', { id: String(longest.id) }, user.headers);
  });

  it('expires a waiting order after its last date’s close: hold released once, one message', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    clock.set(ALL_CLOSED);
    const quote = ahead.quoteAt('jpy', '7203', new Date('2026-11-17T06:31:00Z'))!;
    // A limit at the next session's lower limit: the day's low stays above it (no fill to race the expiry).
    const next = await post(t.app, '/trade/orders', { market: 'jpy', status: 'pending' }, user.headers);
    expect(next.body.status).toBe(1);
    const order = await placed(user, { price_type: 'limit', price: quote.limit_down! });
    expect(new Decimal(quote.low).gt(quote.limit_down!)).toBe(true);
    expect(order.valid_until).toBe('2026-11-17');
    // During its last session it is still valid.
    clock.set(new Date('2026-11-17T06:00:00Z'));
    await t.app.jobs.runDue();
    expect((await position(user, order.id)).status).toBe(3);
    clock.set(new Date('2026-11-17T06:31:00Z'));
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await position(user, order.id)).toMatchObject({ status: 4, cancel_reason: 'expired' });
    expect(await jpy(user)).toEqual({ available: '1000000', frozen: '0' });
    const expired = (await inboxOf(t.app, user.userId)).filter((m) => m.key === 'order_expired');
    expect(expired).toEqual([
      { key: 'order_expired', values: { code: '7203', order_no: order.order_no, date: '2026-11-17' } },
    ]);
    const inbox = await post(t.app, '/user/messages', { page: '1', size: '10', lang: 'en' }, user.headers);
    expect(inbox.body.data.list[0]).toMatchObject({
      title: 'Order expired',
      body:
        `Your order 7203 (order ${order.order_no}) did not fill by the close on 2026-11-17 and has expired; ` +
        'its held money was released.',
    });
  });

  it('triggers a stop-market order at the price, and refuses a trigger already reached', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const p0 = ahead.priceAt('jpy', '7203', TOKYO_OPEN);
    const refused = await expectRefused(t.app, user, 'trigger_already_reached', () =>
      placeOrder(t.app, user, { order_type: 'stop', trigger_price: p0.toFixed() }),
    );
    expect(refused.body.values).toEqual({ price: p0.toFixed() });
    const up = findInstant('jpy', '7203', TOKYO_OPEN, (p) => p.gt(p0), { horizonMs: 6 * 3_600_000 });
    const order = await placed(user, { order_type: 'stop', trigger_price: up.price.toFixed() });
    expect(order).toMatchObject({ status: 3, order_type: 'stop', trigger_price: up.price.toFixed() });
    await match();
    expect((await position(user, order.id)).status).toBe(3);
    clock.set(up.at);
    await match();
    const filled = await position(user, order.id);
    // Triggered and filled at once: when it triggered is recorded (the order shows it triggered).
    expect(filled).toMatchObject({ status: 0, buy_price: up.price.toFixed(), triggered_at: up.at.toISOString() });
    const { margin, fee } = figures(up.price, 100);
    expect(await jpy(user)).toEqual({
      available: new Decimal(10000000).minus(margin).minus(fee).toFixed(),
      frozen: margin.toFixed(),
    });
    const inbox = await inboxOf(t.app, user.userId);
    expect(inbox.filter((m) => m.key === 'stop_triggered')).toEqual([
      {
        key: 'stop_triggered',
        values: { code: '7203', order_no: order.order_no, price: up.price.toFixed(), trigger: up.price.toFixed() },
      },
    ]);
  });

  it('turns a triggered stop-limit into a limit order that fills at its limit when crossed', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const p0 = ahead.priceAt('jpy', '7203', TOKYO_OPEN);
    // A short stop-limit: triggered when the price falls to the trigger, then a short limit at p0 (above).
    const down = findInstant('jpy', '7203', TOKYO_OPEN, (p) => p.lt(p0), { horizonMs: 6 * 3_600_000 });
    const back = findInstant('jpy', '7203', down.at, (p) => p.gte(p0), { horizonMs: 10 * 86_400_000 });
    const order = await placed(user, {
      side: 'short',
      order_type: 'stop',
      price_type: 'limit',
      price: p0.toFixed(),
      trigger_price: down.price.toFixed(),
      valid_until: '2026-12-07',
    });
    clock.set(down.at);
    await match();
    const triggered = await position(user, order.id);
    expect(triggered).toMatchObject({ status: 3, triggered_at: down.at.toISOString() });
    // Its trigger is spent: it cannot change any more (its limit still can).
    await expectRefused(t.app, user, 'order_not_pending', () =>
      post(
        t.app,
        '/trade/modify',
        { id: String(order.id), trigger_price: down.price.minus(1).toFixed() },
        user.headers,
      ),
    );
    clock.set(back.at);
    await match();
    expect(await position(user, order.id)).toMatchObject({ status: 0, buy_price: p0.toFixed() });
    expect((await inboxOf(t.app, user.userId)).filter((m) => m.key === 'stop_triggered')).toHaveLength(1);
  });

  it('fills an OCO by whichever leg acts first; the other leg cannot act any more', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const p0 = ahead.priceAt('jpy', '7203', TOKYO_OPEN);
    const down = findInstant('jpy', '7203', TOKYO_OPEN, (p) => p.lt(p0), { horizonMs: 6 * 3_600_000 });
    const up = findInstant('jpy', '7203', TOKYO_OPEN, (p) => p.gt(p0), { horizonMs: 6 * 3_600_000 });
    await expectRefused(t.app, user, 'oco_prices_order', () =>
      placeOrder(t.app, user, {
        order_type: 'oco',
        price_type: 'limit',
        price: up.price.plus(1).toFixed(),
        trigger_price: up.price.toFixed(),
      }),
    );
    // A long OCO: limit leg below, stop leg above. A short OCO: limit leg above, stop leg below.
    const long = await placed(user, {
      order_type: 'oco',
      price_type: 'limit',
      price: down.price.toFixed(),
      trigger_price: up.price.toFixed(),
    });
    const short = await placed(user, {
      side: 'short',
      order_type: 'oco',
      price_type: 'limit',
      price: up.price.toFixed(),
      trigger_price: down.price.toFixed(),
    });
    const [first, later] = down.at < up.at ? [down, up] : [up, down];
    clock.set(first.at);
    await match();
    const longLeg = first === down ? 'limit' : 'stop';
    const shortLeg = first === down ? 'stop' : 'limit';
    const filledLong = await position(user, long.id);
    const filledShort = await position(user, short.id);
    expect(filledLong).toMatchObject({ status: 0, filled_leg: longLeg, buy_price: first.price.toFixed() });
    expect(filledShort).toMatchObject({ status: 0, filled_leg: shortLeg, buy_price: first.price.toFixed() });
    // The stop leg that filled records when it triggered; the limit leg's order never triggered.
    const triggeredAt = (leg: string) => (leg === 'stop' ? first.at.toISOString() : null);
    expect([filledLong.triggered_at, filledShort.triggered_at]).toEqual([triggeredAt(longLeg), triggeredAt(shortLeg)]);
    clock.set(later.at);
    await match();
    expect(await position(user, long.id)).toMatchObject({
      status: 0,
      filled_leg: longLeg,
      buy_price: first.price.toFixed(),
    });
    expect(await position(user, short.id)).toMatchObject({ status: 0, filled_leg: shortLeg });
    // The trading messages (binding the card at set-up wrote a security notice of its own).
    const inbox = (await inboxOf(t.app, user.userId))
      .map((m) => m.key)
      .filter((key) => !key.startsWith('security_'))
      .sort();
    // Each fill also writes its fill notice (issue 33 point 3), under the leg's message.
    expect(inbox).toEqual(['oco_limit_filled', 'oco_stop_filled', 'order_filled_open_long', 'order_filled_open_short']);
    const listed = await post(t.app, '/user/messages', { page: '1', size: '10', lang: 'en' }, user.headers);
    const titles = (listed.body.data as { list: Array<{ title: string }> }).list.map((m) => m.title);
    expect(titles.filter((title) => !title.startsWith('Order filled:'))).toEqual([
      'OCO order filled',
      'OCO order filled',
      'A withdrawal card was added',
    ]);
    expect(titles[0]).toBe('OCO order filled');
    expect(titles.filter((title) => title.startsWith('Order filled:')).sort()).toEqual([
      'Order filled: buy to open',
      'Order filled: sell short to open',
    ]);
  });

  it('closes a position at its take profit or stop loss (closed_by, inbox); wrong-side exits refused', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const p0 = ahead.priceAt('jpy', '7203', TOKYO_OPEN);
    const down = findInstant('jpy', '7203', TOKYO_OPEN, (p) => p.lt(p0), { horizonMs: 6 * 3_600_000 });
    const up = findInstant('jpy', '7203', TOKYO_OPEN, (p) => p.gt(p0), { horizonMs: 6 * 3_600_000 });
    const side = await expectRefused(t.app, user, 'take_profit_side', () =>
      placeOrder(t.app, user, { take_profit: down.price.toFixed() }),
    );
    expect(side.body.values).toEqual({ price: p0.toFixed() });
    await expectRefused(t.app, user, 'stop_loss_side', () =>
      placeOrder(t.app, user, { stop_loss: up.price.toFixed() }),
    );
    const order = await placed(user, { take_profit: up.price.toFixed(), stop_loss: down.price.toFixed() });
    expect(order).toMatchObject({ status: 0, take_profit: up.price.toFixed(), stop_loss: down.price.toFixed() });
    const first = down.at < up.at ? down : up;
    const reason = first === down ? 'stop_loss' : 'take_profit';
    clock.set(first.at);
    await match();
    const closed = await position(user, order.id);
    expect(closed).toMatchObject({ status: 2, closed_by: reason, sell_price: first.price.toFixed() });
    const messages = (await inboxOf(t.app, user.userId)).filter((m) => m.key === reason);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.values).toMatchObject({
      code: '7203',
      order_no: order.order_no,
      exit: first.price.toFixed(),
      price: first.price.toFixed(),
    });
    // Another pass acts no more.
    await match();
    expect((await inboxOf(t.app, user.userId)).filter((m) => m.key === reason)).toHaveLength(1);
  });

  it('keeps a stop loss waiting on China’s T+1 day and closes the position by it the next trading day', async () => {
    const user = await trader(t.app, { CNY: '10000000' });
    clock.set(SHANGHAI_OPEN);
    const p0 = ahead.priceAt('cny', '600519', SHANGHAI_OPEN);
    const down = findInstant('cny', '600519', SHANGHAI_OPEN, (p) => p.lt(p0), { horizonMs: 5 * 3_600_000 });
    expect(down.at < SHANGHAI_CLOSE).toBe(true);
    const order = await placed(user, { market: 'cny', code: '600519', stop_loss: down.price.toFixed() });
    clock.set(down.at);
    await match();
    expect(await position(user, order.id)).toMatchObject({ status: 0, closable: false });
    const later = findInstant('cny', '600519', SHANGHAI_CLOSE, (p) => p.lte(down.price), {
      horizonMs: 20 * 86_400_000,
    });
    clock.set(later.at);
    await match();
    expect(await position(user, order.id)).toMatchObject({ status: 2, closed_by: 'stop_loss' });
    const keys = (await inboxOf(t.app, user.userId)).map((m) => m.key);
    // The opening fill's notice, then the close's, then why it closed (issue 33 point 3).
    expect(keys.filter((key) => !key.startsWith('security_'))).toEqual([
      'order_filled_open_long',
      'order_filled_close_long',
      'stop_loss',
    ]);
  });
});
