import '../testing/setup';
import { and, eq } from 'drizzle-orm';
import { ENDPOINTS, type CurrencyAssets } from 'shared/contract';
import { Decimal, MARKET_CURRENCY, roundMoney, type Currency } from 'shared/money';
import {
  copyTradeOrders,
  creditOrders,
  exchangeRates,
  loans,
  newShareOrders,
  positions,
  withdrawals,
} from '../db/schema';
import type { Tx } from '../db/database';
import { getHouseAccountId, getUserAccountId, placeHold, postTransaction } from '../modules/ledger/ledger-repository';
import { findUserByAccount } from '../modules/users/users-repository';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { post, registerAndLogin, type LoggedIn } from '../testing/users';
import { TOKYO_OPEN } from '../testing/trade';

const RATE_TIME = new Date('2026-11-20T01:00:00.000Z');

async function deposit(tx: Tx, userId: bigint, currency: Currency, amount: string) {
  const account = await getUserAccountId(tx, userId, currency);
  const bank = await getHouseAccountId(tx, 'bank', currency);
  await postTransaction(tx, {
    kind: 'deposit',
    entries: [
      { accountId: bank, currency, amount: new Decimal(amount).negated().toFixed() },
      { accountId: account, currency, amount },
    ],
  });
  return account;
}

async function setMidRate(tx: Tx, from: Currency, to: Currency, rate: string) {
  await tx
    .update(exchangeRates)
    .set({ rate, updatedAt: RATE_TIME })
    .where(and(eq(exchangeRates.fromCurrency, from), eq(exchangeRates.toCurrency, to)));
}

const ZERO_PARTS = {
  new_shares: '0',
  withdrawals: '0',
  copy_trades: '0',
  credit_orders: '0',
  holdings: '0',
  pending_orders: '0',
};

