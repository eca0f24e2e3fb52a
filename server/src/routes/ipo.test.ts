import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { Decimal } from 'shared/money';
import { createHash } from 'node:crypto';
import { drawLottery, finalSeedOf, verifyDraw, type LotteryLine } from 'shared';
import { drawIssue, expireUnpaid } from '../modules/ipo/lifecycle';
import { sealList } from '../modules/ipo/list-seal';
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

const H = 3_600_000;
const DAY = 24 * H;
const at = (ms: number) => new Date(OPEN_TIME.getTime() + ms);
let clock = OPEN_TIME;

/** An issue of 3 lots of 100 at 1,000 JPY, cap 500 shares; its window opens in an hour, for a day. */
const issueForm = (code: string, overrides: Record<string, string> = {}): Record<string, string> => ({
  market: 'jpy',
  code,
  name_zh: '测试科技',
  name_en: 'Test Technologies',
  name_ja: 'テストテクノロジーズ',
  price: '1000',
  pe: '20.5',
  lot_size: '100',
  subscription_cap: '500',
  issue_size: '300',
  underwriter: 'Nomura Securities',
  lockup_days: '90',
  opens_at: at(H).toISOString(),
  closes_at: at(DAY + H).toISOString(),
  draw_at: at(DAY + 2 * H).toISOString(),
  pay_deadline: at(3 * DAY).toISOString(),
  listing_at: at(7 * DAY).toISOString(),
  distribution_at: at(8 * DAY).toISOString(),
  ...overrides,
});

