import '../testing/setup';
import { sql } from 'drizzle-orm';
import { tradePosition } from 'shared/contract';
import { Decimal, roundMoney } from 'shared/money';
import { STOCKS } from '../modules/market/universe';
import { expectOrderInvariants, inboxOf } from '../testing/order-invariants';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { balancesOf, expectRefused } from '../testing/money';
import { findInstant, frozenClock, lookAhead, placeOrder, TOKYO_OPEN, trader, type Trader } from '../testing/trade';
import { post, type Answer, type LoggedIn } from '../testing/users';

const FEE_RATE = new Decimal('0.0005');
const held = (price: Decimal.Value, quantity: number, currency: 'JPY' | 'USD' = 'JPY') => {
  const notional = new Decimal(price).times(quantity);
  return roundMoney(notional, currency).plus(roundMoney(notional.times(FEE_RATE), currency));
};
/** Monday 16 November 2026, New York 09:00 (before its 09:30 open = 14:30Z). */
const NY_BEFORE_OPEN = new Date('2026-11-16T14:00:00Z');
const NY_OPENING = new Date('2026-11-16T14:30:30Z');
const clock = frozenClock();
const KEY = `modify-${Date.now().toString(36)}-0001`;

describe.each(testBackends())('modifying orders and exits on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0, jobIntervalMs: 0 });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(TOKYO_OPEN));
  afterEach(() => expectOrderInvariants(t.app));

  const ahead = lookAhead();
  const placed = async (user: Trader, form: Record<string, string>) => {
    const answer = await placeOrder(t.app, user, form);
    expect({ status: answer.body.status, msg: answer.body.msg }).toEqual({ status: 1, msg: 'order_placed' });
    return tradePosition.parse(answer.body.data);
  };
  const modify = (user: LoggedIn, form: Record<string, string>, headers: Record<string, string> = {}) =>
    post(t.app, '/trade/modify', form, { ...user.headers, ...headers });
  const exits = (user: LoggedIn, form: Record<string, string>) => post(t.app, '/trade/exits', form, user.headers);
  const data = (answer: Answer) => tradePosition.parse(answer.body.data);
  const jpy = async (user: LoggedIn) => (await balancesOf(t.app, user)).JPY!;

  it('modifies a waiting order’s price and quantity with its hold; a refused modify changes nothing', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    const quote = ahead.quoteAt('jpy', '7203', TOKYO_OPEN)!;
    const low = new Decimal(quote.limit_down!);
    const order = await placed(user, { price_type: 'limit', price: low.toFixed() });
    expect(await jpy(user)).toEqual({
      available: new Decimal(1000000).minus(held(low, 100)).toFixed(),
      frozen: held(low, 100).toFixed(),
    });
    const id = String(order.id);
    const higher = low.plus(10);
    const changed = await modify(user, { id, price: higher.toFixed(), quantity: '200' }, { 'Idempotency-Key': KEY });
    expect(changed.body).toMatchObject({ status: 1, msg: 'order_modified' });
    expect(data(changed)).toMatchObject({ status: 3, limit_price: higher.toFixed(), stock_num: '200' });
    const after = {
      available: new Decimal(1000000).minus(held(higher, 200)).toFixed(),
      frozen: held(higher, 200).toFixed(),
    };
    expect(await jpy(user)).toEqual(after);
    // The same key replays the first answer: the hold moved once.
    const replay = await modify(user, { id, price: higher.toFixed(), quantity: '200' }, { 'Idempotency-Key': KEY });
    expect(replay.body).toMatchObject({ status: 1, msg: 'order_modified' });
    expect(await jpy(user)).toEqual(after);
    await expectRefused(t.app, user, 'nothing_to_change', () => modify(user, { id, price: higher.toFixed() }));
    await expectRefused(t.app, user, 'insufficient_balance', () => modify(user, { id, quantity: '100000' }));
    await expectRefused(t.app, user, 'price_beyond_limit', () => modify(user, { id, price: low.minus(100).toFixed() }));
    expect(await jpy(user)).toEqual(after);
    const unchanged = data(await post(t.app, '/trade/position', { id }, user.headers));
    expect(unchanged).toMatchObject({ limit_price: higher.toFixed(), stock_num: '200' });
    await post(t.app, '/trade/cancel', { id }, user.headers);
    await expectRefused(t.app, user, 'order_not_pending', () => modify(user, { id, price: low.toFixed() }));
    expect(await jpy(user)).toEqual({ available: '1000000', frozen: '0' });
  });

  it('modifies a stop trigger, refusing one already reached', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const p0 = ahead.priceAt('jpy', '7203', TOKYO_OPEN);
    const up = findInstant('jpy', '7203', TOKYO_OPEN, (p) => p.gt(p0), { horizonMs: 6 * 3_600_000 });
    const order = await placed(user, { order_type: 'stop', trigger_price: up.price.plus(20).toFixed() });
    const id = String(order.id);
    await expectRefused(t.app, user, 'trigger_already_reached', () =>
      modify(user, { id, trigger_price: p0.toFixed() }),
    );
    const moved = await modify(user, { id, trigger_price: up.price.toFixed() });
    expect(data(moved)).toMatchObject({ trigger_price: up.price.toFixed(), status: 3 });
    await post(t.app, '/trade/cancel', { id }, user.headers);
  });

  it('sets and clears the exits of a holding position and a waiting order; refuses the wrong side', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const p0 = ahead.priceAt('jpy', '7203', TOKYO_OPEN);
    const position = await placed(user, {});
    const id = String(position.id);
    const above = p0.plus(100).toFixed();
    const below = p0.minus(100).toFixed();
    const saved = await exits(user, { id, take_profit: above, stop_loss: below });
    expect(saved.body).toMatchObject({ status: 1, msg: 'exits_saved' });
    expect(data(saved)).toMatchObject({ take_profit: above, stop_loss: below });
    const wrong = await expectRefused(t.app, user, 'take_profit_side', () => exits(user, { id, take_profit: below }));
    expect(wrong.body.values).toEqual({ price: p0.toFixed() });
    await expectRefused(t.app, user, 'stop_loss_side', () => exits(user, { id, stop_loss: above }));
    const cleared = await exits(user, { id, take_profit: '' });
    expect(data(cleared)).toMatchObject({ take_profit: null, stop_loss: below });
    // A waiting order's exits are checked against its limit.
    const quote = ahead.quoteAt('jpy', '7203', TOKYO_OPEN)!;
    const pending = await placed(user, { price_type: 'limit', price: quote.limit_down! });
    await expectRefused(t.app, user, 'stop_loss_side', () =>
      exits(user, { id: String(pending.id), stop_loss: new Decimal(quote.limit_down!).plus(1).toFixed() }),
    );
    await post(t.app, '/trade/cancel', { id: String(pending.id) }, user.headers);
    await expectRefused(t.app, user, 'order_not_holding', () =>
      exits(user, { id: String(pending.id), take_profit: above }),
    );
    await post(t.app, '/trade/close', { id }, user.headers);
    await expectRefused(t.app, user, 'order_not_holding', () => exits(user, { id, take_profit: above }));
  });

  it('cancels an order whose fill needs more than the balance (unfunded): hold released, one message', async () => {
    // A US stock whose Monday open is above Friday's close: a market order held at that close fills higher.
    const code = STOCKS.usd
      .map((s) => s.code)
      .find((c) => {
        const q = ahead.quoteAt('usd', c, NY_OPENING);
        return q && q.kind === 'stock' && new Decimal(q.open).gt(q.prev_close);
      })!;
    expect(code).toBeDefined();
    const reference = ahead.priceAt('usd', code, NY_BEFORE_OPEN);
    clock.set(NY_BEFORE_OPEN);
    // Where a market has no price limits the hold is at the reference price × (1 + market_order_buffer).
    const rich = await trader(t.app, { USD: '100000' });
    const buffered = await placed(rich, { market: 'usd', code, quantity: '1' });
    expect(buffered.buy_price).toBe(reference.times('1.1').toFixed());
    await post(t.app, '/trade/cancel', { id: String(buffered.id) }, rich.headers);
    await t.app.db.tx((tx) => tx.execute(sql`UPDATE site_config SET value = '0' WHERE name = 'market_order_buffer'`));
    try {
      const need = held(reference, 1, 'USD');
      const user = await trader(t.app, { USD: need.toFixed() });
      const order = await placed(user, { market: 'usd', code, quantity: '1' });
      expect((await balancesOf(t.app, user)).USD).toEqual({ available: '0', frozen: need.toFixed() });
      clock.set(NY_OPENING);
      const report = await t.app.trade.matcher.runOnce();
      expect(report.unfunded).toBeGreaterThanOrEqual(1);
      const cancelled = data(await post(t.app, '/trade/position', { id: String(order.id) }, user.headers));
      expect(cancelled).toMatchObject({ status: 4, cancel_reason: 'unfunded' });
      expect((await balancesOf(t.app, user)).USD).toEqual({ available: need.toFixed(), frozen: '0' });
      const messages = (await inboxOf(t.app, user.userId)).filter((m) => m.key === 'order_unfunded');
      expect(messages).toHaveLength(1);
      await t.app.trade.matcher.runOnce();
      expect((await inboxOf(t.app, user.userId)).filter((m) => m.key === 'order_unfunded')).toHaveLength(1);
    } finally {
      await t.app.db.tx((tx) =>
        tx.execute(sql`UPDATE site_config SET value = '0.1' WHERE name = 'market_order_buffer'`),
      );
    }
  });
});