describe.each(testBackends())('/user/assets on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => TOKYO_OPEN });
  });
  afterAll(() => t.close());

  it('answers a new account: JPY, USD and CNY at zero, total 0 in JPY by default', async () => {
    const user = await registerAndLogin(t.app);
    const answer = await post(t.app, '/user/assets', {}, user.headers);
    expect(answer.body.status).toBe(1);
    const data = ENDPOINTS.accountAssets.data.parse(answer.body.data);
    expect(data).toMatchObject({ display: 'JPY', total: '0', rate_kind: 'mid' });
    expect(data.currencies.map((c) => c.currency)).toEqual(['JPY', 'USD', 'CNY']);
    expect(data.currencies[0]).toEqual({
      currency: 'JPY',
      available: '0',
      frozen: '0',
      frozen_parts: ZERO_PARTS,
      debt: '0',
      holdings_value: '0',
      unrealised: '0',
      total: '0',
    });
    expect(data.rates.map((r) => `${r.from}→${r.to}`)).toEqual(['USD→JPY', 'CNY→JPY']);
  });

  it('refuses an unknown display currency naming the field, and needs a session', async () => {
    const user = await registerAndLogin(t.app);
    expect((await post(t.app, '/user/assets', { display: 'EUR' }, user.headers)).body).toMatchObject({
      status: 0,
      msg: 'field_invalid',
      field: 'display',
    });
    expect((await post(t.app, '/user/assets', {})).statusCode).toBe(401);
  });

  describe('with money and holds of every kind in several currencies', () => {
    let user: LoggedIn;
    beforeAll(async () => {
      user = await registerAndLogin(t.app);
      await t.app.db.tx(async (tx) => {
        const userId = (await findUserByAccount(tx, user.account))!.id;
        const jpy = await deposit(tx, userId, 'JPY', '1000000');
        const usd = await deposit(tx, userId, 'USD', '1000.5');
        await deposit(tx, userId, 'CNY', '5000');
        await deposit(tx, userId, 'HKD', '1234.56');
        const common = { userId, holderName: 'Taro', bankName: 'Bank', cardNumberMasked: '****1234' };
        // JPY: a withdrawal under review, a subscribed new share, an active copy-trade, a credit
        // order, a holding, a pending limit order, a loan; and rows that do not count.
        const jpyHold = await placeHold(tx, { accountId: jpy, currency: 'JPY', amount: '50000', reason: 'withdrawal' });
        await tx
          .insert(withdrawals)
          .values({ ...common, orderNo: 'A-W1', currency: 'JPY', money: '50000', holdId: jpyHold });
        await tx.insert(withdrawals).values({ ...common, orderNo: 'A-W2', currency: 'JPY', money: '7000', status: 1 });
        const share = { userId, market: 'jpy' as const, currency: 'JPY', code: '9999', name: 'New Co' };
        const shareMoney = { subscriptionPrice: '1000', quantity: '100' };
        await tx
          .insert(newShareOrders)
          .values({ ...share, ...shareMoney, orderNo: 'A-N1', rjmoney: '100000', status: 1 });
        await tx
          .insert(newShareOrders)
          .values({ ...share, ...shareMoney, orderNo: 'A-N2', code: '9998', rjmoney: '999', status: 0 });
        const copy = { userId, productName: 'Model', issuer: 'Desk' };
        await tx.insert(copyTradeOrders).values({ ...copy, orderNo: 'A-C1', currency: 'JPY', money: '30000' });
        await tx.insert(copyTradeOrders).values({ ...copy, orderNo: 'A-C2', currency: 'USD', money: '200' });
        await tx.insert(copyTradeOrders).values({ ...copy, orderNo: 'A-C3', currency: 'JPY', money: '1', status: 2 });
        const credit = { userId, code: '7203', name: 'Toyota', quantity: '10' };
        await tx
          .insert(creditOrders)
          .values({ ...credit, orderNo: 'A-R1', market: 'jpy', currency: 'JPY', credit: '20000' });
        await tx
          .insert(creditOrders)
          .values({ ...credit, orderNo: 'A-R2', market: 'cny', currency: 'CNY', credit: '300.25' });
        const position = { userId, direction: 'long' as const, priceType: 'market' as const, status: 0 };
        await tx.insert(positions).values({
          ...position,
          orderNo: 'A-P1',
          market: 'jpy',
          currency: 'JPY',
          code: '7203',
          name: 'Toyota',
          stockNum: '100',
          buyPrice: '2500.5',
          cost: '250050',
        });
        const limitHold = await placeHold(tx, { accountId: jpy, currency: 'JPY', amount: '12345', reason: 'margin' });
        await tx.insert(positions).values({
          ...position,
          orderNo: 'A-P2',
          market: 'jpy',
          currency: 'JPY',
          code: '6758',
          name: 'Sony',
          priceType: 'limit',
          limitPrice: '1234.5',
          stockNum: '10',
          buyPrice: '1234.5',
          cost: '12345',
          status: 3,
          holdId: limitHold,
        });
        await tx.insert(positions).values({
          ...position,
          orderNo: 'A-P3',
          market: 'usd',
          currency: 'USD',
          code: 'AAPL',
          name: 'Apple',
          stockNum: '2',
          buyPrice: '190.25',
          cost: '380.5',
        });
        const usdHold = await placeHold(tx, { accountId: usd, currency: 'USD', amount: '100', reason: 'withdrawal' });
        await tx
          .insert(withdrawals)
          .values({ ...common, orderNo: 'A-W3', currency: 'USD', money: '100', holdId: usdHold });
        await tx
          .insert(loans)
          .values({ userId, orderNo: 'A-L1', currency: 'JPY', amount: '200000', repaid: '50000', status: 1 });
        await tx.insert(loans).values({ userId, orderNo: 'A-L2', currency: 'USD', amount: '999', status: 0 });
        await setMidRate(tx, 'USD', 'JPY', '150.12');
        await setMidRate(tx, 'CNY', 'JPY', '20.8333');
        await setMidRate(tx, 'HKD', 'JPY', '19.25');
        await setMidRate(tx, 'JPY', 'USD', '0.006661337');
      });
    });

    const assets = async (display?: string) => {
      const answer = await post(t.app, '/user/assets', display ? { display } : {}, user.headers);
      expect(answer.body.status).toBe(1);
      return ENDPOINTS.accountAssets.data.parse(answer.body.data);
    };

    it.each(['jpy', 'usd', 'cny'] as const)(
      'gives for %s the figures getUserinfo and the spec §7 list calls give for that market',
      async (market) => {
        const currency = MARKET_CURRENCY[market];
        const row = (await assets()).currencies.find((c) => c.currency === currency)!;
        const info = (await post(t.app, '/user/getUserinfo', { type: market }, user.headers)).body.data;
        expect(row).toMatchObject({ available: info.jpy, frozen: info.frozen, total: info.total, debt: info.jpyyjed });
        expect(row.holdings_value).toBe(roundMoney(info.ccsz, currency).toFixed());
        expect(row.unrealised).toBe(roundMoney(info.fdyk, currency).toFixed());
        // The parts, each from its list call (spec §7) under the rule of spec §4.
        const list = async (path: string) => (await post(t.app, path, { type: market }, user.headers)).body.data;
        const sum = (rows: Array<Record<string, unknown>>, status: number, key: string) =>
          rows
            .filter((r) => r.status === status)
            .reduce((acc, r) => acc.plus(r[key] === '-' ? 0 : (r[key] as string)), new Decimal(0))
            .toFixed();
        const holdings = await list('/trade/userstocklist');
        expect(row.frozen_parts).toEqual({
          new_shares: sum(await list('/trade/usernewstocklist'), 1, 'rjmoney'),
          withdrawals: sum(await list('/user/withdrawallist'), 0, 'money'),
          copy_trades: sum(await list('/trade/userproductlist'), 0, 'money'),
          credit_orders: sum(await list('/trade/ustockslist'), 0, 'credit'),
          holdings: sum(Object.values(holdings.list), 0, 'cost'),
          pending_orders: holdings.pending_frozen,
        });
        const parts = Object.values(row.frozen_parts).reduce((acc, p) => acc.plus(p), new Decimal(0));
        expect(parts.toFixed()).toBe(row.frozen);
        expect(new Decimal(row.available).plus(row.frozen).toFixed()).toBe(row.total);
      },
    );

    it('breaks the holds down by kind, per currency', async () => {
      const byCurrency = new Map((await assets()).currencies.map((c) => [c.currency, c] as const));
      expect(byCurrency.get('JPY')).toEqual({
        currency: 'JPY',
        // 1,000,000 less the 50,000 withdrawal hold and the 12,345 limit-order hold.
        available: '937655',
        frozen: '462395',
        frozen_parts: {
          new_shares: '100000',
          withdrawals: '50000',
          copy_trades: '30000',
          credit_orders: '20000',
          holdings: '250050',
          pending_orders: '12345',
        },
        debt: '150000',
        holdings_value: expect.any(String),
        unrealised: expect.any(String),
        total: '1400050',
      });
      expect(byCurrency.get('USD')).toMatchObject({
        available: '900.5',
        frozen: '680.5',
        frozen_parts: { ...ZERO_PARTS, withdrawals: '100', copy_trades: '200', holdings: '380.5' },
        debt: '0',
        total: '1581',
      });
      expect(byCurrency.get('CNY')).toMatchObject({
        available: '5000',
        frozen: '300.25',
        frozen_parts: { ...ZERO_PARTS, credit_orders: '300.25' },
        total: '5300.25',
      });
      // Another of the nine with a balance is listed after the three markets; the empty ones are not.
      expect([...byCurrency.keys()]).toEqual(['JPY', 'USD', 'CNY', 'HKD']);
      expect(byCurrency.get('HKD')).toMatchObject({ available: '1234.56', frozen: '0', total: '1234.56' });
    });

    it('converts the total into JPY at the mid rates, summed exactly and rounded once', async () => {
      const data = await assets('JPY');
      const rows = new Map<Currency, CurrencyAssets>(data.currencies.map((c) => [c.currency, c]));
      // 1,400,050 + 1,581 × 150.12 + 5,300.25 × 20.8333 + 1,234.56 × 19.25
      //   = 1,400,050 + 237,339.72 + 110,421.698325 + 23,765.28 = 1,771,576.698325 → 1,771,577 (JPY: no decimals)
      const exact = new Decimal(rows.get('JPY')!.total)
        .plus(new Decimal(rows.get('USD')!.total).times('150.12'))
        .plus(new Decimal(rows.get('CNY')!.total).times('20.8333'))
        .plus(new Decimal(rows.get('HKD')!.total).times('19.25'));
      expect(data.total).toBe(roundMoney(exact, 'JPY').toFixed());
      expect(data.total).toBe('1771577');
      expect(data.rates).toEqual([
        { from: 'USD', to: 'JPY', rate: '150.12', updated_at: RATE_TIME.toISOString() },
        { from: 'CNY', to: 'JPY', rate: '20.8333', updated_at: RATE_TIME.toISOString() },
        { from: 'HKD', to: 'JPY', rate: '19.25', updated_at: RATE_TIME.toISOString() },
      ]);
      expect(data.rates_at).toBe(RATE_TIME.toISOString());
    });

    it('converts into another display currency with its minor unit (USD: 2 decimals)', async () => {
      const data = await assets('USD');
      const rates = new Map(data.rates.map((r) => [r.from, r.rate]));
      expect(rates.get('JPY')).toBe('0.006661337');
      const exact = data.currencies.reduce(
        (acc, c) => acc.plus(new Decimal(c.total).times(c.currency === 'USD' ? 1 : rates.get(c.currency)!)),
        new Decimal(0),
      );
      expect(data.display).toBe('USD');
      expect(data.total).toBe(roundMoney(exact, 'USD').toFixed());
      expect(new Decimal(data.total).decimalPlaces()).toBeLessThanOrEqual(2);
      // The per-currency figures do not depend on the display currency.
      expect(data.currencies).toEqual((await assets('JPY')).currencies);
    });
  });
});
