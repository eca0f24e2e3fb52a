import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type PortfolioAnswer } from 'shared/contract';
import { Decimal } from 'shared/money';
import { queryRows } from '../db/query';
import { getHouseAccountId, getUserAccountId, postTransaction } from '../modules/ledger/ledger-repository';
import { postMultipart, registerAdmin, TINY_PNG } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { fund, moneyReadyUser, type MoneyUser } from '../testing/money';
import { frozenClock, placeOrder, TOKYO_OPEN, trader } from '../testing/trade';
import { post, type LoggedIn } from '../testing/users';

const clock = frozenClock();
const DAY = 86_400_000;
const proof = { proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' } };
/** Tokyo local midnight (UTC ms) starting a YYYY-MM-DD date. */
const tokyoMidnight = (date: string) => Date.parse(`${date}T00:00:00+09:00`);

describe.each(testBackends())('portfolio view on $name', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0 });
    admin = await registerAdmin(t.app);
  });
  afterAll(() => t.close());

  const portfolio = async (user: LoggedIn, days = '7'): Promise<PortfolioAnswer> => {
    const answer = await post(t.app, '/trade/portfolio', { days }, user.headers);
    expect(answer.body.status).toBe(1);
    return ENDPOINTS.portfolio.data.parse(answer.body.data);
  };
  const match = () => t.app.trade.matcher.runOnce();

  /** A deposit the back office approves (money in through the real deposit flow). */
  const deposit = async (user: LoggedIn, amount: string) => {
    const made = await postMultipart(
      t.app,
      '/funds/deposit',
      { amount, currency: 'JPY', channel_id: 'jp-mufg' },
      proof,
      user.headers,
    );
    expect(made.body.status).toBe(1);
    const id = (made.body.data as { id: number }).id;
    const review = await post(
      t.app,
      '/admin/depositReview',
      { id: String(id), action: 'approve', reason: '' },
      admin.headers,
    );
    expect(review.body.status).toBe(1);
  };

  const buy = async (user: MoneyUser, quantity: string) => {
    const answer = await placeOrder(t.app, user, { quantity });
    expect(answer.body.status).toBe(1);
    await match();
    return (answer.body.data as { id: number }).id;
  };
  const close = async (user: LoggedIn, id: number) => {
    expect((await post(t.app, '/trade/close', { id: String(id) }, user.headers)).body.status).toBe(1);
    await match();
  };

  it('recomputes equity per day from the ledger and daily closes, and P&L by market from the positions', async () => {
    clock.set(TOKYO_OPEN); // Monday 2026-11-16, 10:00 Tokyo
    const user = await trader(t.app, {}, true);
    await deposit(user, '500000');
    const a = await buy(user, '100');
    const b = await buy(user, '100');
    clock.set(new Date(TOKYO_OPEN.getTime() + DAY)); // Tuesday
    await close(user, a);
    const c = await buy(user, '100');
    clock.set(new Date(TOKYO_OPEN.getTime() + 2 * DAY + 3_600_000)); // Wednesday 11:00
    await close(user, b);
    clock.set(new Date(TOKYO_OPEN.getTime() + 3 * DAY + 4 * 3_600_000)); // Thursday 14:00: c still open
    const now = clock.now().getTime();

    const answer = await portfolio(user);
    expect(answer.days).toBe(7);
    expect(answer.simulated).toBe(true);

    // Independent recomputation: the JPY account's ledger rows, the positions' rows and /stock/candles.
    const entries = await t.app.db.tx((tx) =>
      queryRows<{ amount: string; at: string | Date }>(
        tx,
        sql`SELECT e.amount::text AS amount, e.created_at AS at FROM journal_entries e
            JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = ${user.userId} AND a.currency = 'JPY'`,
      ),
    );
    const positions = await t.app.db.tx((tx) =>
      queryRows<{
        id: string;
        stock_num: string;
        buy_price: string;
        fee: string;
        close_fee: string | null;
        realised_pnl: string | null;
        opened_at: string | Date;
        closed_at: string | Date | null;
      }>(
        tx,
        sql`SELECT id::text, stock_num::text, buy_price::text, fee::text, close_fee::text, realised_pnl::text,
                   opened_at, closed_at FROM positions WHERE user_id = ${user.userId} ORDER BY id`,
      ),
    );
    expect(positions.map((p) => Number(p.id))).toEqual([a, b, c]);
    expect(positions.map((p) => p.closed_at === null)).toEqual([false, false, true]);
    const candles = await post(
      t.app,
      '/stock/candles',
      { code: '7203', market: 'jpy', period: 'day', limit: '30' },
      user.headers,
    );
    const daily = ENDPOINTS.stockCandles.data.parse(candles.body.data).list;
    const closeOn = (date: string) => daily.filter((d) => d.date <= date).at(-1)!.close;

    const jpy = answer.series.find((s) => s.currency === 'JPY')!;
    expect(jpy.points.map((p) => p.date)).toEqual([
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
    ]);
    for (const point of jpy.points) {
      const end = Math.min(tokyoMidnight(point.date) + DAY, now);
      const balance = entries
        .filter((e) => new Date(e.at).getTime() < end)
        .reduce((sum, e) => sum.plus(e.amount), new Decimal(0));
      const unrealised = positions
        .filter(
          (p) => new Date(p.opened_at).getTime() < end && (!p.closed_at || new Date(p.closed_at).getTime() >= end),
        )
        .reduce(
          (sum, p) => sum.plus(new Decimal(closeOn(point.date)).minus(p.buy_price).times(p.stock_num)),
          new Decimal(0),
        );
      expect({
        date: point.date,
        balance: new Decimal(point.balance).toFixed(),
        unrealised: new Decimal(point.unrealised).toFixed(),
      }).toEqual({
        date: point.date,
        balance: balance.toFixed(),
        unrealised: unrealised.toFixed(),
      });
      expect(new Decimal(point.equity).eq(balance.plus(unrealised))).toBe(true);
    }
    expect(jpy.points[0]!.balance).toBe('0');
    expect(new Decimal(jpy.points[3]!.balance).gt(0)).toBe(true); // the deposit on Monday
    expect(new Decimal(jpy.points.at(-1)!.unrealised).isZero()).toBe(false); // c is open

    const jpyMarket = answer.by_market.find((m) => m.market === 'jpy')!;
    const closed = positions.filter((p) => p.closed_at);
    const realised = closed.reduce((s, p) => s.plus(p.realised_pnl!), new Decimal(0));
    const fees = positions.reduce((s, p) => s.plus(p.fee).plus(p.close_fee ?? 0), new Decimal(0));
    expect(new Decimal(jpyMarket.realised).eq(realised)).toBe(true);
    expect(new Decimal(jpyMarket.fees).eq(fees)).toBe(true);
    expect(fees.gt(0)).toBe(true);
    expect(jpyMarket.open_positions).toBe(1);
    const quote = (await post(t.app, '/stock/detail', { code: '7203', market: 'jpy' }, user.headers)).body.data as {
      price: string;
    };
    const open = positions.at(-1)!;
    const unrealisedNow = new Decimal(quote.price).minus(open.buy_price).times(open.stock_num);
    expect(new Decimal(jpyMarket.unrealised).eq(unrealisedNow)).toBe(true);
    expect(new Decimal(jpyMarket.total).eq(realised.minus(fees).plus(unrealisedNow))).toBe(true);
    expect(answer.by_market.map((m) => m.market)).toEqual(['jpy']);

    // Another user sees only their own money: no positions, their funding only.
    const other = await trader(t.app, { USD: '1000' }, false);
    const theirs = await portfolio(other, '30');
    expect(theirs.by_market).toEqual([]);
    expect(theirs.series.find((s) => s.currency === 'JPY')!.points.every((p) => p.equity === '0')).toBe(true);
    expect(theirs.series.find((s) => s.currency === 'USD')!.points.at(-1)!.equity).toBe('1000');
    expect(theirs.series.find((s) => s.currency === 'USD')!.points).toHaveLength(30);
  });

  it('measures performance net of cash flows: deposits and credits are not gains (issue 35)', async () => {
    clock.set(TOKYO_OPEN); // Monday 2026-11-16, 10:00 Tokyo
    const user = await trader(t.app, {}, true);
    await fund(t.app, user.userId, '2000000');
    const a = await buy(user, '100');
    clock.set(new Date(TOKYO_OPEN.getTime() + DAY)); // Tuesday: an operator's credit and a close
    await t.app.db.tx(async (tx) => {
      await postTransaction(tx, {
        kind: 'correction',
        reference: 'TEST-CREDIT',
        at: clock.now(),
        entries: [
          { accountId: await getHouseAccountId(tx, 'corrections', 'JPY'), currency: 'JPY', amount: '-500000' },
          { accountId: await getUserAccountId(tx, user.userId, 'JPY'), currency: 'JPY', amount: '500000' },
        ],
      });
    });
    await close(user, a);
    clock.set(new Date(TOKYO_OPEN.getTime() + 2 * DAY)); // Wednesday: more money in
    await fund(t.app, user.userId, '7515');
    clock.set(new Date(TOKYO_OPEN.getTime() + 3 * DAY));

    const jpy = (await portfolio(user)).series.find((s) => s.currency === 'JPY')!;
    const [position] = await t.app.db.tx((tx) =>
      queryRows<{ realised: string; fee: string; close_fee: string }>(
        tx,
        sql`SELECT realised_pnl::text AS realised, fee::text, close_fee::text FROM positions WHERE id = ${a}`,
      ),
    );
    const made = new Decimal(position!.realised).minus(position!.fee).minus(position!.close_fee);
    expect(made.isZero()).toBe(false);
    const byDate = Object.fromEntries(jpy.points.map((p) => [p.date, p]));
    expect(byDate['2026-11-16']!.flows).toBe('2000000');
    expect(byDate['2026-11-17']!.flows).toBe('500000');
    expect(byDate['2026-11-18']!.flows).toBe('7515');
    expect(byDate['2026-11-15']!.flows).toBe('0');
    // The money that came in moved the balance and equity, not the performance: what the trade made after fees.
    const last = jpy.points.at(-1)!;
    expect(new Decimal(last.balance).eq(made.plus(2507515))).toBe(true);
    expect(new Decimal(last.pnl!).eq(made)).toBe(true);
    expect(new Decimal(last.equity).minus(jpy.points[0]!.equity).toFixed()).not.toBe(made.toFixed());
    // Time-weighted: each day's gain over the money at work that day, chained (2 decimals, percent).
    let growth = new Decimal(1);
    let before = new Decimal(0);
    for (const p of jpy.points) {
      const base = before.plus(p.flows!);
      if (base.gt(0)) growth = growth.times(new Decimal(p.equity).minus(p.flows!).minus(before).div(base).plus(1));
      before = new Decimal(p.equity);
    }
    expect(jpy.twr).toBe(growth.minus(1).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    // A currency without money has no return to show.
    expect((await portfolio(user)).series.find((s) => s.currency === 'CNY')!.twr).toBeNull();
    // By market: realised after fees beside the gross figure.
    const market = (await portfolio(user)).by_market.find((m) => m.market === 'jpy')!;
    expect(new Decimal(market.realised_net!).eq(made)).toBe(true);
    expect(new Decimal(market.realised).eq(position!.realised)).toBe(true);
  });

  it('refuses days other than 7, 30, 90 or 365, and calls without a session', async () => {
    const user = await moneyReadyUser(t.app);
    for (const days of ['5', '0', '366', 'abc', '-7']) {
      const answer = await post(t.app, '/trade/portfolio', { days }, user.headers);
      expect({ status: answer.body.status, msg: answer.body.msg }).toEqual({ status: 0, msg: 'field_invalid' });
    }
    const anonymous = await post(t.app, '/trade/portfolio', { days: '7' }, {});
    expect(anonymous.body.status).not.toBe(1);
    const year = await portfolio(user, '365');
    expect(year.series.map((s) => s.points.length)).toEqual([365, 365, 365]);
  });
});
