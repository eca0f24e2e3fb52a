import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { queryRows } from '../db/query';
import { configureMoneyLimiter } from '../security/money-limiter';
import { postApproved, registerAdminPair, type AdminPair } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import {
  FUND_PASSWORD,
  OPEN_TIME,
  balancesOf,
  expectLedgerBalanced,
  fund,
  moneyReadyUser,
  type MoneyUser,
} from '../testing/money';
import { post, type LoggedIn } from '../testing/users';

const DAY = 86_400_000;
const CHANNEL = 'variant-pass-1';
let clock = OPEN_TIME;

/**
 * The block variants (docs/decisions/0017-block-trades.md): a financed block (leverage, rate and days
 * from site config; the fee charged once at approval to the house) and a dividend block (record date
 * and dividend per share from the issuer's declared dividends; paid once after the record date).
 */
describe.each(testBackends())('block trade variants on $name', (backend) => {
  let t: TestApp;
  let admins: AdminPair;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => clock, matcherIntervalMs: 0, jobIntervalMs: 0 });
    admins = await registerAdminPair(t.app);
    admin = admins.submitter;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = OPEN_TIME;
    configureMoneyLimiter({ perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } });
  });

  const create = (form: Record<string, string>) =>
    postApproved(t.app, admins, '/admin/blockCreate', {
      min_lots: '1',
      total_lots: '1000',
      deadline: new Date(clock.getTime() + 2 * DAY).toISOString(),
      channel_password: CHANNEL,
      ...form,
    });
  const apply = (user: LoggedIn, id: number, lots: string) =>
    post(
      t.app,
      '/block/apply',
      { id: String(id), lots, channel_password: CHANNEL, fund_password: FUND_PASSWORD },
      user.headers,
    );
  const approve = (id: number) =>
    post(t.app, '/admin/blockReview', { id: String(id), action: 'approve' }, admin.headers);
  const application = async (user: LoggedIn, id: number) =>
    ENDPOINTS.blockApplicationInfo.data.parse(
      (await post(t.app, '/block/applicationInfo', { id: String(id), lang: 'en' }, user.headers)).body.data,
    );
  const houseBalance = async (name: string, currency: string) => {
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ available: string }>(
        tx,
        sql`SELECT available::text FROM ledger_accounts WHERE house_name = ${name} AND currency = ${currency}`,
      ),
    );
    return Number(row!.available);
  };
  const user = async (currency: 'JPY' | 'USD', amount: string): Promise<MoneyUser> => {
    const u = await moneyReadyUser(t.app);
    await fund(t.app, u.userId, amount, currency);
    return u;
  };

  it('finances half of a block at the configured rate: risk disclosure first, fee once at approval', async () => {
    const created = await create({ code: 'AAPL', market: 'usd', variant: 'financing', block_price: '200' });
    expect(created.body.status).toBe(1);
    const id = created.body.data.id as number;
    const listing = ENDPOINTS.blockInfo.data.parse(
      (await post(t.app, '/block/info', { id: String(id) }, admin.headers)).body.data,
    );
    expect(listing).toMatchObject({
      leverage: 2,
      financed_pct: '50.00',
      financing_rate_pct: '2.80',
      financing_days: 30,
    });
    const investor = await user('USD', '100000');
    expect((await apply(investor, id, '10')).body).toMatchObject({ status: 0, msg: 'risk_disclosure_required' });
    await post(t.app, '/trade/riskAck', { version: '1' }, investor.headers);
    const answer = await apply(investor, id, '10');
    expect(answer.body).toMatchObject({ status: 1, msg: 'block_applied' });
    const appId = answer.body.data.id as number;
    // 2,000 USD: 1,000 the user's margin, 1,000 financed; fee 1,000 × 2.8 % × 30 / 365 = 2.30 (rounded down).
    expect(await application(investor, appId)).toMatchObject({
      amount: '2000',
      held: '1002.3',
      financed_amount: '1000',
      financing_fee: '2.3',
      leverage: 2,
    });
    expect((await balancesOf(t.app, investor)).USD).toEqual({ available: '98997.7', frozen: '1002.3' });
    const interestBefore = await houseBalance('loan_interest', 'USD');
    expect((await approve(appId)).body.status).toBe(1);
    expect((await balancesOf(t.app, investor)).USD).toEqual({ available: '98997.7', frozen: '1000' });
    expect((await houseBalance('loan_interest', 'USD')) - interestBefore).toBeCloseTo(2.3, 6);
    const positionId = (await application(investor, appId)).position_id!;
    const holdings = (await post(t.app, '/trade/userstocklist', { type: 'usd' }, investor.headers)).body.data;
    expect(holdings.list[String(positionId)]).toMatchObject({
      leverage: 2,
      margin: '1000',
      cost: '1000',
      buy_price: '200',
      stock_num: '10',
    });
    await expectLedgerBalanced(t.app);
  });

  it('pays a dividend block’s declared dividend once, after the record date ends in its market', async () => {
    expect(
      (await create({ code: '7203', market: 'jpy', variant: 'dividend', block_price: '2500' })).body,
    ).toMatchObject({
      status: 0,
      msg: 'block_no_declared_dividend',
    });
    // The seeded Sony dividend (record date after its seeded deadline) is the next declared one.
    const created = await create({ code: '6758', market: 'jpy', variant: 'dividend', block_price: '3000' });
    const id = created.body.data.id as number;
    const listing = ENDPOINTS.blockInfo.data.parse(
      (await post(t.app, '/block/info', { id: String(id) }, admin.headers)).body.data,
    );
    expect(listing.dividend_per_share).toBe('10');
    const investor = await user('JPY', '1000000');
    const appId = (await apply(investor, id, '100')).body.data.id as number;
    expect((await approve(appId)).body.status).toBe(1);
    expect(await t.app.block.payDividends()).toBe(0);
    const [y, m, d] = listing.record_date!.split('-').map(Number) as [number, number, number];
    // Midnight after the record date, Tokyo time (UTC+9): 15:00 UTC on the record date.
    clock = new Date(Date.UTC(y, m - 1, d, 15, 0, 1));
    const before = (await balancesOf(t.app, investor)).JPY!;
    // The job runner's pass (as the timer and the test-clock endpoint run it) pays it, once.
    expect((await t.app.jobs.runDue())['block-trades:dividends']).toBe(1);
    expect(await t.app.block.payDividends()).toBe(0);
    const after = (await balancesOf(t.app, investor)).JPY!;
    expect(Number(after.available) - Number(before.available)).toBe(1000);
    expect(await application(investor, appId)).toMatchObject({ dividend_paid: '1000' });
    const messages = (await post(t.app, '/user/messages', { lang: 'en' }, investor.headers)).body.data.list;
    expect(messages[0]).toMatchObject({ title: 'Dividend paid' });
    // Fund records name it a dividend (not a trade), filterable by that type.
    const records = (await post(t.app, '/funds/records', { type: 'dividend' }, investor.headers)).body.data;
    expect(records.list).toEqual([expect.objectContaining({ type: 'dividend', amount: '1000' })]);
    await expectLedgerBalanced(t.app);
  });

  it('keeps each variant’s applications in its own list', async () => {
    const investor = await user('JPY', '1000000');
    const dividend = (await create({ code: '6758', market: 'jpy', variant: 'dividend', block_price: '3000' })).body.data
      .id as number;
    const standard = (await create({ code: '7203', market: 'jpy', block_price: '2500' })).body.data.id as number;
    const a = (await apply(investor, dividend, '1')).body.data.id as number;
    const b = (await apply(investor, standard, '1')).body.data.id as number;
    const of = async (variant: string) =>
      ENDPOINTS.blockApplications.data
        .parse((await post(t.app, '/block/applications', { variant }, investor.headers)).body.data)
        .list.map((x) => x.id);
    expect(await of('dividend')).toEqual([a]);
    expect(await of('standard')).toEqual([b]);
    expect(await of('financing')).toEqual([]);
  });
});
