import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, tradePosition, type TradePosition } from 'shared/contract';
import { Decimal, roundMoney } from 'shared/money';
import { queryRows } from '../db/query';
import { formatAmount } from '../modules/wire/wire';
import { postApproved, registerAdminPair, type AdminPair } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { balancesOf, expectLedgerBalanced, expectRefused, fund, moneyReadyUser } from '../testing/money';
import {
  ALL_CLOSED,
  findInstant,
  frozenClock,
  lookAhead,
  NEW_YORK_OPEN,
  placeOrder,
  SHANGHAI_OPEN,
  TOKYO_OPEN,
  trader,
  type Trader,
} from '../testing/trade';
import { post, registerAndLogin, type LoggedIn } from '../testing/users';

const FEE_RATE = new Decimal('0.0005');
/** Margin + opening fee of a 1× JPY market order. */
const openCost = (price: Decimal, quantity: number) =>
  roundMoney(price.times(quantity), 'JPY').plus(roundMoney(price.times(quantity).times(FEE_RATE), 'JPY'));
const clock = frozenClock();

describe.each(testBackends())('trading on $name', (backend) => {
  let t: TestApp;
  let admins: AdminPair;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0 });
    admins = await registerAdminPair(t.app);
    admin = admins.submitter;
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(TOKYO_OPEN));

  const position = async (user: LoggedIn, id: number): Promise<TradePosition> => {
    const answer = await post(t.app, '/trade/position', { id: String(id), lang: 'en' }, user.headers);
    expect(answer.body.status).toBe(1);
    return tradePosition.parse(answer.body.data);
  };
  const placed = async (
    user: Trader,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<TradePosition> => {
    const answer = await placeOrder(t.app, user, form, headers);
    expect({ status: answer.body.status, msg: answer.body.msg }).toEqual({ status: 1, msg: 'order_placed' });
    return tradePosition.parse(answer.body.data);
  };
  const match = () => t.app.trade.matcher.runOnce();
  const records = async (user: LoggedIn) =>
    (
      (await post(t.app, '/funds/records', { size: '50' }, user.headers)).body.data as {
        list: Array<{
          type: string;
          order_no: string;
          amount: string;
          frozen: string;
          currency: string;
          memo: string | null;
        }>;
      }
    ).list;
  /** A house account's balance; 'fee_revenue' sums its 16 shards. */
  const houseBalance = async (name: string, currency: string) => {
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ available: string }>(
        tx,
        sql`SELECT coalesce(sum(available), 0)::text AS available FROM ledger_accounts
            WHERE user_id IS NULL AND (house_name = ${name} OR house_name LIKE ${`${name}\_%`})
              AND currency = ${currency}`,
      ),
    );
    return new Decimal(row!.available);
  };

  describe('placement and close', () => {
    it(
      'buys long at market with 2× leverage: margin frozen, fee to revenue; ' + 'closing books P&L and the closing fee',
      async () => {
        const user = await trader(t.app, { JPY: '1000000' });
        const revenueBefore = await houseBalance('fee_revenue', 'JPY');
        const order = await placed(user, { leverage: '2', quantity: '100' });
        const buy = new Decimal(order.buy_price);
        expect(buy.toFixed()).toBe(lookAhead().priceAt('jpy', '7203', TOKYO_OPEN).toFixed());
        const margin = roundMoney(buy.times(100).div(2), 'JPY');
        const openFee = roundMoney(buy.times(100).times(FEE_RATE), 'JPY');
        expect(order).toMatchObject({
          status: 0,
          state: 'holding',
          direction: 'long',
          leverage: 2,
          stock_num: '100',
          margin: margin.toFixed(),
          cost: margin.toFixed(),
          fee: openFee.toFixed(),
          simulated: true,
        });
        expect((await balancesOf(t.app, user)).JPY).toEqual({
          available: new Decimal(1000000).minus(margin).minus(openFee).toFixed(),
          frozen: margin.toFixed(),
        });
        expect((await houseBalance('fee_revenue', 'JPY')).minus(revenueBefore).toFixed()).toBe(openFee.toFixed());

        // Holdings (spec §7) and the side panel read the same position at the live price.
        clock.advance(20 * 60_000);
        const live = lookAhead().priceAt('jpy', '7203', clock.now());
        const holdings = (await post(t.app, '/trade/userstocklist', { type: 'jpy' }, user.headers)).body.data;
        expect(ENDPOINTS.holdings.data.parse(holdings).list[String(order.id)]).toMatchObject({
          status: 0,
          nowprice: live.toFixed(),
          stock_num: '100',
          buy_price: buy.toFixed(),
          yingkui: live.minus(buy).times(100).toFixed(),
          margin: margin.toFixed(),
          cost: margin.toFixed(),
          fee: openFee.toFixed(),
        });
        expect(holdings.fdyk).toBe(live.minus(buy).times(100).toFixed());
        const info = (await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).body.data;
        expect(info.frozen).toBe(margin.toFixed());

        const closing = await post(t.app, '/trade/close', { id: String(order.id) }, user.headers);
        expect(closing.body).toMatchObject({ status: 1, msg: 'sell_success', data: { status: 1, state: 'closing' } });
        // Preparing to close: still listed (status 1) and its margin still frozen until the close fills.
        const whileClosing = ENDPOINTS.holdings.data.parse(
          (await post(t.app, '/trade/userstocklist', { type: 'jpy' }, user.headers)).body.data,
        );
        expect(whileClosing.list[String(order.id)]).toMatchObject({ status: 1 });
        expect((await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).body.data.frozen).toBe(
          margin.toFixed(),
        );
        expect(await match()).toMatchObject({ closed: 1 });
        const closed = await position(user, order.id);
        const pnl = live.minus(buy).times(100);
        const closeFee = roundMoney(live.times(100).times(FEE_RATE), 'JPY');
        expect(closed).toMatchObject({
          status: 2,
          state: 'closed',
          sell_price: live.toFixed(),
          yingkui: pnl.toFixed(),
          close_fee: closeFee.toFixed(),
          closed_by: 'user',
          protection: null,
        });
        expect(closed.sell_time).toBe(clock.now().toISOString());
        expect((await balancesOf(t.app, user)).JPY).toEqual({
          available: new Decimal(1000000).minus(openFee).minus(closeFee).plus(pnl).toFixed(),
          frozen: '0',
        });
        const history = (await post(t.app, '/trade/userstocklists', { type: 'jpy' }, user.headers)).body.data;
        expect(history.lsyk).toBe(pnl.toFixed());

        // Fund records are a statement (ADR 0036): one line per event under the order number. Opening: the fee
        // paid, the margin frozen; closing: the P&L less the closing fee, the margin released.
        const mine = (await records(user)).filter((r) => r.order_no === order.order_no).reverse();
        expect(mine.map(({ type, amount, frozen }) => ({ type, amount, frozen }))).toEqual([
          { type: 'margin', amount: openFee.negated().toFixed(), frozen: margin.toFixed() },
          { type: 'margin_release', amount: pnl.minus(closeFee).toFixed(), frozen: margin.negated().toFixed() },
        ]);
        await expectLedgerBalanced(t.app);
      },
    );

    it('sells a US stock short: P&L is (buy − sell) × quantity, in USD', async () => {
      clock.set(NEW_YORK_OPEN);
      const user = await trader(t.app, { USD: '50000' });
      const order = await placed(user, { market: 'usd', code: 'AAPL', side: 'short', leverage: '5', quantity: '10' });
      const buy = new Decimal(order.buy_price);
      const margin = roundMoney(buy.times(10).div(5), 'USD');
      const openFee = roundMoney(buy.times(10).times(FEE_RATE), 'USD');
      expect(order).toMatchObject({
        direction: 'short',
        currency: 'USD',
        margin: margin.toFixed(),
        fee: openFee.toFixed(),
      });
      clock.advance(90 * 60_000);
      const sell = lookAhead().priceAt('usd', 'AAPL', clock.now());
      expect((await post(t.app, '/trade/close', { id: String(order.id) }, user.headers)).body.status).toBe(1);
      await match();
      const closed = await position(user, order.id);
      const pnl = buy.minus(sell).times(10);
      const closeFee = roundMoney(sell.times(10).times(FEE_RATE), 'USD');
      expect(closed).toMatchObject({
        status: 2,
        sell_price: sell.toFixed(),
        yingkui: pnl.toFixed(),
        close_fee: closeFee.toFixed(),
      });
      expect((await balancesOf(t.app, user)).USD).toEqual({
        available: new Decimal(50000).minus(openFee).minus(closeFee).plus(pnl).toFixed(),
        frozen: '0',
      });
      await expectLedgerBalanced(t.app);
    });

    it('replays an idempotent placement: one order, money moved once, even when retries race', async () => {
      const user = await trader(t.app, { JPY: '1000000' });
      const key = { 'idempotency-key': `order-${user.account}-1` };
      const answers = await Promise.all([1, 2, 3, 4].map(() => placeOrder(t.app, user, { quantity: '10' }, key)));
      expect(answers.every((a) => a.body.status === 1)).toBe(true);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      const orders = (await post(t.app, '/trade/orders', { market: 'jpy' }, user.headers)).body.data;
      expect(orders.total).toBe(1);
      const order = answers[0]!.body.data as TradePosition;
      expect((await balancesOf(t.app, user)).JPY!.frozen).toBe(order.margin);
      // The same key with another payload is refused and moves nothing.
      await expectRefused(t.app, user, 'idempotency_conflict', () => placeOrder(t.app, user, { quantity: '11' }, key));
    });

    it('never overdraws when one trader’s orders race: exactly as many fill as the money covers', async () => {
      const price = lookAhead().priceAt('jpy', '7203', TOKYO_OPEN);
      const one = openCost(price, 10);
      const user = await trader(t.app, { JPY: one.times(3).toFixed() });
      const answers = await Promise.all(Array.from({ length: 12 }, () => placeOrder(t.app, user, { quantity: '10' })));
      expect(answers.filter((a) => a.body.status === 1)).toHaveLength(3);
      expect(answers.filter((a) => a.body.status !== 1).map((a) => a.body.msg)).toEqual(
        Array(9).fill('insufficient_balance'),
      );
      expect((await balancesOf(t.app, user)).JPY!.available).toBe('0');
      await expectLedgerBalanced(t.app);
    });

    it('lets exactly one of many concurrent closes of a position win', async () => {
      const user = await trader(t.app, { JPY: '1000000' });
      const order = await placed(user, { quantity: '100' });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => post(t.app, '/trade/close', { id: String(order.id) }, user.headers)),
      );
      expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
      expect(answers.filter((a) => a.body.status !== 1).map((a) => a.body.msg)).toEqual(
        Array(7).fill('order_not_holding'),
      );
      const [first, second] = await Promise.all([match(), match()]);
      expect(first!.closed + second!.closed).toBe(1);
      expect((await position(user, order.id)).status).toBe(2);
      // A closed order cannot be operated again.
      await expectRefused(t.app, user, 'order_not_holding', () =>
        post(t.app, '/trade/close', { id: String(order.id) }, user.headers),
      );
      await expectRefused(t.app, user, 'order_not_holding', () =>
        post(t.app, '/trade/cancel', { id: String(order.id) }, user.headers),
      );
      await expectLedgerBalanced(t.app);
    });
  });

  describe('refusals (nothing moves)', () => {
    it('accepts an order outside the market’s sessions: it waits for the next session (issue 13)', async () => {
      const user = await trader(t.app);
      clock.set(ALL_CLOSED);
      for (const form of [{}, { price_type: 'limit', price: '2400' }, { market: 'usd', code: 'AAPL' }]) {
        const answer = await placeOrder(t.app, user, form);
        expect(answer.body).toMatchObject({ status: 1, msg: 'order_placed' });
        const order = tradePosition.parse(answer.body.data);
        expect(order).toMatchObject({ status: 3, state: 'pending', waiting_for_open: true });
      }
      // Tokyo after its close trades in the next day's session; New York before its open in today's.
      const orders = await post(t.app, '/trade/orders', { market: 'jpy', status: 'pending' }, user.headers);
      const list = (orders.body.data as { list: TradePosition[] }).list;
      expect(list.map((o) => o.valid_until)).toEqual(['2026-11-17', '2026-11-17']);
      // Lunch in Tokyo (11:30–12:30): the order waits for the afternoon session of the same day.
      clock.set(new Date('2026-11-16T03:00:00Z'));
      const lunch = tradePosition.parse((await placeOrder(t.app, user, {})).body.data);
      expect(lunch).toMatchObject({ status: 3, waiting_for_open: true, valid_until: '2026-11-16' });
      await expectLedgerBalanced(t.app);
      // The other suites here run the matcher: these waiting orders are cancelled (by their user).
      for (const o of [...list, lunch]) await post(t.app, '/trade/cancel', { id: String(o.id) }, user.headers);
      const usd = await post(t.app, '/trade/orders', { market: 'usd', status: 'pending' }, user.headers);
      for (const o of (usd.body.data as { list: TradePosition[] }).list)
        await post(t.app, '/trade/cancel', { id: String(o.id) }, user.headers);
      const cancelled = await post(t.app, '/trade/orders', { market: 'jpy', status: 'cancelled' }, user.headers);
      const reasons = (cancelled.body.data as { list: TradePosition[] }).list.map((o) => o.cancel_reason);
      expect(reasons).toEqual(['user', 'user', 'user']);
    });

    it('refuses a limit price beyond the daily limit, and a missing quantity or limit price', async () => {
      const user = await trader(t.app);
      const quote = lookAhead().quoteAt('jpy', '7203', TOKYO_OPEN)!;
      const above = new Decimal(quote.limit_up!).plus(1).toFixed();
      const below = new Decimal(quote.limit_down!).minus(1).toFixed();
      const refused = await expectRefused(t.app, user, 'price_beyond_limit', () =>
        placeOrder(t.app, user, { price_type: 'limit', price: above }),
      );
      expect(refused.body.values).toEqual({ down: quote.limit_down, up: quote.limit_up });
      await expectRefused(t.app, user, 'price_beyond_limit', () =>
        placeOrder(t.app, user, { price_type: 'limit', side: 'short', price: below }),
      );
      await expectRefused(t.app, user, 'quantity_required', () => placeOrder(t.app, user, { quantity: '' }));
      await expectRefused(t.app, user, 'field_invalid', () => placeOrder(t.app, user, { quantity: '1.5' }));
      await expectRefused(t.app, user, 'field_invalid', () => placeOrder(t.app, user, { quantity: '0' }));
      await expectRefused(t.app, user, 'price_required', () => placeOrder(t.app, user, { price_type: 'limit' }));
      await expectRefused(t.app, user, 'stock_not_found', () => placeOrder(t.app, user, { code: 'NOPE' }));
      await expectRefused(t.app, user, 'stock_not_found', () => placeOrder(t.app, user, { code: 'N225' }));
      await expectRefused(t.app, user, 'leverage_not_allowed', () => placeOrder(t.app, user, { leverage: '3' }));
    });

    it(
      'refuses more than the balance, leverage or shorts before the risk disclosure, ' +
        'and unverified or barred accounts',
      async () => {
        const poor = await trader(t.app, { JPY: '1000' });
        await expectRefused(t.app, poor, 'insufficient_balance', () => placeOrder(t.app, poor, { quantity: '100' }));
        // Margin alone fits but not margin + fee: still refused, as one transaction.
        const price = lookAhead().priceAt('jpy', '7203', TOKYO_OPEN);
        const exact = await trader(t.app, { JPY: price.times(10).toFixed() });
        await expectRefused(t.app, exact, 'insufficient_balance', () => placeOrder(t.app, exact, { quantity: '10' }));

        const fresh = await trader(t.app, { JPY: '1000000' }, false);
        await expectRefused(t.app, fresh, 'risk_disclosure_required', () =>
          placeOrder(t.app, fresh, { leverage: '2' }),
        );
        await expectRefused(t.app, fresh, 'risk_disclosure_required', () =>
          placeOrder(t.app, fresh, { side: 'short' }),
        );
        expect((await placeOrder(t.app, fresh, { quantity: '1' })).body.status).toBe(1);
        const disclosure = (await post(t.app, '/trade/riskDisclosure', { lang: 'en' }, fresh.headers)).body.data;
        expect(ENDPOINTS.riskDisclosure.data.parse(disclosure)).toMatchObject({
          version: 1,
          acknowledged: false,
          acknowledged_at: null,
        });
        expect(disclosure.text).toMatch(/negative-balance protection/);
        await expectRefused(t.app, fresh, 'field_invalid', () =>
          post(t.app, '/trade/riskAck', { version: '2' }, fresh.headers),
        );
        const ack = await post(t.app, '/trade/riskAck', { version: '1' }, fresh.headers);
        expect(ack.body).toMatchObject({
          status: 1,
          msg: 'risk_acknowledged',
          data: { version: 1, acknowledged_at: TOKYO_OPEN.toISOString() },
        });
        expect((await placeOrder(t.app, fresh, { leverage: '2', quantity: '1' })).body.status).toBe(1);

        const unverified = await registerAndLogin(t.app);
        await expectRefused(t.app, unverified, 'realname_required', () =>
          post(t.app, '/trade/order', { code: '7203', side: 'long', quantity: '1' }, unverified.headers),
        );
        const barred = await trader(t.app);
        expect(
          (
            await post(
              t.app,
              '/admin/userFlags',
              { account: barred.account, trade_disabled: '1', reason: 'test bar' },
              admin.headers,
            )
          ).body.status,
        ).toBe(1);
        const refused = await expectRefused(t.app, barred, 'trading_disabled', () => placeOrder(t.app, barred, {}));
        // The operator's reason reaches the refusal (the message shows it with the way out).
        expect(refused.body.values).toEqual({ reason: 'test bar' });
      },
    );

    it('applies China’s T+1: no close on the opening day, allowed the next trading day; Japan is T+0', async () => {
      clock.set(SHANGHAI_OPEN);
      const user = await trader(t.app, { CNY: '1000000', JPY: '1000000' });
      const order = await placed(user, { market: 'cny', code: '600519', quantity: '100' });
      expect(order.closable_from).toBe('2026-11-17');
      // the holdings list says so too, so the screen offers no Close that the server would refuse
      const holding = async (market: string, id: number) =>
        (await post(t.app, '/trade/userstocklist', { type: market }, user.headers)).body.data.list[String(id)];
      expect(await holding('cny', order.id)).toMatchObject({ closable_from: '2026-11-17', closable: false });
      await expectRefused(t.app, user, 't1_cannot_sell', () =>
        post(t.app, '/trade/close', { id: String(order.id) }, user.headers),
      );
      const japan = await placed(user, { quantity: '1' });
      expect(japan.closable_from).toBeNull();
      expect(await holding('jpy', japan.id)).toMatchObject({ closable_from: null, closable: true });
      expect((await post(t.app, '/trade/close', { id: String(japan.id) }, user.headers)).body.status).toBe(1);
      clock.set(new Date('2026-11-17T02:00:00Z'));
      expect(await holding('cny', order.id)).toMatchObject({ closable_from: '2026-11-17', closable: true });
      expect((await post(t.app, '/trade/close', { id: String(order.id) }, user.headers)).body).toMatchObject({
        status: 1,
        data: { state: 'closing' },
      });
    });
  });

  describe('limit orders and the matcher', () => {
    it('fills a pending limit order at its limit when the test clock moves the price across it', async () => {
      const user = await trader(t.app, { JPY: '1000000' });
      const now = lookAhead().priceAt('jpy', '7203', TOKYO_OPEN);
      const target = findInstant('jpy', '7203', TOKYO_OPEN, (p) => p.lt(now), { horizonMs: 6 * 3_600_000 });
      const limit = target.price;
      const order = await placed(user, { price_type: 'limit', price: limit.toFixed(), quantity: '100', leverage: '5' });
      const margin = roundMoney(limit.times(100).div(5), 'JPY');
      const fee = roundMoney(limit.times(100).times(FEE_RATE), 'JPY');
      expect(order).toMatchObject({ status: 3, state: 'pending', limit_price: limit.toFixed(), buy_time: null });
      // Pending: margin and fee are held, nothing paid yet.
      expect((await balancesOf(t.app, user)).JPY).toEqual({
        available: new Decimal(1000000).minus(margin).minus(fee).toFixed(),
        frozen: margin.plus(fee).toFixed(),
      });
      // The side panel's figures (spec §4) count the held money as frozen: total assets unchanged.
      const holdings = ENDPOINTS.holdings.data.parse(
        (await post(t.app, '/trade/userstocklist', { type: 'jpy' }, user.headers)).body.data,
      );
      expect(holdings).toMatchObject({ list: {}, pending_frozen: margin.plus(fee).toFixed() });
      const pendingInfo = (await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).body.data;
      expect(pendingInfo).toMatchObject({ frozen: margin.plus(fee).toFixed(), total: '1000000' });
      expect((await match()).filled).toBe(0);

      const moved = await t.app.inject({
        method: 'POST',
        url: '/api/vue/test/clock',
        payload: { to: target.at.toISOString() },
      });
      expect(moved.json()).toMatchObject({
        status: 1,
        data: { now: target.at.toISOString(), matched: { filled: expect.any(Number) } },
      });
      const filled = await position(user, order.id);
      expect(filled).toMatchObject({
        status: 0,
        state: 'holding',
        buy_price: limit.toFixed(),
        margin: margin.toFixed(),
        fee: fee.toFixed(),
        buy_time: target.at.toISOString(),
      });
      expect((await balancesOf(t.app, user)).JPY).toEqual({
        available: new Decimal(1000000).minus(margin).minus(fee).toFixed(),
        frozen: margin.toFixed(),
      });
      await expectLedgerBalanced(t.app);
    });

    it('cancels a pending order and releases its hold; a cancelled order cannot be cancelled again', async () => {
      const user = await trader(t.app, { JPY: '1000000' });
      const before = await balancesOf(t.app, user);
      const quote = lookAhead().quoteAt('jpy', '7203', TOKYO_OPEN)!;
      const order = await placed(user, { price_type: 'limit', price: quote.limit_down!, quantity: '10' });
      expect((await balancesOf(t.app, user)).JPY!.available).not.toBe(before.JPY!.available);
      const cancelled = await post(t.app, '/trade/cancel', { id: String(order.id) }, user.headers);
      expect(cancelled.body).toMatchObject({
        status: 1,
        msg: 'order_cancelled',
        data: { status: 4, state: 'cancelled' },
      });
      expect(await balancesOf(t.app, user)).toEqual(before);
      await expectRefused(t.app, user, 'order_not_holding', () =>
        post(t.app, '/trade/cancel', { id: String(order.id) }, user.headers),
      );
      await expectRefused(t.app, user, 'order_not_holding', () =>
        post(t.app, '/trade/close', { id: String(order.id) }, user.headers),
      );
      const list = (await post(t.app, '/trade/orders', { market: 'jpy', status: 'cancelled' }, user.headers)).body.data;
      expect(ENDPOINTS.orders.data.parse(list).list.map((o) => o.id)).toEqual([order.id]);
    });

    it('lets a cancel racing the matcher’s fill end in exactly one of the two, with the money consistent', async () => {
      const user = await trader(t.app, { JPY: '1000000' });
      const now = lookAhead().priceAt('jpy', '7203', TOKYO_OPEN);
      // A limit at the current price is already crossed: the next matcher pass fills it.
      const order = await placed(user, { price_type: 'limit', price: now.toFixed(), quantity: '10' });
      const [cancel] = await Promise.all([
        post(t.app, '/trade/cancel', { id: String(order.id) }, user.headers),
        match(),
      ]);
      const after = await position(user, order.id);
      if (cancel.body.status === 1) {
        expect(after.state).toBe('cancelled');
        expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '1000000', frozen: '0' });
      } else {
        expect(cancel.body.msg).toBe('order_not_holding');
        expect(after).toMatchObject({ state: 'holding', buy_price: now.toFixed() });
        expect((await balancesOf(t.app, user)).JPY!.frozen).toBe(after.margin);
      }
      await expectLedgerBalanced(t.app);
    });

    it('closes a leveraged position on a margin call and tells the user in the inbox', async () => {
      const user = await trader(t.app, { JPY: '10000000' });
      const buy = lookAhead().priceAt('jpy', '7203', TOKYO_OPEN);
      // 10×, maintenance 0.5: a call once the price is 5 % against the position.
      const down = findInstant('jpy', '7203', TOKYO_OPEN, (p) => p.lte(buy.times(0.94)) || p.gte(buy.times(1.06)));
      const side = down.price.lt(buy) ? 'long' : 'short';
      const order = await placed(user, { side, leverage: '10', quantity: '100' });
      clock.set(down.at);
      const report = await match();
      expect(report.marginCalls).toBeGreaterThanOrEqual(1);
      const closed = await position(user, order.id);
      const pnl = side === 'long' ? down.price.minus(buy).times(100) : buy.minus(down.price).times(100);
      expect(closed).toMatchObject({
        status: 2,
        closed_by: 'margin_call',
        sell_price: down.price.toFixed(),
        yingkui: pnl.toFixed(),
        protection: null,
      });
      const inbox = (await post(t.app, '/user/messages', { lang: 'en' }, user.headers)).body.data.list as Array<{
        title: string;
        body: string;
      }>;
      expect(inbox[0]).toMatchObject({ title: 'Margin call: position closed' });
      expect(inbox[0]!.body).toContain(order.order_no);
      await expectLedgerBalanced(t.app);
    });

    it(
      'books a gap loss beyond the account to the house protection account, visibly, ' +
        'never leaving the user negative',
      async () => {
        expect(
          (await postApproved(t.app, admins, '/admin/config', { name: 'trade_leverages', value: '[1,2,5,10,50]' })).body
            .status,
        ).toBe(1);
        try {
          clock.set(NEW_YORK_OPEN);
          const buy = lookAhead().priceAt('usd', 'AAPL', NEW_YORK_OPEN);
          // 50×: a 3 % move loses 150 % of the margin.
          const gap = findInstant(
            'usd',
            'AAPL',
            NEW_YORK_OPEN,
            (p) => p.lte(buy.times(0.97)) || p.gte(buy.times(1.03)),
            {
              stepMs: 30 * 60_000,
            },
          );
          const side = gap.price.lt(buy) ? 'long' : 'short';
          const margin = roundMoney(buy.times(100).div(50), 'USD');
          const openFee = roundMoney(buy.times(100).times(FEE_RATE), 'USD');
          const user = await trader(t.app, { USD: margin.plus(openFee).plus(10).toFixed() });
          const order = await placed(user, { market: 'usd', code: 'AAPL', side, leverage: '50', quantity: '100' });
          expect((await balancesOf(t.app, user)).USD).toEqual({ available: '10', frozen: margin.toFixed() });
          const protectionBefore = await houseBalance('protection', 'USD');
          clock.set(gap.at);
          await match();
          const closed = await position(user, order.id);
          const loss = (side === 'long' ? buy.minus(gap.price) : gap.price.minus(buy)).times(100);
          const covered = loss.minus(margin).minus(10);
          expect(closed).toMatchObject({
            status: 2,
            closed_by: 'margin_call',
            protection: covered.toFixed(),
            close_fee: '0',
          });
          expect((await balancesOf(t.app, user)).USD).toEqual({ available: '0', frozen: '0' });
          expect(protectionBefore.minus(await houseBalance('protection', 'USD')).toFixed()).toBe(covered.toFixed());
          const inbox = (await post(t.app, '/user/messages', { lang: 'en' }, user.headers)).body.data.list as Array<{
            title: string;
            body: string;
          }>;
          expect(inbox[0]).toMatchObject({ title: 'Margin call: position closed, loss covered' });
          expect(inbox[0]!.body).toContain(formatAmount(covered, 'USD'));
          // The statement's line of the close (ADR 0036): all the money there was is gone, the margin released, and
          // the line says the protection paid the rest (its amount is in the inbox above and the position).
          const labelled = (await records(user)).find((r) => r.memo?.startsWith('Negative-balance protection'));
          expect(labelled).toMatchObject({
            order_no: order.order_no,
            amount: margin.plus(10).negated().toFixed(),
            frozen: margin.negated().toFixed(),
            currency: 'USD',
          });
          await expectLedgerBalanced(t.app);
        } finally {
          await postApproved(t.app, admins, '/admin/config', { name: 'trade_leverages', value: '[1,2,5,10]' });
        }
      },
    );
  });

  it(
    'answers the trade config from the server: leverages, fee rate, maintenance, T+1, ' + 'available, market state',
    async () => {
      const user = await trader(t.app, { JPY: '123456' });
      const config = ENDPOINTS.tradeConfig.data.parse(
        (await post(t.app, '/trade/config', { market: 'cny' }, user.headers)).body.data,
      );
      expect(config).toMatchObject({
        market: 'cny',
        currency: 'CNY',
        leverages: [1, 2, 5, 10],
        fee_rate: '0.0005',
        maintenance_ratio: '0.5',
        lot: 1,
        t_plus_one: true,
        market_status: 'closed',
        risk_disclosure_version: 1,
        risk_acknowledged: true,
        simulated: true,
      });
      expect((await post(t.app, '/trade/config', { market: 'jpy' }, user.headers)).body.data).toMatchObject({
        available: '123456',
        t_plus_one: false,
        market_status: 'open',
        next_open: null,
      });
    },
  );

  it('answers not_found for another user’s order', async () => {
    const owner = await trader(t.app, { JPY: '1000000' });
    const intruder = await moneyReadyUser(t.app);
    await fund(t.app, intruder.userId, '1000');
    const order = await placed(owner, { quantity: '1' });
    for (const path of ['/trade/position', '/trade/close', '/trade/cancel']) {
      expect((await post(t.app, path, { id: String(order.id) }, intruder.headers)).body).toMatchObject({
        status: 0,
        msg: 'not_found',
      });
    }
    expect((await position(owner, order.id)).status).toBe(0);
  });
});

describe('the test clock endpoint', () => {
  it('does not exist without a test clock (production never has one)', async () => {
    const [backend] = testBackends();
    const t = await startTestApp(backend!, { now: () => TOKYO_OPEN, matcherIntervalMs: 0 });
    try {
      const answer = await t.app.inject({ method: 'POST', url: '/api/vue/test/clock', payload: { advance_ms: 1000 } });
      expect(answer.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
