import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { Decimal } from 'shared/money';
import { queryRows } from '../db/query';
import { SEEDED_CHANNEL_PASSWORDS } from '../modules/block/block-seeds';
import { setConfigValue } from '../modules/site-config/site-config-repository';
import { configureMoneyLimiter } from '../security/money-limiter';
import { postApproved, registerAdminPair, type AdminPair } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import {
  FUND_PASSWORD,
  OPEN_TIME,
  balancesOf,
  expectLedgerBalanced,
  expectRefused,
  fund,
  moneyReadyUser,
  type MoneyUser,
} from '../testing/money';
import { post, type LoggedIn } from '../testing/users';

const DAY = 86_400_000;
const CHANNEL = 'open-sesame-7';
let clock = OPEN_TIME;
const relaxed = { perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } };

/**
 * Block trades (docs/decisions/0017-block-trades.md) through the API: the channel password and its
 * daily lock, the listing's rules (closed, minimum, quota, one application under review), the hold
 * counted in frozen as the spec §4 formula says, and the review (approved → a holding at the block
 * price; rejected → hold released, reason in the inbox), exactly once.
 */
describe.each(testBackends())('block trades on $name', (backend) => {
  let t: TestApp;
  let admins: AdminPair;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => clock });
    admins = await registerAdminPair(t.app);
    admin = admins.submitter;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = OPEN_TIME;
    configureMoneyLimiter(relaxed);
  });

  const list = async (user: LoggedIn, form: Record<string, string> = {}) =>
    ENDPOINTS.blockList.data.parse((await post(t.app, '/block/list', form, user.headers)).body.data);
  const info = async (user: LoggedIn, id: number) =>
    ENDPOINTS.blockInfo.data.parse((await post(t.app, '/block/info', { id: String(id) }, user.headers)).body.data);
  const create = async (form: Record<string, string> = {}) => {
    const answer = await postApproved(t.app, admins, '/admin/blockCreate', {
      code: '7203',
      market: 'jpy',
      block_price: '2500',
      min_lots: '10',
      total_lots: '100',
      deadline: new Date(clock.getTime() + 2 * DAY).toISOString(),
      channel_password: CHANNEL,
      ...form,
    });
    expect(answer.body).toMatchObject({ status: 1, msg: 'block_listing_created' });
    return answer.body.data.id as number;
  };
  const apply = (user: LoggedIn, id: number, lots: string, extra: Record<string, string> = {}, key?: string) =>
    post(
      t.app,
      '/block/apply',
      { id: String(id), lots, channel_password: CHANNEL, fund_password: FUND_PASSWORD, ...extra },
      key ? { ...user.headers, 'idempotency-key': key } : user.headers,
    );
  const applied = async (user: LoggedIn, id: number, lots: string) => {
    const answer = await apply(user, id, lots);
    expect(answer.body).toMatchObject({ status: 1, msg: 'block_applied' });
    return answer.body.data.id as number;
  };
  const review = (id: number, action: 'approve' | 'reject', reason = '') =>
    post(t.app, '/admin/blockReview', { id: String(id), action, reason }, admin.headers);
  const application = async (user: LoggedIn, id: number) =>
    ENDPOINTS.blockApplicationInfo.data.parse(
      (await post(t.app, '/block/applicationInfo', { id: String(id) }, user.headers)).body.data,
    );
  const rich = async (currency: 'JPY' | 'USD' = 'JPY'): Promise<MoneyUser> => {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, currency === 'JPY' ? '10000000' : '100000', currency);
    return user;
  };
  const assets = async (user: LoggedIn) =>
    ENDPOINTS.accountAssets.data.parse((await post(t.app, '/user/assets', {}, user.headers)).body.data);
  const inbox = async (user: LoggedIn) =>
    (await post(t.app, '/user/messages', { lang: 'en' }, user.headers)).body.data.list as Array<{
      title: string;
      body: string;
    }>;

  it('lists seeded listings in every market and variant, one closed, with live price and premium', async () => {
    const user = await rich();
    const all = [
      ...(await list(user, { variant: 'standard' })).list,
      ...(await list(user, { variant: 'dividend' })).list,
      ...(await list(user, { variant: 'financing' })).list,
    ];
    expect(new Set(all.map((l) => l.market))).toEqual(new Set(['jpy', 'usd', 'cny']));
    const closed = all.find((l) => l.code === '9984')!;
    expect(closed).toMatchObject({ state: 'closed', closed_reason: 'deadline' });
    const toyota = all.find((l) => l.code === '7203' && l.state === 'open')!;
    const premium = new Decimal(toyota.block_price).minus(toyota.live_price!).dividedBy(toyota.live_price!).times(100);
    expect(toyota.premium_pct).toBe(premium.toFixed(2));
    expect(new Decimal(toyota.premium_pct!).isNegative()).toBe(true);
    const dividend = all.find((l) => l.variant === 'dividend')!;
    expect(dividend.record_date! > dividend.deadline.slice(0, 10)).toBe(true);
    expect(dividend.dividend_per_share).toBe('10');
    const financing = all.find((l) => l.variant === 'financing')!;
    expect(financing).toMatchObject({
      leverage: 2,
      financed_pct: '50.00',
      financing_rate_pct: '2.80',
      financing_days: 30,
    });
    expect((await list(user, { type: 'usd', variant: 'standard' })).list.every((l) => l.market === 'usd')).toBe(true);
  });

  it('takes a seeded listing’s published channel password (its hash made at the seed cost)', async () => {
    const user = await rich();
    const seeded = (await list(user)).list.find((l) => l.code === '7203' && l.state === 'open')!;
    const wrong = await apply(user, seeded.id, '100', { channel_password: 'NOT-THE-PASSWORD' });
    expect(wrong.body.msg).toBe('channel_password_wrong');
    const right = await apply(user, seeded.id, '100', { channel_password: SEEDED_CHANNEL_PASSWORDS['seed-jp-7203'] });
    expect(right.body).toMatchObject({ status: 1, msg: 'block_applied' });
  });

  it('refuses a wrong channel password, then takes the right one and freezes the cost', async () => {
    const user = await rich();
    const id = await create();
    const wrong = await expectRefused(t.app, user, 'channel_password_wrong', () =>
      apply(user, id, '10', { channel_password: 'guess' }),
    );
    expect(wrong.body).toMatchObject({ field: 'channel_password', values: { left: '4' } });
    // The answer names what the result sheet shows: the order number and the money frozen.
    const answer = await apply(user, id, '10');
    expect(answer.body).toMatchObject({ status: 1, msg: 'block_applied' });
    const appliedData = ENDPOINTS.blockApply.data.parse(answer.body.data);
    expect(appliedData).toMatchObject({ lots: 10, shares: '10', amount: '25000', held: '25000', currency: 'JPY' });
    expect(appliedData.order_no).toMatch(/^B/);
    const appId = appliedData.id;
    expect(await balancesOf(t.app, user)).toMatchObject({ JPY: { available: '9975000', frozen: '25000' } });
    expect(await application(user, appId)).toMatchObject({
      status: 'pending',
      lots: 10,
      shares: '10',
      block_price: '2500',
      amount: '25000',
      held: '25000',
      position_id: null,
    });
    expect((await info(user, id)).lots_left).toBe(90);
    // spec §4: frozen = … + cost of holdings, the pending application counted with pending orders.
    const jpy = (await assets(user)).currencies.find((c) => c.currency === 'JPY')!;
    expect(jpy.frozen_parts.pending_orders).toBe('25000');
    expect(jpy).toMatchObject({ frozen: '25000', available: '9975000', total: '10000000' });
    await expectLedgerBalanced(t.app);
  });

  it('refuses an application while trading is barred, with the reason: no lots taken, nothing held', async () => {
    const user = await rich();
    const id = await create();
    await t.app.db.tx((tx) =>
      tx.execute(sql`UPDATE users SET trade_disabled = true, restriction_reason = 'Suspected market abuse'
                      WHERE id = ${user.userId}`),
    );
    const refused = await expectRefused(t.app, user, 'trading_disabled', () => apply(user, id, '10'));
    expect(refused.body.values).toEqual({ reason: 'Suspected market abuse' });
    expect((await info(user, id)).lots_left).toBe(100);
    expect(await balancesOf(t.app, user)).toMatchObject({ JPY: { available: '10000000', frozen: '0' } });
    const rows = await t.app.db.tx((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM block_applications WHERE user_id = ${user.userId}`,
      ),
    );
    expect(rows[0]!.n).toBe(0);
    await expectLedgerBalanced(t.app);
  });

  it('locks a listing after five wrong passwords until the market day ends, apart from the money limit', async () => {
    configureMoneyLimiter();
    const user = await rich();
    const id = await create();
    for (let i = 4; i >= 1; i -= 1) {
      const answer = await apply(user, id, '10', { channel_password: `wrong-${i}` });
      expect(answer.body).toMatchObject({ status: 0, msg: 'channel_password_wrong', values: { left: String(i) } });
    }
    // 10:00 JST: locked until midnight Tokyo time.
    const until = { until: '2026-11-16T15:00:00.000Z' };
    const fifth = await apply(user, id, '10', { channel_password: 'wrong-0' });
    expect(fifth.body).toMatchObject({ status: 0, msg: 'channel_password_locked', values: until });
    expect((await apply(user, id, '10')).body).toMatchObject({ msg: 'channel_password_locked', values: until });
    expect((await info(user, id)).locked_until).toBe(until.until);
    // The refused tries never counted against the money calls' 2-second limit: another listing at once.
    const other = await create();
    await applied(user, other, '10');
    // Another user is not locked; the next Tokyo day the user is not either.
    await applied(await rich(), id, '10');
    clock = new Date('2026-11-16T15:00:01Z');
    configureMoneyLimiter(relaxed);
    await applied(user, id, '10');
  });

  it('refuses a closed, withdrawn or past-deadline listing, below the minimum and beyond the lots left', async () => {
    const user = await rich();
    const seeded = (await list(user, { state: 'closed' })).list.find((l) => l.code === '9984')!;
    await expectRefused(t.app, user, 'block_trade_closed', () =>
      apply(user, seeded.id, '100', { channel_password: SEEDED_CHANNEL_PASSWORDS['seed-jp-9984-closed'] }),
    );
    const id = await create();
    const low = await expectRefused(t.app, user, 'block_min_lots', () => apply(user, id, '9'));
    expect(low.body).toMatchObject({ field: 'lots', values: { min: '10' } });
    await applied(await rich(), id, '95');
    const quota = await expectRefused(t.app, user, 'insufficient_buy_quota', () => apply(user, id, '10'));
    expect(quota.body.values).toEqual({ left: '5' });
    const closing = await create();
    expect((await postApproved(t.app, admins, '/admin/blockClose', { id: String(closing) })).body.status).toBe(1);
    await expectRefused(t.app, user, 'block_trade_closed', () => apply(user, closing, '10'));
    const late = await create();
    clock = new Date(OPEN_TIME.getTime() + 3 * DAY);
    await expectRefused(t.app, user, 'block_trade_closed', () => apply(user, late, '10'));
  });

  it('answers order_under_review for a second application while one waits; replays an idempotent retry', async () => {
    const user = await rich();
    const id = await create();
    const first = await apply(user, id, '10', {}, 'block-retry-0001');
    const again = await apply(user, id, '10', {}, 'block-retry-0001');
    expect(again.body).toEqual(first.body);
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '9975000', frozen: '25000' });
    await expectRefused(t.app, user, 'order_under_review', () => apply(user, id, '20'));
    expect((await info(user, id)).lots_left).toBe(90);
    // Still the first answer once the listing has closed: a retry never turns into a refusal.
    expect((await postApproved(t.app, admins, '/admin/blockClose', { id: String(id) })).body.status).toBe(1);
    expect((await apply(user, id, '10', {}, 'block-retry-0001')).body).toEqual(first.body);
  });

  it('approves into a holding at the block price in /trade/userstocklist, its cost the same frozen money', async () => {
    const user = await rich();
    const id = await create();
    const appId = await applied(user, id, '20');
    expect((await review(appId, 'approve')).body).toMatchObject({ status: 1, msg: 'review_done' });
    const approved = await application(user, appId);
    expect(approved).toMatchObject({ status: 'approved', reason: null });
    const holdings = (await post(t.app, '/trade/userstocklist', { type: 'jpy' }, user.headers)).body.data;
    const holding = holdings.list[String(approved.position_id)];
    expect(holding).toMatchObject({ code: '7203', status: 0, buy_price: '2500', stock_num: '20', cost: '50000' });
    expect(holding).toMatchObject({ leverage: 1, margin: '50000', fee: '0', direction: 'long' });
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '9950000', frozen: '50000' });
    const jpy = (await assets(user)).currencies.find((c) => c.currency === 'JPY')!;
    expect(jpy.frozen_parts).toMatchObject({ holdings: '50000', pending_orders: '0' });
    expect(jpy).toMatchObject({ frozen: '50000', total: '10000000' });
    expect((await inbox(user))[0]!.title).toBe('Placement successful');
    expect((await review(appId, 'reject', 'late')).body).toMatchObject({ status: 0, msg: 'review_already_done' });
    await expectLedgerBalanced(t.app);
  });

  it('tells the owner only that the placement succeeded: shares, price, amount, order number', async () => {
    const [owner, other] = [await rich(), await rich()];
    const id = await create();
    const appId = await applied(owner, id, '12');
    const otherId = await applied(other, id, '10');
    const before = { owner: (await inbox(owner)).length, other: (await inbox(other)).length };
    const orderNo = (await application(owner, appId)).order_no;
    expect((await review(appId, 'approve')).body).toMatchObject({ status: 1, msg: 'review_done' });
    const mine = await inbox(owner);
    expect(mine).toHaveLength(before.owner + 1);
    expect(mine[0]!.title).toBe('Placement successful');
    expect(mine[0]!.body).toContain(orderNo);
    expect(mine[0]!.body).toContain('12 shares of 7203');
    expect(mine[0]!.body).toContain('2,500 JPY');
    expect(mine[0]!.body).toContain('30,000 JPY');
    // The other applicant of the same listing, still pending, hears nothing.
    expect(await inbox(other)).toHaveLength(before.other);
    expect((await application(other, otherId)).status).toBe('pending');
    // Stored once, under the spec's key, for the owner.
    const rows = await t.app.db.tx((tx) =>
      queryRows<{ userId: string }>(
        tx,
        sql`SELECT user_id::text AS "userId" FROM messages WHERE msg_key = 'placement_success'
            AND msg_values->>'order_no' = ${orderNo}`,
      ),
    );
    expect(rows).toEqual([{ userId: String(owner.userId) }]);
    // In the owner's other languages, the spec's placement_success text.
    const zh = (await post(t.app, '/user/messages', { lang: 'cn' }, owner.headers)).body.data.list[0];
    expect(zh.title).toBe('配售成功');
    const ja = (await post(t.app, '/user/messages', { lang: 'jp' }, owner.headers)).body.data.list[0];
    expect(ja.title).toBe('割当が完了しました');
  });

  it('states its lock-up and enforces it on the holding: no sale before it ends, then as any holding', async () => {
    const user = await rich();
    const id = await create();
    // 90 days (site config block_lockup_days) from 2026-11-16 in Tokyo: from 2027-02-14.
    expect(await info(user, id)).toMatchObject({ lockup_days: 90, sellable_from_if_approved_today: '2027-02-14' });
    // A later change of the setting leaves the published listing's terms alone.
    await t.app.db.tx((tx) => setConfigValue(tx, 'block_lockup_days', '10'));
    try {
      expect((await info(user, id)).lockup_days).toBe(90);
      expect((await info(user, await create())).lockup_days).toBe(10);
    } finally {
      await t.app.db.tx((tx) => setConfigValue(tx, 'block_lockup_days', '90'));
    }
    const appId = await applied(user, id, '10');
    expect((await application(user, appId)).sellable_from).toBeNull();
    expect((await review(appId, 'approve')).body).toMatchObject({ status: 1, msg: 'review_done' });
    const approved = await application(user, appId);
    expect(approved).toMatchObject({ status: 'approved', lockup_days: 90, sellable_from: '2027-02-14' });
    const orders = await post(t.app, '/trade/orders', { market: 'jpy', status: 'open' }, user.headers);
    const holding = (orders.body.data.list as Array<Record<string, unknown>>).find(
      (p) => p.id === approved.position_id,
    )!;
    expect(holding).toMatchObject({ closable: false, closable_from: '2027-02-14', closable_reason: 'lockup' });
    const before = await balancesOf(t.app, user);
    const refused = await post(t.app, '/trade/close', { id: String(approved.position_id) }, user.headers);
    expect(refused.body).toMatchObject({ status: 0, msg: 'lockup_until', values: { date: '2027-02-14' } });
    expect(await balancesOf(t.app, user)).toEqual(before);
    expect((await inbox(user))[0]!.body).toContain('Under the listing’s lock-up it can be sold from 2027-02-14.');
    // On the first trading day after the lock-up (2027-02-15, a Monday, 10:00 in Tokyo) it closes.
    clock = new Date('2027-02-15T01:00:00Z');
    const closed = await post(t.app, '/trade/close', { id: String(approved.position_id) }, user.headers);
    expect(closed.body).toMatchObject({ status: 1 });
    await expectLedgerBalanced(t.app);
  });

  it('rejects: the hold is released, the lots go back and the reason is in the inbox', async () => {
    const user = await rich();
    const id = await create();
    const appId = await applied(user, id, '30');
    expect((await review(appId, 'reject', 'allocation full')).body).toMatchObject({ status: 1 });
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '10000000', frozen: '0' });
    expect(await application(user, appId)).toMatchObject({ status: 'rejected', reason: 'allocation full' });
    expect((await info(user, id)).lots_left).toBe(100);
    const [message] = await inbox(user);
    expect(message!.title).toBe('Block trade not approved');
    expect(message!.body).toContain('Reason: allocation full');
    expect(message!.body).toContain('75,000 JPY');
    // Applying again after a rejection is allowed.
    await applied(user, id, '10');
    await expectLedgerBalanced(t.app);
  });

  it('acts once when two reviewers approve at the same time', async () => {
    const user = await rich();
    const id = await create();
    const appId = await applied(user, id, '10');
    const answers = await Promise.all([
      review(appId, 'approve'),
      review(appId, 'approve'),
      review(appId, 'reject', 'race'),
    ]);
    expect(answers.map((a) => a.body.msg).sort()).toEqual([
      'review_already_done',
      'review_already_done',
      'review_done',
    ]);
    const [positions] = await t.app.db.tx((tx) =>
      queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM positions WHERE user_id = ${user.userId}`),
    );
    const status = (await application(user, appId)).status;
    expect(positions!.n).toBe(status === 'approved' ? 1 : 0);
    await expectLedgerBalanced(t.app);
  });

  it('withdraws a listing: every pending application is rejected and its hold released', async () => {
    const user = await rich();
    const id = await create();
    const appId = await applied(user, id, '10');
    const answer = await postApproved(t.app, admins, '/admin/blockClose', {
      id: String(id),
      action: 'withdraw',
      reason: 'seller withdrew',
    });
    expect(answer.body).toMatchObject({ status: 1, msg: 'block_listing_closed' });
    expect(await application(user, appId)).toMatchObject({ status: 'rejected', reason: 'seller withdrew' });
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '10000000', frozen: '0' });
    expect(await info(user, id)).toMatchObject({ state: 'closed', closed_reason: 'withdrawn', lots_left: 100 });
    const again = await postApproved(t.app, admins, '/admin/blockClose', { id: String(id) });
    expect(again.body).toMatchObject({ status: 0, msg: 'block_trade_closed' });
    await expectLedgerBalanced(t.app);
  });

  it('never takes more lots than the listing has when two users apply at once', async () => {
    const id = await create();
    const [a, b] = [await rich(), await rich()];
    const answers = await Promise.all([apply(a, id, '60'), apply(b, id, '60')]);
    expect(answers.map((x) => x.body.msg).sort()).toEqual(['block_applied', 'insufficient_buy_quota']);
    expect((await info(a, id)).lots_left).toBe(40);
    await expectLedgerBalanced(t.app);
  });

  it('lists the user’s applications by variant and status', async () => {
    const user = await rich();
    const standard = await create();
    const appId = await applied(user, standard, '10');
    const mine = async (form: Record<string, string>) =>
      ENDPOINTS.blockApplications.data.parse((await post(t.app, '/block/applications', form, user.headers)).body.data);
    expect((await mine({ variant: 'standard' })).list.map((a) => a.id)).toEqual([appId]);
    expect((await mine({ variant: 'dividend' })).list).toEqual([]);
    expect((await mine({ status: 'approved' })).list).toEqual([]);
    expect((await mine({ status: 'pending' })).total).toBe(1);
    const other = await rich();
    expect((await post(t.app, '/block/applicationInfo', { id: String(appId) }, other.headers)).body.msg).toBe(
      'not_found',
    );
  });
});