describe.each(testBackends())('new shares on $name', (backend) => {
  let t: TestApp;
  let admins: AdminPair;
  beforeAll(async () => {
    // The steps run here by hand: no background job may draw or expire behind the test's back.
    t = await startTestApp(backend, { now: () => clock, jobIntervalMs: 0 });
    admins = await registerAdminPair(t.app);
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => {
    clock = OPEN_TIME;
    configureMoneyLimiter({ perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } });
  });

  const call = (user: LoggedIn, path: string, form: Record<string, string> = {}, headers = {}) =>
    post(t.app, path, form, { ...user.headers, ...headers });
  /** A catalogue change: one administrator submits it, a second approves it (four-eyes). */
  const change = (path: string, form: Record<string, string>) => postApproved(t.app, admins, path, form);
  const create = async (code: string, overrides: Record<string, string> = {}) => {
    const answer = await change('/admin/newShareCreate', issueForm(code, overrides));
    expect(answer.body).toMatchObject({ status: 1 });
    return ENDPOINTS.adminNewShareCreate.outcome.parse(answer.body.data);
  };
  const investor = async (jpy = '1000000'): Promise<MoneyUser> => {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, jpy);
    expect((await call(user, '/ipo/riskAck', { version: '1' })).body.status).toBe(1);
    return user;
  };
  const subscribe = (user: LoggedIn, id: number, quantity: string, extra: Record<string, string> = {}, headers = {}) =>
    call(user, '/ipo/subscribe', { id: String(id), quantity, fund_password: FUND_PASSWORD, ...extra }, headers);
  const info = async (user: LoggedIn, id: number) =>
    ENDPOINTS.newShareInfo.data.parse((await call(user, '/ipo/info', { id: String(id), lang: 'en' })).body.data);
  const records = async (user: LoggedIn, tab = 'records') =>
    ENDPOINTS.newStockList.data.parse((await call(user, '/trade/usernewstocklist', { type: 'jpy', tab })).body.data);
  const inbox = async (user: LoggedIn, lang = 'en') =>
    (await call(user, '/user/messages', { lang })).body.data.list as Array<{ title: string; body: string }>;
  const frozen = async (user: LoggedIn) => (await call(user, '/user/getUserinfo', { type: 'jpy' })).body.data;

  it('lists an announced issue to subscribe with every field; the seed hash only from the opening', async () => {
    const issue = await create('9101');
    expect(issue).toMatchObject({ state: 'not_started', seed_hash: null, market_price: null, hit_rate: null });
    const user = await investor();
    const list = await call(user, '/ipo/list', { type: 'jpy', tab: 'toSubscribe', lang: 'ja' });
    const row = ENDPOINTS.newShareList.data.parse(list.body.data).list.find((i) => i.id === issue.id)!;
    expect(row).toMatchObject({
      name: 'テストテクノロジーズ',
      subscription_price: '1000',
      issue_price: '1000',
      subscription_cap: '500',
      lot_size: 100,
      issue_size: '300',
      pe: '20.5',
      lockup_days: 90,
      premium: null,
    });
    clock = at(H);
    expect((await info(user, issue.id)).issue).toMatchObject({ state: 'to_subscribe', seed_hash: expect.any(String) });
    expect((await info(user, issue.id)).verification).toMatchObject({ seed: null, applications: null });
  });

  it('refuses outside the window, off-lot, over the cap, a wrong fund password, without the disclosure', async () => {
    const issue = await create('9102');
    const user = await investor();
    await expectRefused(t.app, user, 'not_subscription_time', () => subscribe(user, issue.id, '100'));
    clock = at(H);
    await expectRefused(t.app, user, 'quantity_not_lot_multiple', () => subscribe(user, issue.id, '150'));
    await expectRefused(t.app, user, 'subscription_cap_exceeded', () => subscribe(user, issue.id, '600'));
    await expectRefused(t.app, user, 'fund_password_wrong', () =>
      subscribe(user, issue.id, '100', { fund_password: 'nope-nope' }),
    );
    const unacknowledged = await moneyReadyUser(t.app);
    await fund(t.app, unacknowledged.userId, '1000000');
    await expectRefused(t.app, unacknowledged, 'risk_disclosure_required', () =>
      subscribe(unacknowledged, issue.id, '100'),
    );
    clock = at(DAY + H);
    await expectRefused(t.app, user, 'subscription_closed', () => subscribe(user, issue.id, '100'));
  });

  it('holds price × quantity in frozen and fund records; once per issue; a retry with its key replays', async () => {
    const issue = await create('9103');
    const user = await investor();
    clock = at(2 * H);
    const key = { 'idempotency-key': 'ipo-subscribe-0001' };
    const first = await subscribe(user, issue.id, '200', { lang: 'ja' }, key);
    expect(first.body).toMatchObject({ status: 1, msg: 'subscribe_success' });
    const application = ENDPOINTS.newShareSubscribe.data.parse(first.body.data);
    expect(application).toMatchObject({ state: 'awaiting_draw', status: 1, rjmoney: '200000', units: 2 });
    expect(application.name).toBe('テストテクノロジーズ');
    expect((await subscribe(user, issue.id, '200', { lang: 'ja' }, key)).body.data).toEqual(first.body.data);
    await expectRefused(t.app, user, 'new_share_once', () => subscribe(user, issue.id, '100'));
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '800000', frozen: '200000' });
    expect(await frozen(user)).toMatchObject({ jpy: '800000', frozen: '200000' });
    const assets = await call(user, '/user/assets', {});
    const jpy = assets.body.data.currencies.find((c: { currency: string }) => c.currency === 'JPY');
    expect(jpy.frozen_parts.new_shares).toBe('200000');
    // A freeze, not spending: the money (available + frozen) is unchanged, 200,000 of it frozen.
    const fundRecords = (await call(user, '/funds/records', {})).body.data.list as Array<{ amount: string }>;
    expect(fundRecords[0]).toMatchObject({
      type: 'subscription',
      amount: '0',
      frozen: '200000',
      balance: '1000000',
      order_no: application.order_no,
    });
    expect((await records(user))[0]).toMatchObject({ id: String(application.id), rjmoney: '200000' });
    expect((await inbox(user))[0]!.title).toBe('Subscription received');
    await expectLedgerBalanced(t.app);
  });

  it('draws once: winners owe, losers get the money back, the draw recomputes from its published data', async () => {
    const issue = await create('9104');
    clock = at(2 * H);
    const users: MoneyUser[] = [];
    const device = (i: number) => createHash('sha256').update(`device-${i}`).digest('hex');
    const receipts = [];
    for (const [i, quantity] of ['100', '200', '100', '500', '100'].entries()) {
      const user = await investor();
      // The first one's client sends no device part: the server's part alone makes the contribution.
      const answer = await subscribe(user, issue.id, quantity, i === 0 ? {} : { contribution: device(i) });
      expect(answer.body.status).toBe(1);
      receipts.push(ENDPOINTS.newShareSubscribe.data.parse(answer.body.data));
      users.push(user);
    }
    // Each receipt shows its contribution = SHA-256("<device part>:<server part>").
    for (const [i, receipt] of receipts.entries()) {
      expect(receipt.device_contribution).toBe(i === 0 ? null : device(i));
      expect(receipt.server_contribution).toMatch(/^[0-9a-f]{64}$/);
      const text = `${receipt.device_contribution ?? ''}:${receipt.server_contribution}`;
      expect(receipt.contribution).toBe(createHash('sha256').update(text).digest('hex'));
    }
    expect(new Set(receipts.map((r) => r.server_contribution)).size).toBe(5);
    const bad = await subscribe(await investor(), issue.id, '100', { contribution: 'XYZ' });
    expect(bad.body).toMatchObject({ status: 0, msg: 'field_invalid' });
    // Before the close: no list, no proof.
    expect(await info(users[0]!, issue.id)).toMatchObject({ inclusion: null, verification: { list_root: null } });
    expect((await change('/admin/newShareDraw', { id: String(issue.id) })).body).toMatchObject({
      status: 0,
      msg: 'new_share_window_open',
    });
    // At the close the list is sealed and published; the seed is not yet.
    clock = at(DAY + H);
    expect(await sealList(t.app.db, issue.id, clock)).toMatchObject({ size: 5 });
    expect(await sealList(t.app.db, issue.id, clock)).toBeUndefined();
    const closed = await info(users[1]!, issue.id);
    expect(closed.verification).toMatchObject({ list_size: 5, seed: null, final_seed: null });
    const root = closed.verification.list_root!;
    expect(root).toMatch(/^[0-9a-f]{64}$/);
    expect(closed.inclusion).toMatchObject({ leaf_index: 1 });
    clock = at(DAY + 2 * H);
    const drawn = await drawIssue(t.app.db, issue.id, clock);
    expect(drawn).toMatchObject({
      drawnNow: true,
      applications: 5,
      unitsOffered: 3,
      unitsApplied: 10,
      unitsAllotted: 3,
    });
    expect((await drawIssue(t.app.db, issue.id, clock)).drawnNow).toBe(false);
    const again = await change('/admin/newShareDraw', { id: String(issue.id) });
    expect(again.body.data).toMatchObject({ drawn_now: false, units_allotted: 3 });

    // Published: the seed matches the hash of the opening, every line recomputes.
    const page = ENDPOINTS.newShareDraw.data.parse(
      (await call(users[0]!, '/ipo/draw', { id: String(issue.id) })).body.data,
    );
    expect(page.total).toBe(5);
    expect(page).toMatchObject({ list_root: root, algorithm: 'equal-lot-lottery/2' });
    expect(page.list.map((line) => line.contribution)).toEqual(receipts.map((r) => r.contribution));
    // The published data alone (seed, hash of the opening, root of the close, the list, a receipt and its
    // proof) reproduce the draw; the tickets used SHA-256("<seed>:<root>").
    const mine = await info(users[3]!, issue.id);
    const own = {
      line: { application_no: receipts[3]!.application_no, units: 5, contribution: receipts[3]!.contribution! },
      proof: mine.inclusion!.path,
    };
    const verdict = await verifyDraw({
      seed: page.seed,
      seed_hash: page.seed_hash,
      units_offered: page.units_offered,
      list_root: page.list_root,
      list: page.list,
      own,
    });
    expect(verdict).toMatchObject({ ok: true, seedMatchesHash: true, listMatchesRoot: true, ownIncluded: true });
    expect(verdict.unitsAllotted).toBe(3);
    const finalSeed = await finalSeedOf(page.seed, root);
    expect(mine.verification.final_seed).toBe(finalSeed);
    const bare = page.list.map(({ contribution: _, ...line }) => line);
    expect(await drawLottery(finalSeed, 3, bare)).toEqual(bare as LotteryLine[]);
    // A list changed after the close (one contribution swapped) no longer matches the root published then.
    const tampered = page.list.map((line, i) => (i === 2 ? { ...line, contribution: 'e'.repeat(64) } : line));
    expect(await verifyDraw({ ...page, list: tampered })).toMatchObject({ ok: false, listMatchesRoot: false });
    const detail = await info(users[0]!, issue.id);
    expect(detail.verification).toMatchObject({
      list_root: root,
      seed: page.seed,
      applications: 5,
      units_applied: 10,
      units_allotted: 3,
    });
    expect(detail.issue.hit_rate).toBe('30.00');
    // The back office's answer names the same chain (a second call, drawn already, as the first).
    expect(again.body.data).toMatchObject({
      seed_hash: page.seed_hash,
      list_root: root,
      seed: page.seed,
      final_seed: finalSeed,
      algorithm: 'equal-lot-lottery/2',
    });

    // Equal lottery: three applicants get one lot each, the other two nothing (money back, told so).
    const states = await Promise.all(users.map(async (u) => (await records(u, 'allotments'))[0]!));
    expect(states.filter((s) => s.state === 'won').map((s) => s.allotted_quantity)).toEqual(['100', '100', '100']);
    for (const [i, state] of states.entries()) {
      const user = users[i]!;
      if (state.state === 'won') {
        expect(state.rjmoney).toBe(state.amount);
        expect((await inbox(user))[0]!.title).toBe('You won: payment due');
      } else {
        expect(state).toMatchObject({ state: 'not_won', status: 2, rjmoney: '-', allotted_quantity: '0' });
        expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '1000000', frozen: '0' });
        expect((await inbox(user, 'ja'))[0]!.title).toBe('IPO落選：資金返却');
        const released = (await call(user, '/funds/records', {})).body.data.list[0];
        expect(released).toMatchObject({
          type: 'subscription',
          amount: '0',
          frozen: new Decimal(state.amount).negated().toFixed(),
          order_no: state.order_no,
        });
      }
    }
    await expectLedgerBalanced(t.app);
  });

  it('a back-office draw answers the commitment, the list root, the seed and the final seed', async () => {
    const issue = await create('9110');
    clock = at(2 * H);
    const [first, second] = [await investor(), await investor()];
    expect((await subscribe(first, issue.id, '200')).body.status).toBe(1);
    expect((await subscribe(second, issue.id, '300')).body.status).toBe(1);
    clock = at(DAY + H + 1);
    const answer = await change('/admin/newShareDraw', { id: String(issue.id) });
    expect(answer.body).toMatchObject({ status: 1, msg: 'saved' });
    const summary = ENDPOINTS.adminNewShareDraw.outcome.parse(answer.body.data);
    expect(summary).toMatchObject({ drawn_now: true, applications: 2, units_applied: 5, units_allotted: 3 });
    // The same values the investor's /ipo/info publishes, and they chain: hash(seed) = commitment,
    // final seed = SHA-256("<seed>:<root>").
    const { verification } = await info(first, issue.id);
    expect(summary).toMatchObject({
      seed_hash: verification.seed_hash,
      list_root: verification.list_root,
      seed: verification.seed,
      final_seed: verification.final_seed,
      algorithm: 'equal-lot-lottery/2',
    });
    expect(summary.list_root).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(summary.seed!).digest('hex')).toBe(summary.seed_hash);
    expect(summary.final_seed).toBe(await finalSeedOf(summary.seed!, summary.list_root!));
  });

  it('refuses a subscription and an allotment’s payment while trading is barred; a decline still goes', async () => {
    const issue = await create('9111', { issue_size: '600', subscription_cap: '300' });
    clock = at(2 * H);
    const barred = await investor();
    const won = await investor();
    expect((await subscribe(won, issue.id, '300')).body.status).toBe(1);
    const bar = (user: MoneyUser) =>
      t.app.db.tx((tx) =>
        tx.execute(sql`UPDATE users SET trade_disabled = true, restriction_reason = 'Suspected market abuse'
                        WHERE id = ${user.userId}`),
      );
    await bar(barred);
    const refused = await expectRefused(t.app, barred, 'trading_disabled', () => subscribe(barred, issue.id, '100'));
    expect(refused.body.values).toEqual({ reason: 'Suspected market abuse' });
    expect(await records(barred)).toEqual([]);
    expect((await balancesOf(t.app, barred)).JPY).toEqual({ available: '1000000', frozen: '0' });

    clock = at(DAY + 2 * H);
    await drawIssue(t.app.db, issue.id, clock);
    const own = await records(won);
    expect(own[0]).toMatchObject({ state: 'won' });
    await bar(won);
    await expectRefused(t.app, won, 'trading_disabled', () =>
      call(won, '/ipo/confirm', { id: own[0]!.id, fund_password: FUND_PASSWORD }),
    );
    expect((await records(won))[0]).toMatchObject({ state: 'won' });
    expect((await balancesOf(t.app, won)).JPY).toEqual({ available: '700000', frozen: '300000' });
    // Getting out stays open: the decline releases the hold.
    expect((await call(won, '/ipo/decline', { id: own[0]!.id })).body).toMatchObject({ status: 1 });
    expect((await balancesOf(t.app, won)).JPY).toEqual({ available: '1000000', frozen: '0' });
    await expectLedgerBalanced(t.app);
  });

  it('confirm pays allotted × price and releases the rest; decline and the deadline release everything', async () => {
    const issue = await create('9105', { issue_size: '600', subscription_cap: '300' });
    clock = at(2 * H);
    const a = await investor();
    const b = await investor();
    const c = await investor();
    for (const user of [a, b, c]) expect((await subscribe(user, issue.id, '300')).body.status).toBe(1);
    clock = at(DAY + 2 * H);
    await drawIssue(t.app.db, issue.id, clock);
    const own = async (user: LoggedIn) => (await records(user))[0]!;
    for (const user of [a, b, c]) expect(await own(user)).toMatchObject({ state: 'won', allotted_quantity: '200' });

    const aId = (await own(a)).id;
    await expectRefused(t.app, a, 'fund_password_wrong', () =>
      call(a, '/ipo/confirm', { id: aId, fund_password: 'wrong-one' }),
    );
    const confirmed = await call(a, '/ipo/confirm', { id: (await own(a)).id, fund_password: FUND_PASSWORD });
    expect(confirmed.body.data).toMatchObject({
      state: 'subscribed',
      status: 1,
      paid_amount: '200000',
      rjmoney: '200000',
    });
    expect((await balancesOf(t.app, a)).JPY).toEqual({ available: '800000', frozen: '200000' });
    expect((await call(a, '/ipo/decline', { id: (await own(a)).id })).body.msg).toBe('allotment_not_payable');

    const declined = await call(b, '/ipo/decline', { id: (await own(b)).id });
    expect(declined.body.data).toMatchObject({ state: 'abstained', status: 3, rjmoney: '-' });
    expect((await balancesOf(t.app, b)).JPY).toEqual({ available: '1000000', frozen: '0' });

    clock = at(3 * DAY);
    expect((await call(c, '/ipo/confirm', { id: (await own(c)).id, fund_password: FUND_PASSWORD })).body.msg).toBe(
      'payment_deadline_passed',
    );
    // c, and the unanswered winners of the issue drawn above (same deadline).
    expect(await expireUnpaid(t.app.db, clock)).toBeGreaterThanOrEqual(1);
    expect(await expireUnpaid(t.app.db, clock)).toBe(0);
    expect(await own(c)).toMatchObject({ state: 'abstained', status: 3 });
    expect((await balancesOf(t.app, c)).JPY).toEqual({ available: '1000000', frozen: '0' });
    expect((await inbox(c))[0]!.title).toBe('Payment deadline passed');
    await expectLedgerBalanced(t.app);
  });

  it('edits only before the window opens; a withdrawal fails every subscription and releases its money', async () => {
    const issue = await create('9106');
    const edited = await change('/admin/newShareEdit', {
      ...issueForm('9106', { price: '1200' }),
      id: String(issue.id),
    });
    expect(edited.body.data).toMatchObject({ subscription_price: '1200' });
    clock = at(2 * H);
    const late = await change('/admin/newShareEdit', { ...issueForm('9106'), id: String(issue.id) });
    expect(late.body.msg).toBe('new_share_not_editable');
    const user = await investor();
    expect((await subscribe(user, issue.id, '100')).body.status).toBe(1);
    const withdrawn = await change('/admin/newShareWithdraw', {
      id: String(issue.id),
      reason: 'Market conditions',
    });
    expect(withdrawn.body.data).toMatchObject({ withdrawn: true, state: 'ended' });
    expect((await records(user))[0]).toMatchObject({ state: 'failed', status: 5, rjmoney: '-' });
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '1000000', frozen: '0' });
    expect((await inbox(user))[0]!.body).toContain('Market conditions');
    expect((await subscribe(user, issue.id, '100')).body.msg).toBe('new_share_not_found');
    expect((await call(user, '/admin/newShareCreate', issueForm('9107'))).statusCode).toBe(403);
    await expectLedgerBalanced(t.app);
  });
});
