import '../testing/setup';
import { ENDPOINTS, tradePosition } from 'shared/contract';
import { configureMoneyLimiter } from '../security/money-limiter';
import { insertGrantedHolding } from '../modules/trade/granted-holding';
import { postApproved, registerAdminPair, type AdminPair } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { FUND_PASSWORD, fund, moneyReadyUser } from '../testing/money';
import { frozenClock, lookAhead, placeOrder, TOKYO_OPEN, trader } from '../testing/trade';
import { post } from '../testing/users';

const DAY = 86_400_000;
const CHANNEL = 'origin-sesame-3';
const clock = frozenClock();
const relaxed = { perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } };

/**
 * Issue 35: the answers of a close and a cancel name the stock in the reader's language (as every other answer of a
 * position), and a holding carries where it came from (`source`): an order, a block-trade allotment (with its
 * lock-up end), a new-share allotment, so the lists can label it instead of showing an ordinary limit order.
 */
describe.each(testBackends())('position answers: language and origin on $name', (backend) => {
  let t: TestApp;
  let admins: AdminPair;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0 });
    admins = await registerAdminPair(t.app);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock.set(TOKYO_OPEN);
    configureMoneyLimiter(relaxed);
  });

  /** The stock's names as the market data has them (the same simulator and seed as the app). */
  const quote = lookAhead().quoteAt('jpy', '7203', TOKYO_OPEN)!;
  const { names } = quote;

  it.each([
    ['en', 'us'],
    ['ja', 'jp'],
  ] as const)('names the stock of an order, a close and a cancel in %s, given as %s too', async (lang, alias) => {
    const user = await trader(t.app, { JPY: '10000000' });
    const expected = names[lang];
    expect(expected).not.toBe(names['zh-CN']);
    for (const asked of [lang, alias]) {
      const held = await placeOrder(t.app, user, { quantity: '10', lang: asked });
      expect(held.body).toMatchObject({ status: 1, msg: 'order_placed', data: { name: expected } });
      const closed = await post(t.app, '/trade/close', { id: String(held.body.data.id), lang: asked }, user.headers);
      expect(closed.body).toMatchObject({ status: 1, msg: 'sell_success' });
      const answer = tradePosition.parse(closed.body.data);
      expect({ name: answer.name, state: answer.state }).toEqual({ name: expected, state: 'closing' });

      const pending = await placeOrder(t.app, user, { price_type: 'limit', price: quote.limit_down!, quantity: '10' });
      expect(pending.body).toMatchObject({ status: 1, data: { state: 'pending' } });
      const cancelled = await post(
        t.app,
        '/trade/cancel',
        { id: String(pending.body.data.id), lang: asked },
        user.headers,
      );
      expect(cancelled.body).toMatchObject({ status: 1, msg: 'order_cancelled', data: { name: expected } });
    }
    // Without a language the server's default (zh-CN, spec §1) still applies.
    const held = await placeOrder(t.app, user, { quantity: '10' });
    expect(held.body.data.name).toBe(names['zh-CN']);
    const closed = await post(t.app, '/trade/close', { id: String(held.body.data.id) }, user.headers);
    expect(closed.body.data.name).toBe(names['zh-CN']);
  });

  it('tells a block allotment (with its lock-up end), a new-share allotment and an order apart', async () => {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, '10000000', 'JPY');
    // A block listing, an application and its approval: the real path that grants the holding.
    const created = await postApproved(t.app, admins, '/admin/blockCreate', {
      code: '7203',
      market: 'jpy',
      block_price: '2500',
      min_lots: '10',
      total_lots: '100',
      deadline: new Date(clock.now().getTime() + 2 * DAY).toISOString(),
      channel_password: CHANNEL,
    });
    expect(created.body).toMatchObject({ status: 1 });
    const applied = await post(
      t.app,
      '/block/apply',
      { id: String(created.body.data.id), lots: '10', channel_password: CHANNEL, fund_password: FUND_PASSWORD },
      user.headers,
    );
    expect(applied.body).toMatchObject({ status: 1, msg: 'block_applied' });
    const reviewed = await post(
      t.app,
      '/admin/blockReview',
      { id: String(applied.body.data.id), action: 'approve', reason: '' },
      admins.submitter.headers,
    );
    expect(reviewed.body).toMatchObject({ status: 1 });
    const approved = ENDPOINTS.blockApplicationInfo.data.parse(
      (await post(t.app, '/block/applicationInfo', { id: String(applied.body.data.id) }, user.headers)).body.data,
    );
    const blockId = approved.position_id!;
    const newShare = await t.app.db.tx((tx) =>
      insertGrantedHolding(tx, {
        userId: user.userId,
        market: 'jpy',
        code: '7203',
        quantity: '100',
        price: '2400',
        currency: 'JPY',
        source: 'new_share',
        at: clock.now(),
      }),
    );
    await post(t.app, '/trade/riskAck', { version: '1' }, user.headers);
    const ordered = await placeOrder(t.app, user, { quantity: '10' });
    expect(ordered.body).toMatchObject({ status: 1, data: { source: 'order' } });

    const list = ENDPOINTS.holdings.data.parse(
      (await post(t.app, '/trade/userstocklist', { type: 'jpy', lang: 'en' }, user.headers)).body.data,
    ).list;
    expect(list[String(blockId)]).toMatchObject({
      source: 'block',
      closable: false,
      closable_reason: 'lockup',
      closable_from: approved.sellable_from,
    });
    expect(list[String(newShare.id)]).toMatchObject({ source: 'new_share' });
    expect(list[String(ordered.body.data.id)]).toMatchObject({ source: 'order' });

    const detail = async (id: number | string) =>
      tradePosition.parse((await post(t.app, '/trade/position', { id: String(id) }, user.headers)).body.data);
    expect((await detail(blockId)).source).toBe('block');
    expect((await detail(newShare.id)).source).toBe('new_share');
    const orders = ENDPOINTS.orders.data.parse(
      (await post(t.app, '/trade/orders', { market: 'jpy', status: 'open' }, user.headers)).body.data,
    ).list;
    expect(Object.fromEntries(orders.map((o) => [o.id, o.source]))).toMatchObject({
      [blockId]: 'block',
      [Number(newShare.id)]: 'new_share',
      [ordered.body.data.id]: 'order',
    });
  });
});
