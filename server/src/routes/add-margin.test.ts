import '../testing/setup';
import { sql } from 'drizzle-orm';
import { tradePosition, type TradePosition } from 'shared/contract';
import { Decimal } from 'shared/money';
import { queryRows } from '../db/query';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { balancesOf, expectLedgerBalanced, expectRefused } from '../testing/money';
import { frozenClock, lookAhead, placeOrder, TOKYO_OPEN, trader, type Trader } from '../testing/trade';
import { post } from '../testing/users';

const clock = frozenClock();

describe.each(testBackends())('adding margin on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0 });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(TOKYO_OPEN));

  const placed = async (user: Trader, form: Record<string, string>): Promise<TradePosition> => {
    const answer = await placeOrder(t.app, user, form);
    expect(answer.body.status).toBe(1);
    return tradePosition.parse(answer.body.data);
  };
  const addMargin = (user: Trader, id: number | string, amount: string, key?: string) =>
    post(
      t.app,
      '/trade/addMargin',
      { id: String(id), amount, lang: 'en' },
      { ...user.headers, ...(key ? { 'Idempotency-Key': key } : {}) },
    );
  const position = async (user: Trader, id: number) =>
    tradePosition.parse((await post(t.app, '/trade/position', { id: String(id) }, user.headers)).body.data);
  /** The user's JPY margin holds still pending, and the positions' margins: they must always agree. */
  const heldAndMargins = async (user: Trader) => {
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ held: string; margins: string }>(
        tx,
        sql`SELECT (SELECT held FROM ledger_accounts WHERE user_id = ${user.userId} AND currency = 'JPY')::text AS held,
                   (SELECT coalesce(sum(CASE WHEN status = 3 THEN margin + fee ELSE margin END), 0)
                    FROM positions WHERE user_id = ${user.userId} AND status IN (0, 1, 3))::text AS margins`,
      ),
    );
    return { held: new Decimal(row!.held).toFixed(), margins: new Decimal(row!.margins).toFixed() };
  };

  it('moves exactly the amount into the margin hold and moves the liquidation price away, long and short', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    const long = await placed(user, { leverage: '2', quantity: '100' });
    const ratio = new Decimal(long.margin_call_ratio!);
    // L = buy − (1 − ratio) × margin ÷ quantity (ceil to 8 decimals).
    const expected = (p: TradePosition, margin: Decimal) =>
      p.direction === 'long'
        ? new Decimal(p.buy_price).minus(new Decimal(1).minus(ratio).times(margin).div(100))
        : new Decimal(p.buy_price).plus(new Decimal(1).minus(ratio).times(margin).div(100));
    expect(new Decimal(long.liquidation_price!).toFixed()).toBe(
      expected(long, new Decimal(long.margin)).toDecimalPlaces(8, Decimal.ROUND_CEIL).toFixed(),
    );
    expect(long.maintenance_ratio).toBe('1.0000');
    const before = (await balancesOf(t.app, user)).JPY!;

    const answer = await addMargin(user, long.id, '10000', 'add-margin-long-1');
    expect({ status: answer.body.status, msg: answer.body.msg }).toEqual({ status: 1, msg: 'margin_added' });
    const after = tradePosition.parse(answer.body.data);
    expect(after.margin).toBe(new Decimal(long.margin).plus(10000).toFixed());
    expect(after.cost).toBe(after.margin);
    expect(new Decimal(after.liquidation_price!).lt(long.liquidation_price!)).toBe(true);
    expect(new Decimal(long.liquidation_price!).minus(after.liquidation_price!).toFixed()).toBe(
      new Decimal(1).minus(ratio).times(10000).div(100).toFixed(),
    );
    expect(after.name).toBe('Toyota Motor');
    const moved = (await balancesOf(t.app, user)).JPY!;
    expect(new Decimal(before.available).minus(moved.available).toFixed()).toBe('10000');
    expect(new Decimal(moved.frozen).minus(before.frozen).toFixed()).toBe('10000');
    expect(await heldAndMargins(user)).toEqual({ held: after.margin, margins: after.margin });

    // A replay with the same key answers the first result and moves nothing.
    const replay = await addMargin(user, long.id, '10000', 'add-margin-long-1');
    expect(replay.body.status).toBe(1);
    expect(tradePosition.parse(replay.body.data).margin).toBe(after.margin);
    expect((await balancesOf(t.app, user)).JPY).toEqual(moved);

    // Fund records are a statement (ADR 0036): the order's lines freeze the margin with the added 10 000 and move
    // only the opening fee of the investor's money (one line here: the test clock stands still, so the opening and
    // the addition share an instant).
    const list = (await post(t.app, '/funds/records', { size: '50' }, user.headers)).body.data.list as Array<{
      order_no: string;
      amount: string;
      frozen: string;
    }>;
    const mine = list.filter((r) => r.order_no === long.order_no);
    const sum = (key: 'amount' | 'frozen') => mine.reduce((total, r) => total.plus(r[key]), new Decimal(0)).toFixed();
    expect(sum('frozen')).toBe(after.margin);
    expect(sum('amount')).toBe(new Decimal(long.fee).negated().toFixed());

    // The holdings list (spec §7) shows the same figures.
    const holdings = (await post(t.app, '/trade/userstocklist', { type: 'jpy' }, user.headers)).body.data.list;
    expect(holdings[String(long.id)]).toMatchObject({
      margin: after.margin,
      maintenance_ratio: after.maintenance_ratio,
      liquidation_price: after.liquidation_price,
      margin_call_ratio: after.margin_call_ratio,
    });

    // A short's liquidation price rises.
    const short = await placed(user, { side: 'short', leverage: '5', quantity: '100' });
    const raised = tradePosition.parse((await addMargin(user, short.id, '3000')).body.data);
    expect(new Decimal(raised.liquidation_price!).gt(short.liquidation_price!)).toBe(true);
    expect((await position(user, short.id)).liquidation_price).toBe(raised.liquidation_price);
    await expectLedgerBalanced(t.app);
  });

  it('refuses amounts that are not a positive whole number, in the contract and by the server', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    const p = await placed(user, { leverage: '2', quantity: '10' });
    for (const amount of ['0', '-5', '1.5', '10.00', 'abc', ''])
      await expectRefused(t.app, user, 'margin_positive_integer', () => addMargin(user, p.id, amount));
    expect((await position(user, p.id)).margin).toBe(p.margin);
  });

  it('refuses a pending order, a position preparing to close or closed, and another user’s position', async () => {
    const user = await trader(t.app, { JPY: '1000000' });
    // A limit below the price (within the daily limit): it waits.
    const limit = lookAhead().priceAt('jpy', '7203', TOKYO_OPEN).times('0.97').floor();
    const pending = await placed(user, { price_type: 'limit', price: limit.toFixed(), quantity: '10' });
    expect(pending.state).toBe('pending');
    await expectRefused(t.app, user, 'order_not_holding', () => addMargin(user, pending.id, '100'));
    const p = await placed(user, { leverage: '2', quantity: '10' });
    expect((await post(t.app, '/trade/close', { id: String(p.id) }, user.headers)).body.status).toBe(1);
    await expectRefused(t.app, user, 'order_not_holding', () => addMargin(user, p.id, '100'));
    await t.app.trade.matcher.runOnce();
    expect((await position(user, p.id)).state).toBe('closed');
    await expectRefused(t.app, user, 'order_not_holding', () => addMargin(user, p.id, '100'));
    const other = await trader(t.app, { JPY: '1000000' });
    const theirs = await placed(other, { leverage: '2', quantity: '10' });
    await expectRefused(t.app, user, 'not_found', () => addMargin(user, theirs.id, '100'));
    expect((await position(other, theirs.id)).margin).toBe(theirs.margin);
  });

  it('refuses beyond the available balance and a day-trade position', async () => {
    const user = await trader(t.app, { JPY: '100000' });
    const p = await placed(user, { leverage: '2', quantity: '10' });
    const { available } = (await balancesOf(t.app, user)).JPY!;
    const beyond = new Decimal(available).plus(1).toFixed();
    await expectRefused(t.app, user, 'insufficient_balance', () => addMargin(user, p.id, beyond));
    // All of it is fine.
    expect((await addMargin(user, p.id, available)).body.status).toBe(1);
    expect((await balancesOf(t.app, user)).JPY!.available).toBe('0');

    const day = await trader(t.app, { JPY: '1000000' });
    const tagged = await placed(day, { leverage: '2', quantity: '10' });
    await t.app.db.tx(async (tx) => {
      const [application] = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO day_trades (user_id, order_no, market, currency, trade_date, closes_at, participation, multiple,
                                    status)
            VALUES (${day.userId}, ${`D-margin-${day.userId}`}, 'jpy', 'JPY', '2026-11-16', ${'2026-11-16T06:30:00Z'},
                    100000, 5, 'in_trade')
            RETURNING id::text`,
      );
      await tx.execute(sql`UPDATE positions SET day_trade_id = ${application!.id}::bigint WHERE id = ${tagged.id}`);
    });
    expect([tagged.day_trade, (await position(day, tagged.id)).day_trade]).toEqual([false, true]);
    await expectRefused(t.app, day, 'margin_day_trade', () => addMargin(day, tagged.id, '100'));
  });

  it('never overdraws under concurrent adds: the affordable ones pass, the hold matches the margin', async () => {
    const user = await trader(t.app, { JPY: '100000' });
    const p = await placed(user, { leverage: '10', quantity: '10' });
    const { available } = (await balancesOf(t.app, user)).JPY!;
    const each = new Decimal(available).div(3).floor();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addMargin(user, p.id, each.toFixed(), `concurrent-add-${i}-${user.userId}`)),
    );
    const passed = answers.filter((a) => a.body.status === 1).length;
    expect(passed).toBe(3);
    expect(answers.filter((a) => a.body.status === 0).map((a) => a.body.msg)).toEqual(
      Array(3).fill('insufficient_balance'),
    );
    const after = await position(user, p.id);
    expect(after.margin).toBe(new Decimal(p.margin).plus(each.times(3)).toFixed());
    const balance = (await balancesOf(t.app, user)).JPY!;
    expect(balance.available).toBe(new Decimal(available).minus(each.times(3)).toFixed());
    expect(await heldAndMargins(user)).toEqual({ held: after.margin, margins: after.margin });
    await expectLedgerBalanced(t.app);
  });
});
