import '../testing/setup';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type AdminRole, type EndpointDef } from 'shared/contract';
import { queryRows } from '../db/query';
import { grantRole, revokeRole } from '../modules/admin/admin-bootstrap';
import {
  ACCOUNT_DECISIONS,
  NOT_ACCOUNT_DECISIONS,
  outranks,
  rankOf,
  type AccountDecision,
} from '../modules/admin/own-account';
import { setConfigValue } from '../modules/site-config/site-config-repository';
import { configureMoneyLimiter } from '../security/money-limiter';
import { createPasswordHasher } from '../security/password';
import {
  TINY_JPEG,
  TINY_PNG,
  VERIFIED_NAME,
  addCard,
  markVerified,
  postApproved,
  postMultipart,
  registerAdmin,
} from '../testing/accounts';
import { startTestApp, TEST_SCRYPT, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import {
  FUND_PASSWORD,
  balancesOf,
  expectLedgerBalanced,
  fund,
  moneyReadyUser,
  userIdOf,
  type MoneyUser,
} from '../testing/money';
import { frozenClock, TOKYO_OPEN } from '../testing/trade';
import { post, type Answer, type LoggedIn } from '../testing/users';

/**
 * Separation of duties (issue 33 point 1, issue 34 point 4; docs/decisions/0026, amendments 2026-12-01 and
 * 2026-12-02): nobody decides anything about their own account (review_own_account, nothing moved), nor about the
 * account of an equal or higher role (review_equal_role), whatever the decision; deposits above the four-eyes amount
 * and an operator's direct approvals over the daily total wait for a second administrator.
 */
const clock = frozenClock();
const DAY = 86_400_000;
const CHANNEL = 'separation-7';
const hasher = createPasswordHasher({ cost: TEST_SCRYPT });

const ADMIN_NAMES = Object.entries(ENDPOINTS as Record<string, EndpointDef>)
  .filter(([, endpoint]) => endpoint.path.startsWith('/admin/'))
  .map(([name]) => name);

describe('the own-account rule sorts every admin endpoint', () => {
  it.each(ADMIN_NAMES)('%s is either an account decision or not one, never both', (name) => {
    const decision = (ACCOUNT_DECISIONS as readonly string[]).includes(name);
    const other = (NOT_ACCOUNT_DECISIONS as readonly string[]).includes(name);
    expect([name, decision !== other]).toEqual([name, true]);
  });
  it('names no endpoint that ENDPOINTS does not have', () => {
    expect([...ACCOUNT_DECISIONS, ...NOT_ACCOUNT_DECISIONS].filter((n) => !ADMIN_NAMES.includes(n))).toEqual([]);
  });
});

/** An administrator who is also an investor: verified, a card, the fund password FUND_PASSWORD. */
type Insider = MoneyUser;

/** One account decision: the insider's own item, and the call that decides it as `who`. */
interface Decision {
  /** Makes the item the insider would decide about (their own) and answers the call deciding it. */
  prepare: (insider: Insider) => Promise<(who: LoggedIn) => Promise<Answer>>;
  /** What the call answers when another administrator makes it. */
  done: string;
}

describe('the rank of back-office roles', () => {
  it('puts investors below staff (reviewer, operator, auditor, all one rank) and staff below administrators', () => {
    expect([rankOf([]), rankOf(['reviewer']), rankOf(['operator', 'auditor']), rankOf(['reviewer', 'admin'])]).toEqual([
      0, 1, 1, 2,
    ]);
  });
  it.each<[AdminRole[], AdminRole[], boolean]>([
    [['reviewer'], [], true],
    [['reviewer'], ['operator'], false],
    [['operator'], ['reviewer'], false],
    [['reviewer', 'operator'], ['auditor'], false],
    [['operator'], ['admin'], false],
    [['admin'], ['reviewer', 'operator'], true],
    [['admin'], ['admin'], false],
    [['admin'], ['auditor', 'admin'], false],
  ])('%j deciding about %j: %s', (actor, owner, allowed) => {
    expect(outranks(actor, owner)).toBe(allowed);
  });
});

describe.each(testBackends())('separation of duties on $name', (backend) => {
  let t: TestApp;
  let other: LoggedIn;
  let third: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0, jobIntervalMs: 0 });
    other = await registerAdmin(t.app);
    third = await registerAdmin(t.app);
    // A fixture, not the rule under test: deposits up to 5 000 000 (the spec's default maximum is 500 000).
    await t.app.db.tx((tx) => setConfigValue(tx, 'deposit_max', '5000000'));
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => {
    clock.set(TOKYO_OPEN);
    configureMoneyLimiter({ perAction: { max: 10_000, windowMs: 1000 }, perUser: { max: 10_000, windowMs: 1000 } });
  });

  /**
   * A member of staff who is also an investor: reviewer and operator (so they may call every decision, each about
   * their own account), decided about by the administrators `other` and `third`, who outrank them.
   */
  async function insider(): Promise<Insider> {
    const admin = await registerAdmin(t.app, 'reviewer');
    expect(await grantRole(t.app.db, { account: admin.account, role: 'operator' })).toBe('granted');
    await markVerified(t.app, admin);
    const cardId = await addCard(t.app, admin);
    const hash = await hasher.hash(FUND_PASSWORD);
    await t.app.db.tx((tx) =>
      tx.execute(sql`UPDATE users SET fund_password_hash = ${hash} WHERE account = ${admin.account}`),
    );
    return { ...admin, cardId, userId: await userIdOf(t.app, admin.account) };
  }

  const ok = (answer: Answer, msg?: string): number => {
    expect(answer.body).toMatchObject({ status: 1, ...(msg ? { msg } : {}) });
    return answer.body.data.id as number;
  };
  const depositOf = async (user: LoggedIn, amount: string) =>
    ok(
      await postMultipart(
        t.app,
        '/funds/deposit',
        { amount, currency: 'JPY', channel_id: 'jp-mufg' },
        { proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' } },
        user.headers,
      ),
    );
  const withdrawalOf = async (user: MoneyUser, amount: string) => {
    await fund(t.app, user.userId, amount);
    const form = { amount, currency: 'JPY', card_id: String(user.cardId), fund_password: FUND_PASSWORD };
    return ok(await post(t.app, '/user/withdraw', form, user.headers));
  };
  const review = (kind: string, id: number, who: LoggedIn, action = 'approve') =>
    post(
      t.app,
      `/admin/${kind}Review`,
      { id: String(id), action, reason: action === 'reject' ? 'no' : '' },
      who.headers,
    );
  const approve = (id: number, who: LoggedIn) =>
    post(t.app, '/admin/approve', { id: String(id), action: 'approve' }, who.headers);

  /** Everything a refused decision must leave as it was. */
  const stateOf = async (user: LoggedIn) => ({
    balances: await balancesOf(t.app, user),
    rows: await t.app.db.tx((tx) =>
      queryRows(
        tx,
        sql`SELECT
          (SELECT count(*)::int FROM audit_log) AS audit,
          (SELECT count(*)::int FROM four_eyes_requests) AS requests,
          (SELECT count(*)::int FROM four_eyes_requests WHERE status <> 'pending') AS decided,
          (SELECT count(*)::int FROM journal_transactions) AS journal,
          (SELECT count(*)::int FROM deposits WHERE status <> 0) AS deposits,
          (SELECT count(*)::int FROM withdrawals WHERE status <> 0) AS withdrawals,
          (SELECT count(*)::int FROM loans WHERE status <> 0) AS loans,
          (SELECT count(*)::int FROM realname_checks WHERE status <> 'pending') AS realnames,
          (SELECT count(*)::int FROM block_applications WHERE status <> 0) AS blocks,
          (SELECT count(*)::int FROM day_trades WHERE status <> 'submitted') AS day_trades,
          (SELECT count(*)::int FROM messages) AS inbox,
          (SELECT row(banned, frozen, trade_disabled)::text FROM users u
             WHERE u.account = ${user.account}) AS flags`,
      ),
    ),
  });

  /** Every account decision of ACCOUNT_DECISIONS (the record's type makes a new one need a case here). */
  const DECISIONS: Record<AccountDecision, Decision> = {
    adminDepositReview: {
      async prepare(me) {
        const id = await depositOf(me, '100000');
        return (who) => review('deposit', id, who);
      },
      done: 'review_done',
    },
    adminWithdrawalReview: {
      async prepare(me) {
        const id = await withdrawalOf(me, '30000');
        return (who) => review('withdrawal', id, who);
      },
      done: 'review_done',
    },
    adminRealnameReview: {
      async prepare(me) {
        await t.app.db.tx((tx) =>
          tx.execute(sql`UPDATE users SET realname_status = 'none' WHERE account = ${me.account}`),
        );
        ok(
          await postMultipart(
            t.app,
            '/user/realname',
            { name: VERIFIED_NAME, id_number: 'X1234567', privacy: '1' },
            {
              front: { data: TINY_JPEG, filename: 'a.jpg' },
              back: { data: TINY_PNG, filename: 'b.png', contentType: 'image/png' },
            },
            me.headers,
          ),
        );
        const list = (await post(t.app, '/admin/realnames', { status: 'pending' }, other.headers)).body.data
          .list as Array<{ id: number; account: string }>;
        const id = list.find((row) => row.account === me.account)!.id;
        return (who) => review('realname', id, who);
      },
      done: 'saved',
    },
    adminLoanReview: {
      async prepare(me) {
        const id = ok(await post(t.app, '/funds/loanApply', { amount: '50000', term_days: '7' }, me.headers));
        return (who) => review('loan', id, who);
      },
      done: 'review_done',
    },
    adminBlockReview: {
      async prepare(me) {
        const listing = {
          code: '7203',
          market: 'jpy',
          block_price: '2500',
          min_lots: '10',
          total_lots: '100',
          deadline: new Date(clock.now().getTime() + 2 * DAY).toISOString(),
          channel_password: CHANNEL,
        };
        const admins = { submitter: other, approver: third };
        const listingId = ok(await postApproved(t.app, admins, '/admin/blockCreate', listing));
        await fund(t.app, me.userId, '10000000');
        const form = { id: String(listingId), lots: '10', channel_password: CHANNEL, fund_password: FUND_PASSWORD };
        const id = ok(await post(t.app, '/block/apply', form, me.headers), 'block_applied');
        return (who) => review('block', id, who);
      },
      done: 'review_done',
    },
    adminDayTradeReview: {
      async prepare(me) {
        await fund(t.app, me.userId, '500000');
        ok(await post(t.app, '/trade/riskAck', { version: '1', kind: 'day_trade' }, me.headers));
        const form = { market: 'jpy', amount: '100000', fund_password: FUND_PASSWORD };
        const id = ok(await post(t.app, '/daytrade/apply', form, me.headers), 'day_trade_applied');
        return (who) => review('dayTrade', id, who);
      },
      done: 'review_done',
    },
    adminUserFlags: {
      async prepare(me) {
        return (who) =>
          post(
            t.app,
            '/admin/userFlags',
            { account: me.account, trade_disabled: '1', reason: 'separation of duties' },
            who.headers,
          );
      },
      done: 'saved',
    },
    adminCorrection: {
      async prepare(me) {
        return (who) =>
          post(
            t.app,
            '/admin/correction',
            { account: me.account, currency: 'JPY', amount: '700', reason: 'fee refunded: ticket 33' },
            who.headers,
          );
      },
      done: 'four_eyes_waiting',
    },
    adminApprove: {
      async prepare(me) {
        // Another operator asks for a correction of the insider's account; the insider may not approve it.
        const form = { account: me.account, currency: 'JPY', amount: '900', reason: 'fee refunded: ticket 34' };
        const submitted = await post(t.app, '/admin/correction', form, third.headers);
        const id = ok({ ...submitted, body: { ...submitted.body, data: { id: submitted.body.data.four_eyes_id } } });
        return (who) => approve(id, who);
      },
      done: 'correction_posted',
    },
  };

  describe.each(ACCOUNT_DECISIONS.map((name) => ({ name, path: ENDPOINTS[name].path })))('$path', ({ name }) => {
    it("is refused about one's own account and an equal or higher role's, nothing moved; a higher may", async () => {
      const me = await insider();
      // A colleague of the same rank (reviewer and operator too) and an administrator above both.
      const peer = await registerAdmin(t.app, 'operator');
      await grantRole(t.app.db, { account: peer.account, role: 'reviewer' });
      const decide = await DECISIONS[name].prepare(me);
      const before = await stateOf(me);
      expect((await decide(me)).body).toEqual({ status: 0, msg: 'review_own_account' });
      expect(await stateOf(me)).toEqual(before);
      expect((await decide(peer)).body).toEqual({ status: 0, msg: 'review_equal_role' });
      expect(await stateOf(me)).toEqual(before);
      // Made an administrator while the item waits: no administrator decides about another one's account…
      expect(await grantRole(t.app.db, { account: me.account, role: 'admin' })).toBe('granted');
      const promoted = await stateOf(me);
      expect((await decide(other)).body).toEqual({ status: 0, msg: 'review_equal_role' });
      expect(await stateOf(me)).toEqual(promoted);
      // …until the role is revoked on the server (cli.js revoke-role): then an administrator decides as usual.
      expect(await revokeRole(t.app.db, { account: me.account, role: 'admin' })).toBe('revoked');
      const answer = await decide(other);
      expect(answer.body).toMatchObject({ status: 1 });
      // /admin/approve answers the action's own message in its outcome.
      const msg = name === 'adminApprove' ? answer.body.data.outcome.msg : answer.body.msg;
      expect(msg).toBe(DECISIONS[name].done);
      await expectLedgerBalanced(t.app);
    });
  });

  it("keeps an auditor's account from reviewers and operators (one rank); an administrator decides it", async () => {
    const auditor = await registerAdmin(t.app, 'auditor');
    const operator = await registerAdmin(t.app, 'operator');
    const flag = (who: LoggedIn) =>
      post(
        t.app,
        '/admin/userFlags',
        { account: auditor.account, frozen: '1', reason: 'an insider test' },
        who.headers,
      );
    const before = await stateOf(auditor);
    expect((await flag(operator)).body).toEqual({ status: 0, msg: 'review_equal_role' });
    expect(await stateOf(auditor)).toEqual(before);
    expect((await flag(other)).body).toMatchObject({ status: 1, msg: 'saved' });
    // Freezing ends the account's sessions, so its state is read from the table.
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ frozen: boolean }>(tx, sql`SELECT frozen FROM users WHERE account = ${auditor.account}`),
    );
    expect(row).toEqual({ frozen: true });
  });

  it('refuses the insider the four-eyes approval of their own deposit; never requester nor decider', async () => {
    const me = await insider();
    const id = await depositOf(me, '1500000');
    // Submitted by another reviewer: it waits (above four_eyes_deposit_jpy's default 1 000 000).
    const submitted = await review('deposit', id, other);
    expect(submitted.body).toMatchObject({ status: 1, msg: 'four_eyes_waiting' });
    const request = ENDPOINTS.adminDepositReview.data.parse(submitted.body.data).four_eyes_id!;
    const before = await stateOf(me);
    expect((await approve(request, me)).body).toEqual({ status: 0, msg: 'review_own_account' });
    expect(await stateOf(me)).toEqual(before);
    expect((await approve(request, third)).body).toMatchObject({
      status: 1,
      data: { outcome: { msg: 'review_done' } },
    });
    expect((await balancesOf(t.app, me)).JPY!.available).toBe('1500000');
    // The database holds the rule too: no request has its own subject as requester or decider.
    const [own] = await t.app.db.tx((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM four_eyes_requests
            WHERE subject_user_id = requested_by OR subject_user_id = decided_by`,
      ),
    );
    expect(own!.n).toBe(0);
  });

  describe('deposits above the four-eyes amount', () => {
    it('wait for a second, different administrator; rejecting never waits', async () => {
      const [reviewer, second] = [await registerAdmin(t.app, 'reviewer'), await registerAdmin(t.app, 'reviewer')];
      const user = await moneyReadyUser(t.app);
      const small = await depositOf(user, '1000000');
      expect((await review('deposit', small, reviewer)).body).toMatchObject({ status: 1, msg: 'review_done' });

      const big = await depositOf(user, '1000001');
      const first = await review('deposit', big, reviewer);
      expect(first.body).toMatchObject({ status: 1, msg: 'four_eyes_waiting' });
      const request = ENDPOINTS.adminDepositReview.data.parse(first.body.data).four_eyes_id!;
      expect((await balancesOf(t.app, user)).JPY!.available).toBe('1000000');
      const listed = (await post(t.app, '/admin/approvals', {}, second.headers)).body.data.list as Array<{
        id: number;
      }>;
      expect(listed.find((r) => r.id === request)).toMatchObject({
        endpoint: 'adminDepositReview',
        amount: '1000001',
        currency: 'JPY',
        requester: reviewer.account,
      });
      expect((await approve(request, reviewer)).body).toMatchObject({ status: 0, msg: 'four_eyes_same_admin' });
      expect((await approve(request, second)).body).toMatchObject({
        status: 1,
        data: { status: 'approved', outcome: { msg: 'review_done' } },
      });
      expect((await balancesOf(t.app, user)).JPY!.available).toBe('2000001');
      const [row] = await t.app.db.tx((tx) =>
        queryRows<{ reviewer: string; request: string }>(
          tx,
          sql`SELECT u.account AS reviewer, d.four_eyes_request_id::text AS request
              FROM deposits d JOIN users u ON u.id = d.reviewed_by WHERE d.id = ${big}`,
        ),
      );
      expect(row).toEqual({ reviewer: second.account, request: String(request) });

      const rejected = await depositOf(user, '3000000');
      expect((await review('deposit', rejected, reviewer, 'reject')).body).toMatchObject({
        status: 1,
        msg: 'review_done',
      });
      await expectLedgerBalanced(t.app);
    });

    it('follow site config four_eyes_deposit_<currency> (a change itself needs two administrators)', async () => {
      const [reviewer, approver] = [await registerAdmin(t.app), await registerAdmin(t.app)];
      const admins = { submitter: reviewer, approver };
      const lower = { name: 'four_eyes_deposit_jpy', value: '200000' };
      expect((await postApproved(t.app, admins, '/admin/config', lower)).body).toMatchObject({ status: 1 });
      try {
        const user = await moneyReadyUser(t.app);
        const id = await depositOf(user, '200001');
        expect((await review('deposit', id, reviewer)).body).toMatchObject({ status: 1, msg: 'four_eyes_waiting' });
        expect((await balancesOf(t.app, user)).JPY!.available).toBe('0');
      } finally {
        await t.app.db.tx((tx) => setConfigValue(tx, 'four_eyes_deposit_jpy', '1000000'));
      }
    });
  });

  describe("an operator's daily total", () => {
    const directTotal = async (who: LoggedIn, table: 'deposits' | 'withdrawals') => {
      const column = table === 'deposits' ? sql`amount` : sql`money`;
      const [row] = await t.app.db.tx((tx) =>
        queryRows<{ total: string }>(
          tx,
          sql`SELECT coalesce(sum(${column}), 0)::text AS total FROM ${sql.raw(table)} d JOIN users u
              ON u.id = d.reviewed_by WHERE u.account = ${who.account} AND d.status = 1
              AND d.four_eyes_request_id IS NULL`,
        ),
      );
      return new Decimal(row!.total).toFixed();
    };

    it('sends the deposit approval crossing it to four-eyes; four-eyes approvals, rejects do not count', async () => {
      const [reviewer, second] = [await registerAdmin(t.app, 'reviewer'), await registerAdmin(t.app, 'reviewer')];
      const users = await Promise.all([1, 2, 3, 4].map(() => moneyReadyUser(t.app)));
      const ids = [];
      for (const user of users) ids.push(await depositOf(user, '900000'));
      // Each under the single amount (1 000 000); together above the day's 3 000 000 at the fourth.
      for (const id of ids.slice(0, 3))
        expect((await review('deposit', id, reviewer)).body).toMatchObject({ status: 1, msg: 'review_done' });
      const fourth = await review('deposit', ids[3]!, reviewer);
      expect(fourth.body).toMatchObject({ status: 1, msg: 'four_eyes_waiting' });
      expect((await balancesOf(t.app, users[3]!)).JPY!.available).toBe('0');
      expect(await directTotal(reviewer, 'deposits')).toBe('2700000');
      // Rejecting still goes through at once.
      const extra = await moneyReadyUser(t.app);
      const refusedId = await depositOf(extra, '900000');
      expect((await review('deposit', refusedId, reviewer, 'reject')).body).toMatchObject({ msg: 'review_done' });

      // The second reviewer approves the fourth through four-eyes: it does not count in their own day.
      const request = fourth.body.data.four_eyes_id as number;
      expect((await approve(request, second)).body).toMatchObject({ status: 1 });
      expect((await balancesOf(t.app, users[3]!)).JPY!.available).toBe('900000');
      const more = await Promise.all([1, 2, 3].map(() => moneyReadyUser(t.app)));
      for (const user of more) {
        const id = await depositOf(user, '1000000');
        expect((await review('deposit', id, second)).body).toMatchObject({ status: 1, msg: 'review_done' });
      }
      expect(await directTotal(second, 'deposits')).toBe('3000000');

      // The next Tokyo day starts a new total.
      clock.set(new Date(TOKYO_OPEN.getTime() + DAY));
      const tomorrow = await depositOf(extra, '900000');
      expect((await review('deposit', tomorrow, reviewer)).body).toMatchObject({ status: 1, msg: 'review_done' });
      await expectLedgerBalanced(t.app);
    });

    it('sends the withdrawal approval that crosses four_eyes_daily_withdrawal_jpy to four-eyes', async () => {
      const reviewer = await registerAdmin(t.app, 'reviewer');
      const users = await Promise.all([1, 2, 3, 4].map(() => moneyReadyUser(t.app)));
      const ids = [];
      for (const user of users) ids.push(await withdrawalOf(user, '999999'));
      for (const id of ids.slice(0, 3))
        expect((await review('withdrawal', id, reviewer)).body).toMatchObject({ status: 1, msg: 'review_done' });
      expect((await review('withdrawal', ids[3]!, reviewer)).body).toMatchObject({
        status: 1,
        msg: 'four_eyes_waiting',
      });
      expect((await balancesOf(t.app, users[3]!)).JPY).toEqual({ available: '0', frozen: '999999' });
      expect(await directTotal(reviewer, 'withdrawals')).toBe('2999997');
      await expectLedgerBalanced(t.app);
    });

    it('holds when one operator approves many at once: the total is read under their lock', async () => {
      const reviewer = await registerAdmin(t.app, 'reviewer');
      const users = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => moneyReadyUser(t.app)));
      const ids = await Promise.all(users.map((user) => depositOf(user, '900000')));
      const answers = await Promise.all(ids.map((id) => review('deposit', id, reviewer)));
      expect(answers.map((a) => a.body.status)).toEqual(ids.map(() => 1));
      expect(answers.filter((a) => a.body.msg === 'review_done')).toHaveLength(3);
      expect(answers.filter((a) => a.body.msg === 'four_eyes_waiting')).toHaveLength(5);
      expect(await directTotal(reviewer, 'deposits')).toBe('2700000');
      await expectLedgerBalanced(t.app);
    });
  });
});
