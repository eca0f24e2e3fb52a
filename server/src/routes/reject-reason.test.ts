import '../testing/setup';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query';
import { configureMoneyLimiter } from '../security/money-limiter';
import { TINY_PNG, postApproved, postMultipart, registerAdmin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import {
  FUND_PASSWORD,
  balancesOf,
  expectLedgerBalanced,
  fund,
  moneyReadyUser,
  type MoneyUser,
} from '../testing/money';
import { frozenClock, TOKYO_OPEN, trader } from '../testing/trade';
import { post, type LoggedIn } from '../testing/users';

const clock = frozenClock();
const DAY = 86_400_000;
const CHANNEL = 'reject-reason-7';

/** What one review queue needs: a pending item of a fresh user, its review path and its pending list. */
interface Queue {
  name: string;
  review: string;
  pendingList: { path: string; form: Record<string, string> };
  pending: (t: TestApp, admin: LoggedIn) => Promise<{ user: MoneyUser; id: number }>;
}

const ok = (answer: { body: { status: number; msg: string; data: { id: number } } }, msg?: string) => {
  expect(answer.body.status).toBe(1);
  if (msg) expect(answer.body.msg).toBe(msg);
  return answer.body.data.id;
};

const QUEUES: Queue[] = [
  {
    name: 'deposit',
    review: '/admin/depositReview',
    pendingList: { path: '/admin/deposits', form: { status: 'pending' } },
    async pending(t) {
      const user = await moneyReadyUser(t.app);
      const answer = await postMultipart(
        t.app,
        '/funds/deposit',
        { amount: '100000', currency: 'JPY', channel_id: 'jp-mufg' },
        { proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' } },
        user.headers,
      );
      return { user, id: ok(answer) };
    },
  },
  {
    name: 'withdrawal',
    review: '/admin/withdrawalReview',
    pendingList: { path: '/admin/withdrawals', form: { status: 'pending' } },
    async pending(t) {
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '100000');
      const form = { amount: '30000', currency: 'JPY', card_id: String(user.cardId), fund_password: FUND_PASSWORD };
      return { user, id: ok(await post(t.app, '/user/withdraw', form, user.headers)) };
    },
  },
  {
    name: 'loan',
    review: '/admin/loanReview',
    pendingList: { path: '/admin/loans', form: { status: 'pending' } },
    async pending(t) {
      const user = await moneyReadyUser(t.app);
      return { user, id: ok(await post(t.app, '/funds/loanApply', { amount: '50000', term_days: '7' }, user.headers)) };
    },
  },
  {
    name: 'block trade',
    review: '/admin/blockReview',
    pendingList: { path: '/admin/blockApplications', form: { status: 'pending' } },
    async pending(t, admin) {
      const listing = {
        code: '7203',
        market: 'jpy',
        block_price: '2500',
        min_lots: '10',
        total_lots: '100',
        deadline: new Date(clock.now().getTime() + 2 * DAY).toISOString(),
        channel_password: CHANNEL,
      };
      // a catalogue change: a second administrator approves the listing (four-eyes, ADR 0026)
      const admins = { submitter: admin, approver: await registerAdmin(t.app) };
      const listingId = ok(await postApproved(t.app, admins, '/admin/blockCreate', listing), 'block_listing_created');
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '10000000');
      const form = { id: String(listingId), lots: '10', channel_password: CHANNEL, fund_password: FUND_PASSWORD };
      return { user, id: ok(await post(t.app, '/block/apply', form, user.headers), 'block_applied') };
    },
  },
  {
    name: 'day trade',
    review: '/admin/dayTradeReview',
    pendingList: { path: '/admin/dayTrades', form: { status: 'submitted' } },
    async pending(t) {
      const user = await trader(t.app, { JPY: '500000' });
      expect((await post(t.app, '/trade/riskAck', { version: '1', kind: 'day_trade' }, user.headers)).body.status).toBe(
        1,
      );
      const form = { market: 'jpy', amount: '100000', fund_password: FUND_PASSWORD };
      return { user, id: ok(await post(t.app, '/daytrade/apply', form, user.headers), 'day_trade_applied') };
    },
  },
];

/**
 * Every back-office review refuses a rejection without a reason (missing, empty or blank) with
 * `reject_reason_required` and changes nothing: the item stays pending, no balance moves, no inbox
 * message, no audit entry. With a reason the rejection goes through and the user reads the reason.
 */
describe.each(testBackends())('a rejection needs a reason on $name', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0, jobIntervalMs: 0 });
    admin = await registerAdmin(t.app);
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => {
    clock.set(TOKYO_OPEN);
    configureMoneyLimiter({ perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } });
  });

  const inbox = async (user: LoggedIn) =>
    (await post(t.app, '/user/messages', { lang: 'en' }, user.headers)).body.data.list as Array<{
      title: string;
      body: string;
    }>;
  const auditCount = async () => {
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM audit_log`),
    );
    return row!.n;
  };

  it.each(QUEUES)('$name', async (queue) => {
    const { user, id } = await queue.pending(t, admin);
    const pendingIds = async () =>
      (
        (await post(t.app, queue.pendingList.path, queue.pendingList.form, admin.headers)).body.data.list as Array<{
          id: number | string;
        }>
      ).map((row) => Number(row.id));
    expect(await pendingIds()).toContain(id);
    const before = { balances: await balancesOf(t.app, user), inbox: await inbox(user), audit: await auditCount() };

    for (const form of [
      { id: String(id), action: 'reject' },
      { id: String(id), action: 'reject', reason: '' },
      { id: String(id), action: 'reject', reason: '   ' },
    ]) {
      const answer = await post(t.app, queue.review, form, admin.headers);
      expect({ form, status: answer.body.status, msg: answer.body.msg }).toEqual({
        form,
        status: 0,
        msg: 'reject_reason_required',
      });
    }
    expect(await pendingIds()).toContain(id);
    expect(await balancesOf(t.app, user)).toEqual(before.balances);
    expect(await inbox(user)).toEqual(before.inbox);
    expect(await auditCount()).toBe(before.audit);

    const reason = `not for ${queue.name}: papers missing`;
    const rejected = await post(t.app, queue.review, { id: String(id), action: 'reject', reason }, admin.headers);
    expect(rejected.body).toMatchObject({ status: 1, msg: 'review_done' });
    expect(await pendingIds()).not.toContain(id);
    expect(await auditCount()).toBe(before.audit + 1);
    const messages = await inbox(user);
    expect(messages).toHaveLength(before.inbox.length + 1);
    expect(messages.some((m) => m.body.includes(reason))).toBe(true);
    // Decided: a second rejection without a reason answers that first.
    const again = await post(t.app, queue.review, { id: String(id), action: 'reject' }, admin.headers);
    expect(again.body).toMatchObject({ status: 0, msg: 'review_already_done' });
    await expectLedgerBalanced(t.app);
  });
});
