import '../testing/setup';
import { stockDepth } from 'shared/contract';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { post, registerAndLogin } from '../testing/users';

// Wednesday 2025-03-12, 11:00 in Tokyo (open); New York closed.
const START = new Date('2025-03-12T02:00:00Z');
let now = START;

describe.each(testBackends())('the order book on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    now = START;
    t = await startTestApp(backend, { now: () => now });
  });
  afterAll(() => t.close());

  it('answers five bid and ask levels straddling the last price, labelled simulated, with the clock', async () => {
    const user = await registerAndLogin(t.app);
    const detail = await post(t.app, '/stock/detail', { code: '7203', market: 'jpy', lang: 'en' }, user.headers);
    const answer = await post(t.app, '/stock/depth', { code: '7203', market: 'jpy' }, user.headers);
    expect(answer.body.status).toBe(1);
    const book = stockDepth.parse(answer.body.data);
    expect(book).toMatchObject({ market: 'jpy', code: '7203', lot: 100, status: 'open', simulated: true });
    expect(book.price).toBe(detail.body.data.price);
    expect(book.bids).toHaveLength(5);
    expect(book.asks).toHaveLength(5);
    expect(Number(book.bids[0]!.price)).toBeLessThan(Number(book.price));
    expect(Number(book.asks[0]!.price)).toBeGreaterThanOrEqual(Number(book.price));
    expect([...book.bids, ...book.asks].every((l) => Number(l.volume) % 100 === 0)).toBe(true);

    now = new Date(START.getTime() + 60_000);
    const later = stockDepth.parse((await post(t.app, '/stock/depth', { code: '7203' }, user.headers)).body.data);
    expect(later.time).not.toBe(book.time);
  });

  it('answers the closing book of a closed market, and refuses an index, an unknown code and no session', async () => {
    const user = await registerAndLogin(t.app);
    const closed = await post(t.app, '/stock/depth', { code: 'aapl', market: 'usd' }, user.headers);
    expect(stockDepth.parse(closed.body.data)).toMatchObject({ code: 'AAPL', status: 'closed', lot: 1 });
    for (const body of [
      { code: 'N225', market: 'jpy' },
      { code: 'ZZZZ', market: 'usd' },
    ]) {
      const refused = await post(t.app, '/stock/depth', body, user.headers);
      expect(refused.body).toMatchObject({ status: 0, msg: 'stock_not_found' });
    }
    const bad = await post(t.app, '/stock/depth', { code: '<script>', market: 'jpy' }, user.headers);
    expect(bad.body.status).toBe(0);
    const anonymous = await post(t.app, '/stock/depth', { code: '7203', market: 'jpy' }, {});
    expect(anonymous.statusCode).toBe(401);
  });
});
