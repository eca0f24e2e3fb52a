import '../testing/setup';
import { ENDPOINTS, type EndpointName } from 'shared/contract';
import { positions, withdrawals, newShareOrders, loans } from '../db/schema';
import { getHouseAccountId, getUserAccountId, placeHold, postTransaction } from '../modules/ledger/ledger-repository';
import { findUserByAccount } from '../modules/users/users-repository';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { post, registerAndLogin, type LoggedIn } from '../testing/users';
import { Decimal } from 'shared/money';
import { lookAhead, TOKYO_OPEN } from '../testing/trade';

// Holdings are valued at the simulator's live price on the app clock (fixed here, never the wall clock).
const LIVE_7203 = lookAhead().priceAt('jpy', '7203', TOKYO_OPEN);

const LIST_CALLS: Array<[EndpointName, unknown]> = [
  ['newStockList', []],
  ['withdrawalList', []],
  ['productList', []],
  ['creditList', []],
  ['holdings', { list: {}, ccsz: '0', fdyk: '0', pending_frozen: '0' }],
  ['holdingsHistory', { list: [], lsyk: '0', lsyk_net: '0' }],
];

describe.each(testBackends())('asset calls on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => TOKYO_OPEN });
  });
  afterAll(() => t.close());

  describe('for a new user', () => {
    let user: LoggedIn;
    beforeAll(async () => {
      user = await registerAndLogin(t.app);
    });

    it.each(['jpy', 'usd', 'cny'] as const)('getUserinfo answers zeros in the %s market', async (market) => {
      const answer = await post(t.app, '/user/getUserinfo', { type: market }, user.headers);
      expect(answer.body.status).toBe(1);
      expect(ENDPOINTS.userInfo.data.parse(answer.body.data)).toEqual({
        account: user.account,
        currency: market.toUpperCase(),
        jpy: '0',
        jpyyjed: '0',
        frozen: '0',
        total: '0',
        ccsz: '0',
        fdyk: '0',
        realname_status: 'none',
        has_fund_password: false,
        unread_messages: 0,
        invite_code: expect.stringMatching(/^\S{4,}$/),
        admin_roles: [],
      });
    });

    it('getUserinfo defaults to the jpy market', async () => {
      expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).body.data.currency).toBe('JPY');
    });

    it('refuses an unknown market with field_invalid naming the field', async () => {
      const answer = await post(t.app, '/user/getUserinfo', { type: 'eur' }, user.headers);
      expect(answer.body).toMatchObject({ status: 0, msg: 'field_invalid', field: 'type' });
    });

    it.each(LIST_CALLS)('%s answers its contract shape, empty', async (name, empty) => {
      const answer = await post(t.app, ENDPOINTS[name].path, { type: 'jpy' }, user.headers);
      expect(answer.body.status).toBe(1);
      expect(ENDPOINTS[name].data.parse(answer.body.data)).toEqual(empty);
    });
  });

  describe('with money and orders in the ledger', () => {
    let user: LoggedIn;
    beforeAll(async () => {
      user = await registerAndLogin(t.app);
      await t.app.db.tx(async (tx) => {
        const userId = (await findUserByAccount(tx, user.account))!.id;
        const jpy = await getUserAccountId(tx, userId, 'JPY');
        const bank = await getHouseAccountId(tx, 'bank', 'JPY');
        await postTransaction(tx, {
          kind: 'deposit',
          entries: [
            { accountId: bank, currency: 'JPY', amount: '-1000000' },
            { accountId: jpy, currency: 'JPY', amount: '1000000' },
          ],
        });
        const holdId = await placeHold(tx, { accountId: jpy, currency: 'JPY', amount: '50000', reason: 'withdrawal' });
        await tx.insert(withdrawals).values({
          userId,
          orderNo: 'W-T-1',
          currency: 'JPY',
          money: '50000',
          holderName: 'Taro',
          bankName: 'Bank',
          cardNumberMasked: '****1234',
          holdId,
        });
        await tx.insert(newShareOrders).values({
          userId,
          orderNo: 'N-T-1',
          market: 'jpy',
          currency: 'JPY',
          code: '9999',
          name: 'New Co',
          subscriptionPrice: '1000',
          quantity: '100',
          rjmoney: '100000',
          status: 1,
        });
        await tx.insert(positions).values({
          userId,
          orderNo: 'P-T-1',
          market: 'jpy',
          currency: 'JPY',
          code: '7203',
          name: 'Toyota',
          direction: 'long',
          priceType: 'market',
          stockNum: '100',
          buyPrice: '2500.5',
          cost: '250050',
          status: 0,
        });
        await tx.insert(positions).values({
          userId,
          orderNo: 'P-T-2',
          market: 'jpy',
          currency: 'JPY',
          code: '6758',
          name: 'Sony',
          direction: 'long',
          priceType: 'market',
          stockNum: '10',
          buyPrice: '3000',
          cost: '30000',
          status: 2,
          sellPrice: '3100',
          realisedPnl: '1000',
        });
        await tx
          .insert(loans)
          .values({ userId, orderNo: 'L-T-1', currency: 'JPY', amount: '200000', repaid: '50000', status: 1 });
        await tx.insert(withdrawals).values({
          userId,
          orderNo: 'W-T-U',
          currency: 'USD',
          money: '100',
          holderName: 'Taro',
          bankName: 'Bank',
          cardNumberMasked: '****1234',
        });
      });
    });

    it('getUserinfo derives frozen and total from the same rows the lists return (spec §4)', async () => {
      const info = (await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).body.data;
      // available = 1,000,000 deposited - 50,000 held for the withdrawal.
      expect(info.jpy).toBe('950000');
      // frozen = 100,000 new shares + 50,000 withdrawal + 250,050 holding cost.
      expect(info.frozen).toBe('400050');
      expect(info.total).toBe('1350050');
      expect(info.jpyyjed).toBe('150000');
      // Market value and floating P&L at the live price.
      expect(info.ccsz).toBe(LIVE_7203.times(100).toFixed());
      expect(info.fdyk).toBe(LIVE_7203.minus('2500.5').times(100).toFixed());
    });

    it('lists answer decimal strings and the spec fields', async () => {
      const withdrawalsAnswer = (await post(t.app, '/user/withdrawallist', { type: 'jpy' }, user.headers)).body.data;
      expect(withdrawalsAnswer).toEqual([expect.objectContaining({ status: 0, money: '50000', order_no: 'W-T-1' })]);
      const stocks = (await post(t.app, '/trade/usernewstocklist', { type: 'jpy' }, user.headers)).body.data;
      expect(stocks).toEqual([expect.objectContaining({ status: 1, rjmoney: '100000' })]);
      const holdings = ENDPOINTS.holdings.data.parse(
        (await post(t.app, '/trade/userstocklist', { type: 'jpy' }, user.headers)).body.data,
      );
      const [holding] = Object.values(holdings.list);
      expect(holding).toMatchObject({
        status: 0,
        stock_num: '100',
        buy_price: '2500.5',
        nowprice: LIVE_7203.toFixed(),
        yingkui: LIVE_7203.minus('2500.5').times(100).toFixed(),
      });
      expect(new Decimal(holdings.fdyk).eq(LIVE_7203.minus('2500.5').times(100))).toBe(true);
      const history = ENDPOINTS.holdingsHistory.data.parse(
        (await post(t.app, '/trade/userstocklists', { type: 'jpy' }, user.headers)).body.data,
      );
      expect(history.lsyk).toBe('1000');
      expect(history.list).toHaveLength(1);
    });

    it("names holdings in the reader's language (lang), as the quote screens do", async () => {
      const names = async (path: string, lang: string) => {
        const data = (await post(t.app, path, { type: 'jpy', lang }, user.headers)).body.data;
        return (Array.isArray(data.list) ? data.list : Object.values(data.list)).map(
          (row: { name: string }) => row.name,
        );
      };
      expect(await names('/trade/userstocklist', 'us')).toEqual(['Toyota Motor']);
      expect(await names('/trade/userstocklist', 'jp')).toEqual(['トヨタ自動車']);
      expect(await names('/trade/userstocklist', 'cn')).toEqual(['丰田汽车']);
      expect(await names('/trade/userstocklists', 'jp')).not.toEqual(await names('/trade/userstocklists', 'us'));
    });

    it('keeps markets apart: the usd market sees only usd rows', async () => {
      const info = (await post(t.app, '/user/getUserinfo', { type: 'usd' }, user.headers)).body.data;
      expect(info).toMatchObject({ currency: 'USD', jpy: '0', frozen: '100', total: '100', jpyyjed: '0' });
      expect((await post(t.app, '/user/withdrawallist', { type: 'usd' }, user.headers)).body.data).toHaveLength(1);
    });
  });
});
