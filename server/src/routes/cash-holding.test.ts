import '../testing/setup';
import { sql } from 'drizzle-orm';
import { tradePosition, type TradePosition } from 'shared/contract';
import { Decimal } from 'shared/money';
import { queryRows } from '../db/query';
import { insertGrantedHolding } from '../modules/trade/granted-holding';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { expectRefused } from '../testing/money';
import { frozenClock, placeOrder, TOKYO_OPEN, trader, type Trader } from '../testing/trade';
import { post } from '../testing/users';

const clock = frozenClock();

/**
 * Issue 35 "1× is cash": a long at 1× (a 1× buy, an IPO or block allocation) is fully paid: no liquidation price,
 * no margin call, no added margin; a day-trade position is tagged in the holdings list; a closed position's P&L is
 * also answered after its fees.
 */
describe.each(testBackends())('cash holdings and P&L after fees on $name', (backend) => {
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
  const position = async (user: Trader, id: number | string) =>
    tradePosition.parse((await post(t.app, '/trade/position', { id: String(id) }, user.headers)).body.data);
  const holdings = async (user: Trader) =>
    (await post(t.app, '/trade/userstocklist', { type: 'jpy' }, user.headers)).body.data.list as Record<
      string,
      Record<string, unknown>
    >;

  it('shows no liquidation price and refuses added margin on a 1× long, an allotted new share, a block', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const cash = await placed(user, { leverage: '1', quantity: '100' });
    const geared = await placed(user, { leverage: '2', quantity: '100' });
    const short = await placed(user, { side: 'short', leverage: '1', quantity: '100' });
    const granted = await Promise.all(
      (['new_share', 'block'] as const).map((source) =>
        t.app.db.tx((tx) =>
          insertGrantedHolding(tx, {
            userId: user.userId,
            market: 'jpy',
            code: '7203',
            quantity: '100',
            price: '2500',
            currency: 'JPY',
            source,
            at: clock.now(),
          }),
        ),
      ),
    );
    const list = await holdings(user);
    for (const id of [cash.id, ...granted.map((g) => g.id)]) {
      const detail = await position(user, id);
      expect({ fully_paid: detail.fully_paid, liquidation: detail.liquidation_price }).toEqual({
        fully_paid: true,
        liquidation: null,
      });
      expect(list[String(id)]).toMatchObject({ fully_paid: true, liquidation_price: null, maintenance_ratio: null });
      await expectRefused(t.app, user, 'margin_fully_paid', () =>
        post(t.app, '/trade/addMargin', { id: String(id), amount: '100' }, user.headers),
      );
    }
    // Leverage and a short (borrowed shares, even at 1×) keep their liquidation price and take margin.
    for (const p of [geared, short]) {
      expect({ fully_paid: p.fully_paid, has_price: p.liquidation_price !== null }).toEqual({
        fully_paid: false,
        has_price: true,
      });
      expect(list[String(p.id)]).toMatchObject({ fully_paid: false });
      expect(
        (await post(t.app, '/trade/addMargin', { id: String(p.id), amount: '100' }, user.headers)).body.status,
      ).toBe(1);
    }
  });

  it('never margin-calls a fully paid long, while a leveraged one under water is closed', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const cash = await placed(user, { leverage: '1', quantity: '100' });
    const geared = await placed(user, { leverage: '2', quantity: '100' });
    // Both bought at three times today's price: far beyond any maintenance ratio.
    await t.app.db.tx((tx) =>
      tx.execute(sql`UPDATE positions SET buy_price = buy_price * 3 WHERE id IN (${cash.id}, ${geared.id})`),
    );
    await t.app.trade.matcher.runOnce();
    expect((await position(user, geared.id)).closed_by).toBe('margin_call');
    expect((await position(user, cash.id)).state).toBe('holding');
  });

  it('tags a day-trade position in the holdings list', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const plain = await placed(user, { leverage: '2', quantity: '10' });
    const tagged = await placed(user, { leverage: '2', quantity: '10' });
    await t.app.db.tx(async (tx) => {
      const [application] = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO day_trades (user_id, order_no, market, currency, trade_date, closes_at, participation, multiple,
                                    status)
            VALUES (${user.userId}, ${`D-cash-${user.userId}`}, 'jpy', 'JPY', '2026-11-16', ${'2026-11-16T06:30:00Z'},
                    100000, 5, 'in_trade')
            RETURNING id::text`,
      );
      await tx.execute(sql`UPDATE positions SET day_trade_id = ${application!.id}::bigint WHERE id = ${tagged.id}`);
    });
    const list = await holdings(user);
    expect([list[String(plain.id)]!.day_trade, list[String(tagged.id)]!.day_trade]).toEqual([false, true]);
  });

  it('answers the realised P&L after the opening and closing fees, per position and in total', async () => {
    const user = await trader(t.app, { JPY: '10000000' });
    const ids: number[] = [];
    for (const quantity of ['100', '200']) {
      const p = await placed(user, { leverage: '2', quantity });
      ids.push(p.id);
    }
    await t.app.trade.matcher.runOnce();
    clock.set(new Date(TOKYO_OPEN.getTime() + 3_600_000));
    for (const id of ids)
      expect((await post(t.app, '/trade/close', { id: String(id) }, user.headers)).body.status).toBe(1);
    await t.app.trade.matcher.runOnce();
    const rows = await t.app.db.tx((tx) =>
      queryRows<{ id: string; realised: string; fee: string; close_fee: string }>(
        tx,
        sql`SELECT id::text, realised_pnl::text AS realised, fee::text, close_fee::text FROM positions
            WHERE user_id = ${user.userId} ORDER BY id`,
      ),
    );
    const net = rows.map((r) => new Decimal(r.realised).minus(r.fee).minus(r.close_fee));
    expect(rows.every((r) => new Decimal(r.fee).gt(0) && new Decimal(r.close_fee).gt(0))).toBe(true);
    const history = (await post(t.app, '/trade/userstocklists', { type: 'jpy' }, user.headers)).body.data as {
      list: Array<{ id: string; yingkui: string; net_pnl: string }>;
      lsyk: string;
      lsyk_net: string;
    };
    for (const [i, r] of rows.entries()) {
      const shown = history.list.find((h) => h.id === r.id)!;
      expect(new Decimal(shown.yingkui).eq(r.realised)).toBe(true);
      expect(new Decimal(shown.net_pnl).eq(net[i]!)).toBe(true);
      expect(new Decimal((await position(user, r.id)).net_pnl!).eq(net[i]!)).toBe(true);
    }
    expect(new Decimal(history.lsyk_net).eq(net[0]!.plus(net[1]!))).toBe(true);
    expect(
      new Decimal(history.lsyk)
        .minus(history.lsyk_net)
        .eq(rows.reduce((s, r) => s.plus(r.fee).plus(r.close_fee), new Decimal(0))),
    ).toBe(true);
    // An open position has no net figure yet.
    const open = await placed(user, { leverage: '2', quantity: '10' });
    expect(open.net_pnl).toBeNull();
  });
});
