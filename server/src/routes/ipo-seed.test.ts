import '../testing/setup';
import { ENDPOINTS } from 'shared/contract';
import { drawIssue } from '../modules/ipo/lifecycle';
import { seedNewShares } from '../modules/ipo/seed-issues';
import { configureMoneyLimiter } from '../security/money-limiter';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { FUND_PASSWORD, OPEN_TIME, expectLedgerBalanced, fund, moneyReadyUser } from '../testing/money';
import { post } from '../testing/users';

const H = 3_600_000;
let clock = OPEN_TIME;

describe.each(testBackends())('new shares: demonstration issues and concurrency on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // The steps run here by hand: no background job may draw or expire behind the test's back.
    t = await startTestApp(backend, { now: () => clock, jobIntervalMs: 0 });
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => {
    clock = OPEN_TIME;
    configureMoneyLimiter({ perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } });
  });

  it('fills every tab of every market relative to the clock, and only the empty ones', async () => {
    expect(await seedNewShares(t.app.db, clock)).toBe(15);
    expect(await seedNewShares(t.app.db, clock)).toBe(0);
    const user = await moneyReadyUser(t.app);
    for (const type of ['jpy', 'usd', 'cny'])
      for (const tab of ['toSubscribe', 'subscribing', 'ended']) {
        const answer = await post(t.app, '/ipo/list', { type, tab, lang: 'en' }, user.headers);
        const { list } = ENDPOINTS.newShareList.data.parse(answer.body.data);
        expect([type, tab, list.length]).toEqual([type, tab, tab === 'ended' ? 1 : 2]);
        // Nothing invented: the drawn ones had nobody subscribed, so no hit rate; no market price typed.
        for (const issue of list) expect(issue.hit_rate).toBeNull();
      }
    // A month later everything seeded today has ended: the tabs are topped up again.
    clock = new Date(OPEN_TIME.getTime() + 40 * 24 * H);
    expect(await seedNewShares(t.app.db, clock)).toBe(12);
  });

  it('lets one of two simultaneous subscriptions of a user through; three draws at once draw once', async () => {
    await seedNewShares(t.app.db, clock);
    const create = await post(
      t.app,
      '/ipo/list',
      { type: 'jpy', tab: 'toSubscribe', lang: 'en' },
      (await moneyReadyUser(t.app)).headers,
    );
    const open = ENDPOINTS.newShareList.data
      .parse(create.body.data)
      .list.find((issue) => issue.state === 'to_subscribe')!;
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, '10000000');
    await post(t.app, '/ipo/riskAck', { version: '1' }, user.headers);
    const form = { id: String(open.id), quantity: String(open.lot_size), fund_password: FUND_PASSWORD };
    const answers = await Promise.all([1, 2].map(() => post(t.app, '/ipo/subscribe', form, user.headers)));
    expect(answers.map((a) => a.body.msg).sort()).toEqual(['new_share_once', 'subscribe_success']);
    const closes = new Date(open.closes_at);
    const results = await Promise.all([1, 2, 3].map(() => drawIssue(t.app.db, open.id, closes)));
    expect(results.filter((r) => r.drawnNow)).toHaveLength(1);
    await expectLedgerBalanced(t.app);
  });
});
