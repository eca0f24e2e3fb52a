import '../testing/setup';
import { ENDPOINTS, type OrderPreview } from 'shared/contract';
import { Decimal, roundMoney } from 'shared/money';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { balancesOf } from '../testing/money';
import { ALL_CLOSED, frozenClock, lookAhead, placeOrder, TOKYO_OPEN, trader, type Trader } from '../testing/trade';
import { post } from '../testing/users';

const FEE_RATE = new Decimal('0.0005');
const yen = (v: Decimal) => roundMoney(v, 'JPY');
const ORDER = { market: 'jpy', code: '7203', side: 'long', price_type: 'market', quantity: '100', leverage: '1' };
const clock = frozenClock();

/**
 * Issue 35 (severity 1): the stop and OCO confirm sheets said about 255,600 JPY while each order froze 303,252 (the
 * limit-up price × quantity). /trade/preview answers what placing the order now freezes, by the placement's rule.
 */
describe.each(testBackends())('order preview on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0, jobIntervalMs: 0 });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(TOKYO_OPEN));

  const ahead = lookAhead();
  const preview = async (user: Trader, form: Record<string, string>) => {
    const answer = await post(t.app, '/trade/preview', { ...ORDER, ...form }, user.headers);
    expect({ status: answer.body.status, msg: answer.body.msg }).toMatchObject({ status: 1 });
    return ENDPOINTS.previewOrder.data.parse(answer.body.data) as OrderPreview;
  };
  /** Places the previewed order and answers what the ledger froze and took from available. */
  const booked = async (user: Trader, form: Record<string, string>) => {
    const before = (await balancesOf(t.app, user)).JPY!;
    const answer = await placeOrder(t.app, user, form);
    expect(answer.body).toMatchObject({ status: 1, msg: 'order_placed' });
    const after = (await balancesOf(t.app, user)).JPY!;
    return {
      frozen: new Decimal(after.frozen).minus(before.frozen).toFixed(),
      taken: new Decimal(before.available).minus(after.available).toFixed(),
    };
  };

  it('a buy stop freezes margin and fee at the limit-up price, as the preview says, and why', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const quote = ahead.quoteAt('jpy', '7203', TOKYO_OPEN)!;
    const trigger = new Decimal(quote.price).times('1.02').toDecimalPlaces(0).toFixed();
    const form = { order_type: 'stop', trigger_price: trigger };
    const shown = await preview(user, form);
    const limitUp = new Decimal(quote.limit_up!);
    const margin = yen(limitUp.times(100));
    const fee = yen(limitUp.times(100).times(FEE_RATE));
    expect(shown).toMatchObject({
      currency: 'JPY',
      pending: true,
      basis: 'limit_up',
      hold_price: limitUp.toFixed(),
      reference: new Decimal(quote.price).toFixed(),
      margin: margin.toFixed(),
      fee: fee.toFixed(),
      frozen: margin.plus(fee).toFixed(),
      fee_paid: '0',
      sufficient: true,
    });
    // Nothing was booked by the preview; the order then freezes exactly the previewed figure.
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '10000000', frozen: '0' });
    expect(await booked(user, form)).toEqual({ frozen: shown.frozen, taken: shown.total });
  });

  it('an OCO holds at the limit-up price (its stop leg fills at any price); a limit order at its limit', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const quote = ahead.quoteAt('jpy', '7203', TOKYO_OPEN)!;
    const price = new Decimal(quote.price);
    const oco = {
      order_type: 'oco',
      price_type: 'limit',
      price: price.times('0.98').toDecimalPlaces(0).toFixed(),
      trigger_price: price.times('1.02').toDecimalPlaces(0).toFixed(),
    };
    const shownOco = await preview(user, oco);
    expect(shownOco).toMatchObject({ basis: 'limit_up', hold_price: quote.limit_up });
    expect(await booked(user, oco)).toEqual({ frozen: shownOco.frozen, taken: shownOco.total });

    const limit = { price_type: 'limit', price: oco.price, leverage: '2' };
    const shownLimit = await preview(user, limit);
    const margin = yen(new Decimal(oco.price).times(100).dividedBy(2));
    const fee = yen(new Decimal(oco.price).times(100).times(FEE_RATE));
    expect(shownLimit).toMatchObject({
      basis: 'limit',
      hold_price: oco.price,
      leverage: 2,
      margin: margin.toFixed(),
      frozen: margin.plus(fee).toFixed(),
    });
    expect(await booked(user, limit)).toEqual({ frozen: shownLimit.frozen, taken: shownLimit.total });
  });

  it('a market order that fills now freezes the margin at the last price and pays the fee at once', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const last = ahead.priceAt('jpy', '7203', TOKYO_OPEN);
    const shown = await preview(user, {});
    const margin = yen(last.times(100));
    const fee = yen(last.times(100).times(FEE_RATE));
    expect(shown).toMatchObject({
      pending: false,
      basis: 'fill',
      hold_price: last.toFixed(),
      frozen: margin.toFixed(),
      fee_paid: fee.toFixed(),
      total: margin.plus(fee).toFixed(),
    });
    expect(await booked(user, {})).toEqual({ frozen: shown.frozen, taken: shown.total });
  });

  it('a market order placed while the market is closed waits and holds at the next session’s upper limit', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    clock.set(ALL_CLOSED);
    const shown = await preview(user, {});
    expect(shown).toMatchObject({ pending: true, basis: 'limit_up' });
    expect(await booked(user, {})).toEqual({ frozen: shown.frozen, taken: shown.total });
  });

  it('says when the balance does not cover the hold, and refuses as the placement does', async () => {
    const user = await trader(t.app, { JPY: '250000' });
    const quote = ahead.quoteAt('jpy', '7203', TOKYO_OPEN)!;
    const form = { order_type: 'stop', trigger_price: new Decimal(quote.price).plus(10).toFixed() };
    const shown = await preview(user, form);
    expect(new Decimal(shown.total).gt('250000')).toBe(true);
    expect(shown).toMatchObject({ available: '250000', sufficient: false });
    expect((await placeOrder(t.app, user, form)).body).toMatchObject({ status: 0, msg: 'insufficient_balance' });

    const beyond = { price_type: 'limit', price: new Decimal(quote.limit_up!).plus(1).toFixed() };
    const refused = await post(t.app, '/trade/preview', { ...ORDER, ...beyond }, user.headers);
    expect(refused.body).toMatchObject({
      status: 0,
      msg: 'price_beyond_limit',
      field: 'price',
      values: { down: quote.limit_down, up: quote.limit_up },
    });
    const leverage = await post(t.app, '/trade/preview', { ...ORDER, leverage: '3' }, user.headers);
    expect(leverage.body).toMatchObject({ status: 0, msg: 'leverage_not_allowed' });
  });
});
