import '../testing/setup';
import { quote as quoteSchema, stockCandles, stockList, watchlist as watchlistSchema } from 'shared/contract';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { post, registerAndLogin } from '../testing/users';

// Wednesday 2025-03-12, 11:00 in Tokyo and 10:00 in Shanghai (both open); New York closed.
const START = new Date('2025-03-12T02:00:00Z');
let now = START;

describe.each(testBackends())('market data on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    now = START;
    t = await startTestApp(backend, { now: () => now });
  });
  afterAll(() => t.close());

  it('lists a market with its index, sorted and paged; every answer says simulated', async () => {
    const user = await registerAndLogin(t.app);
    const answer = await post(
      t.app,
      '/stock/list',
      { market: 'jpy', sort: 'price', order: 'desc', page: '2', size: '10', lang: 'jp' },
      user.headers,
    );
    expect(answer.body.status).toBe(1);
    const data = stockList.parse(answer.body.data);
    expect(data).toMatchObject({
      total: 31,
      page: 2,
      size: 10,
      simulated: true,
      index: { code: 'N225', name: '日経平均株価', status: 'open' },
    });
    const prices = data.list.map((q) => Number(q.price));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(data.list.every((q) => q.simulated)).toBe(true);
  });

  it('answers detail, search and candles, moving with the injectable clock', async () => {
    const user = await registerAndLogin(t.app);
    const detail = await post(t.app, '/stock/detail', { code: '600519', market: 'cny', lang: 'cn' }, user.headers);
    expect(quoteSchema.parse(detail.body.data)).toMatchObject({
      code: '600519',
      name: '贵州茅台',
      status: 'open',
      simulated: true,
      currency: 'CNY',
    });
    expect(detail.body.data.limit_up).toMatch(/^\d+\.\d{2}$/);

    const search = await post(t.app, '/stock/search', { q: 'ソニー' }, user.headers);
    expect(search.body.data.list.map((q: { code: string }) => q.code)).toEqual(['6758']);

    const candles = await post(
      t.app,
      '/stock/candles',
      { code: '7203', market: 'jpy', period: '5m', limit: '20' },
      user.headers,
    );
    const parsed = stockCandles.parse(candles.body.data);
    expect(parsed.list).toHaveLength(20);
    expect(parsed.simulated).toBe(true);

    const before = (await post(t.app, '/stock/detail', { code: '7203', market: 'jpy' }, user.headers)).body.data;
    now = new Date(now.getTime() + 60_000);
    const after = (await post(t.app, '/stock/detail', { code: '7203', market: 'jpy' }, user.headers)).body.data;
    expect(Date.parse(after.time) - Date.parse(before.time)).toBe(60_000);
  });

  it('refuses an unknown code or a malformed request with a message key', async () => {
    const user = await registerAndLogin(t.app);
    expect((await post(t.app, '/stock/detail', { code: 'NOPE', market: 'jpy' }, user.headers)).body).toMatchObject({
      status: 0,
      msg: 'stock_not_found',
      field: 'code',
    });
    expect(
      (await post(t.app, '/stock/candles', { code: 'AAPL', market: 'usd', period: '2m' }, user.headers)).body,
    ).toMatchObject({ status: 0, field: 'period' });
    expect((await post(t.app, '/stock/watchAdd', { code: 'AAPL', market: 'jpy' }, user.headers)).body).toMatchObject({
      status: 0,
      msg: 'stock_not_found',
    });
  });

  it('keeps a watchlist per user: add (twice is once), list with quotes, remove', async () => {
    const alice = await registerAndLogin(t.app);
    const bob = await registerAndLogin(t.app);
    expect((await post(t.app, '/stock/watchAdd', { code: '7203', market: 'jpy' }, alice.headers)).body).toMatchObject({
      status: 1,
      msg: 'watch_added',
    });
    now = new Date(now.getTime() + 1000);
    await post(t.app, '/stock/watchAdd', { code: 'aapl', market: 'usd' }, alice.headers);
    await post(t.app, '/stock/watchAdd', { code: '7203', market: 'jpy' }, alice.headers);
    await post(t.app, '/stock/watchAdd', { code: '600519', market: 'cny' }, bob.headers);

    const list = async (headers: Record<string, string>, form: Record<string, string> = {}) =>
      watchlistSchema
        .parse((await post(t.app, '/stock/watchlist', form, headers)).body.data)
        .list.map((q) => `${q.market}:${q.code}`);
    expect(await list(alice.headers)).toEqual(['usd:AAPL', 'jpy:7203']);
    expect(await list(alice.headers, { market: 'jpy' })).toEqual(['jpy:7203']);
    expect(await list(bob.headers)).toEqual(['cny:600519']);

    // Bob removing Alice's entry removes only from Bob's (empty) list.
    expect((await post(t.app, '/stock/watchRemove', { code: '7203', market: 'jpy' }, bob.headers)).body).toMatchObject({
      status: 1,
    });
    expect(await list(alice.headers)).toEqual(['usd:AAPL', 'jpy:7203']);
    expect(
      (await post(t.app, '/stock/watchRemove', { code: '7203', market: 'jpy' }, alice.headers)).body,
    ).toMatchObject({ status: 1, msg: 'watch_removed' });
    expect(await list(alice.headers)).toEqual(['usd:AAPL']);
  });
});
