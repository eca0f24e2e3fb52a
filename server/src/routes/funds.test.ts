import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { Decimal } from 'shared/money';
import { queryRows } from '../db/query';
import { configureMoneyLimiter } from '../security/money-limiter';
import { TINY_PNG, postApproved, postMultipart, registerAdmin, markVerified } from '../testing/accounts';
import { testBackends } from '../testing/backends';
import { inboxOf } from '../testing/order-invariants';
import { startTestApp, type TestApp } from '../testing/app';
import { post, registerAndLogin, type LoggedIn } from '../testing/users';
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

let clock = OPEN_TIME;
const proof = { proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' } };

describe.each(testBackends())('money calls on $name', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => clock });
    admin = await registerAdmin(t.app);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = OPEN_TIME;
    configureMoneyLimiter({ perAction: { max: 1000, windowMs: 1000 }, perUser: { max: 1000, windowMs: 1000 } });
  });

  const deposit = (user: LoggedIn, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    postMultipart(
      t.app,
      '/funds/deposit',
      { amount: '100000', currency: 'JPY', channel_id: 'jp-mufg', ...form },
      proof,
      { ...user.headers, ...headers },
    );
  const withdraw = (user: MoneyUser, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    post(
      t.app,
      '/user/withdraw',
      { amount: '30000', currency: 'JPY', card_id: String(user.cardId), fund_password: FUND_PASSWORD, ...form },
      { ...user.headers, ...headers },
    );
  const review = (kind: 'deposit' | 'withdrawal' | 'loan', id: number, action: 'approve' | 'reject', reason = '') =>
    post(t.app, `/admin/${kind}Review`, { id: String(id), action, reason }, admin.headers);
  const records = async (user: LoggedIn, form: Record<string, string> = {}) =>
    (await post(t.app, '/funds/records', form, user.headers)).body.data as {
      list: Array<{
        type: string;
        order_no: string;
        amount: string;
        frozen: string;
        balance: string;
        currency: string;
        memo: string | null;
      }>;
      total: number;
    };
  const inbox = async (user: LoggedIn) =>
    (
      (await post(t.app, '/user/messages', {}, user.headers)).body.data as {
        list: Array<{ title: string; body: string }>;
      }
    ).list;

  describe('deposit', () => {
    it('lists the channels, the maximum and the hours from site config', async () => {
      const user = await moneyReadyUser(t.app);
      const answer = await post(t.app, '/funds/channels', {}, user.headers);
      const data = ENDPOINTS.depositChannels.data.parse(answer.body.data);
      expect(data.max).toBe('500000');
      expect(data.verify_first).toBeNull();
      expect(data.channels.map((c) => c.currency)).toEqual(expect.arrayContaining(['JPY', 'USD', 'CNY']));
      expect(data.channels.find((c) => c.id === 'jp-mufg')).toMatchObject({
        bank: '三菱日联银行 (0005)',
        account_type: 'ordinary',
        account_number: '1234567',
      });
    });

    it('answers no receiving account to a user whose identity is not verified: verify first', async () => {
      const user = await registerAndLogin(t.app);
      const data = ENDPOINTS.depositChannels.data.parse(
        (await post(t.app, '/funds/channels', {}, user.headers)).body.data,
      );
      expect(data).toMatchObject({ channels: [], verify_first: 'realname_required', max: '500000' });
      expect(JSON.stringify(data)).not.toContain('1234567');
      await t.app.db.tx((tx) =>
        tx.execute(sql`UPDATE users SET realname_status = 'failed' WHERE account = ${user.account}`),
      );
      expect((await post(t.app, '/funds/channels', {}, user.headers)).body.data).toMatchObject({
        channels: [],
        verify_first: 'realname_failed',
      });
    });

    it('answers bank, branch and account name in the requested language, the account type as an enum', async () => {
      const user = await moneyReadyUser(t.app);
      const channels = async (lang: string) =>
        ENDPOINTS.depositChannels.data.parse((await post(t.app, '/funds/channels', { lang }, user.headers)).body.data)
          .channels;
      const mufg = (list: Awaited<ReturnType<typeof channels>>) => list.find((c) => c.id === 'jp-mufg');
      for (const lang of ['us', 'en']) {
        expect(mufg(await channels(lang))).toEqual({
          id: 'jp-mufg',
          currency: 'JPY',
          bank: 'MUFG Bank (0005)',
          branch: 'Head Office (001)',
          account_name: 'Kabu Shoken K.K.',
          account_type: 'ordinary',
          account_number: '1234567',
        });
      }
      for (const lang of ['jp', 'ja']) {
        expect(mufg(await channels(lang))).toMatchObject({
          bank: '三菱UFJ銀行 (0005)',
          branch: '本店 (001)',
          account_name: 'カブショウケン（カ',
        });
      }
      expect(mufg(await channels('cn'))).toMatchObject({ bank: '三菱日联银行 (0005)', branch: '总行 (001)' });
      const english = JSON.stringify(await channels('us'));
      expect(english).not.toMatch(/[\u3040-\u30ff]/);
      expect((await post(t.app, '/funds/channels', { lang: 'fr' }, user.headers)).body).toMatchObject({
        status: 0,
        msg: 'field_invalid',
      });
    });

    it('refuses each rule with its key and moves nothing', async () => {
      const user = await moneyReadyUser(t.app);
      await expectRefused(t.app, user, 'proof_required', () =>
        postMultipart(
          t.app,
          '/funds/deposit',
          { amount: '1000', currency: 'JPY', channel_id: 'jp-mufg' },
          {},
          user.headers,
        ),
      );
      await expectRefused(t.app, user, 'amount_required', () => deposit(user, { amount: '' }));
      await expectRefused(t.app, user, 'amount_invalid', () => deposit(user, { amount: '1000.5' }));
      await expectRefused(t.app, user, 'amount_invalid', () => deposit(user, { amount: '0' }));
      const max = await expectRefused(t.app, user, 'deposit_max', () => deposit(user, { amount: '500001' }));
      expect(max.body.values).toEqual({ max: '500,000 JPY' });
      await expectRefused(t.app, user, 'field_invalid', () => deposit(user, { channel_id: 'us-chase' }));
      const unverified = await registerAndLogin(t.app);
      await expectRefused(t.app, unverified, 'realname_required', () => deposit(unverified));
      await markVerified(t.app, unverified);
      await expectRefused(t.app, unverified, 'bank_card_required', () => deposit(unverified));
    });

    it('is pending until approved, one at a time, then credits exactly the amount from the bank', async () => {
      const user = await moneyReadyUser(t.app);
      const first = await deposit(user, { amount: '123456' });
      expect(first.body).toMatchObject({
        status: 1,
        msg: 'recharge_success',
        data: { id: expect.any(Number), order_no: expect.stringMatching(/^D\d{22}$/) },
      });
      await expectRefused(t.app, user, 'deposit_pending', () => deposit(user, { amount: '1000' }));
      expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '0', frozen: '0' });
      const mine = (await post(t.app, '/funds/deposits', {}, user.headers)).body.data;
      expect(ENDPOINTS.deposits.data.parse(mine)[0]).toMatchObject({
        order_no: first.body.data.order_no,
        amount: '123456',
        status: 'pending',
      });

      const pending = (await post(t.app, '/admin/deposits', { status: 'pending' }, admin.headers)).body.data
        .list as Array<{ id: number; account: string; proof_id: string }>;
      expect(pending.find((d) => d.id === first.body.data.id)).toMatchObject({
        account: user.account,
        proof_id: expect.any(String),
      });
      expect((await review('deposit', first.body.data.id, 'approve')).body).toMatchObject({ status: 1 });
      expect((await review('deposit', first.body.data.id, 'approve')).body.msg).toBe('review_already_done');
      expect((await review('deposit', first.body.data.id, 'reject')).body.msg).toBe('review_already_done');
      expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '123456', frozen: '0' });
      expect((await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).body.data).toMatchObject({
        jpy: '123456',
        total: '123456',
      });
      expect((await records(user)).list).toEqual([
        expect.objectContaining({
          type: 'deposit',
          order_no: first.body.data.order_no,
          amount: '123456',
          currency: 'JPY',
        }),
      ]);
      // One message of the deposit (binding the card wrote its own security notice before it).
      expect((await inboxOf(t.app, user.userId)).map((m) => m.key)).toEqual([
        'security_bank_card_added',
        'deposit_approved',
      ]);

      const second = await deposit(user, { amount: '5000' });
      expect((await review('deposit', second.body.data.id, 'reject', 'proof unreadable')).body.status).toBe(1);
      expect((await balancesOf(t.app, user)).JPY.available).toBe('123456');
      expect((await post(t.app, '/funds/deposits', {}, user.headers)).body.data[0]).toMatchObject({
        status: 'rejected',
        reject_reason: 'proof unreadable',
      });
      expect((await inbox(user))[0]!.body).toContain('proof unreadable');
      await expectLedgerBalanced(t.app);
    });

    it('refuses the review to a non-administrator (403) and leaves the deposit pending', async () => {
      const user = await moneyReadyUser(t.app);
      const answer = await deposit(user);
      const attempt = await post(
        t.app,
        '/admin/depositReview',
        { id: String(answer.body.data.id), action: 'approve' },
        user.headers,
      );
      expect(attempt.statusCode).toBe(403);
      expect((await post(t.app, '/funds/deposits', {}, user.headers)).body.data[0].status).toBe('pending');
    });
  });

  describe('withdraw', () => {
    it('refuses each rule with its key, the rule and the way out, and moves nothing', async () => {
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '100000');
      const min = await expectRefused(t.app, user, 'withdraw_min', () => withdraw(user, { amount: '29999' }));
      expect(min.body.values).toEqual({ min: '30,000 JPY' });
      await expectRefused(t.app, user, 'amount_invalid', () => withdraw(user, { amount: '30000.5' }));
      await expectRefused(t.app, user, 'amount_required', () => withdraw(user, { amount: '' }));
      await expectRefused(t.app, user, 'withdraw_currency_unavailable', () => withdraw(user, { currency: 'KRW' }));
      await expectRefused(t.app, user, 'fund_password_required', () => withdraw(user, { fund_password: '' }));
      await expectRefused(t.app, user, 'fund_password_wrong', () => withdraw(user, { fund_password: '000000' }));
      await expectRefused(t.app, user, 'card_not_found', () => withdraw(user, { card_id: '999999' }));
      await expectRefused(t.app, user, 'insufficient_balance', () => withdraw(user, { amount: '100001' }));

      clock = new Date('2026-11-21T01:00:00Z'); // Saturday 10:00 JST
      const weekend = await expectRefused(t.app, user, 'withdraw_closed_hours', () => withdraw(user));
      expect(weekend.body.values).toEqual({ opens: '2026-11-24 09:00 JST' }); // Monday 23 Nov is a holiday (勤労感謝の日)
      clock = new Date('2026-11-16T06:30:00Z'); // Monday 15:30 JST: closed
      expect((await expectRefused(t.app, user, 'withdraw_closed_hours', () => withdraw(user))).body.values).toEqual({
        opens: '2026-11-17 09:00 JST',
      });
      clock = new Date('2026-11-16T23:59:00Z'); // Tuesday 08:59 JST
      expect((await expectRefused(t.app, user, 'withdraw_closed_hours', () => withdraw(user))).body.values).toEqual({
        opens: '2026-11-17 09:00 JST',
      });
      clock = OPEN_TIME;

      await t.app.db.tx((tx) =>
        tx.execute(sql`
        INSERT INTO positions
          (user_id, order_no, market, currency, code, name, direction, price_type, stock_num, buy_price, cost)
        VALUES
          (${user.userId}, ${`P${user.account}`}, 'jpy', 'JPY', '7203', 'Toyota', 'long', 'market', 100, 2500, 0)`),
      );
      await expectRefused(t.app, user, 'positions_open', () => withdraw(user));
      await t.app.db.tx((tx) => tx.execute(sql`UPDATE positions SET status = 2 WHERE user_id = ${user.userId}`));

      await deposit(user, { amount: '1000' });
      await expectRefused(t.app, user, 'order_under_review', () => withdraw(user));

      const unverified = await registerAndLogin(t.app);
      await expectRefused(t.app, unverified, 'realname_required', () =>
        post(
          t.app,
          '/user/withdraw',
          { amount: '30000', currency: 'JPY', card_id: '1', fund_password: FUND_PASSWORD },
          unverified.headers,
        ),
      );
    });

    it('refuses with credit_score_low naming the score and the threshold', async () => {
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '50000');
      // Nine loans repaid late within the last year: 60 + 20 − 9 × 5 = 35 < 40.
      await t.app.db.tx((tx) =>
        tx.execute(sql`
        INSERT INTO loans (user_id, order_no, currency, amount, repaid, status, term_days, due_at, repaid_at)
        SELECT ${user.userId}, ${`LATE${user.account}`} || g, 'JPY', 1000, 1000, 3, 7,
               '2026-10-01T00:00:00Z', '2026-10-10T00:00:00Z'
        FROM generate_series(1, 9) g`),
      );
      const answer = await expectRefused(t.app, user, 'credit_score_low', () => withdraw(user));
      expect(answer.body.values).toEqual({ score: '35', min: '40' });
      const credit = (await post(t.app, '/funds/credit', {}, user.headers)).body.data;
      expect(credit).toMatchObject({ score: 35, threshold: 40, limit: '0' });
      expect(credit.reasons).toEqual(expect.arrayContaining([{ key: 'repaid_late', points: -45 }]));
    });

    it('stamps journal entries, holds and inbox messages with the app clock, like the business rows', async () => {
      clock = new Date('2026-11-18T02:34:56.000Z');
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '100000');
      const first = await withdraw(user, { amount: '40000' });
      expect((await review('withdrawal', first.body.data.id, 'approve')).body.status).toBe(1);
      const deposited = await deposit(user, { amount: '5000' });
      expect((await review('deposit', deposited.body.data.id, 'approve')).body.status).toBe(1);
      const stamps = await t.app.db.tx((tx) =>
        queryRows<{ what: string; at: Date | null }>(
          tx,
          sql`
        SELECT 'entry' AS what, e.created_at AS at
          FROM journal_entries e JOIN journal_transactions j ON j.id = e.transaction_id
          WHERE j.reference IN (${first.body.data.order_no}, ${deposited.body.data.order_no})
        UNION ALL SELECT 'transaction', created_at FROM journal_transactions
          WHERE reference IN (${first.body.data.order_no}, ${deposited.body.data.order_no})
        UNION ALL SELECT 'hold', created_at FROM ledger_holds WHERE reference = ${first.body.data.order_no}
        UNION ALL SELECT 'hold resolved', resolved_at FROM ledger_holds WHERE reference = ${first.body.data.order_no}
        UNION ALL SELECT 'message', m.created_at FROM messages m WHERE m.user_id = ${user.userId}`,
        ),
      );
      expect(new Set(stamps.map((r) => r.what))).toEqual(
        new Set(['entry', 'transaction', 'hold', 'hold resolved', 'message']),
      );
      for (const row of stamps)
        expect([row.what, new Date(row.at!).toISOString()]).toEqual([row.what, clock.toISOString()]);
      const list = (await records(user)).list as Array<{ order_no: string; time?: string }>;
      const times = list
        .filter((r) => [first.body.data.order_no, deposited.body.data.order_no].includes(r.order_no))
        .map((r) => r.time);
      expect(times.length).toBeGreaterThanOrEqual(2);
      expect(new Set(times)).toEqual(new Set([clock.toISOString()]));
    });

    it('freezes the amount while pending; approval pays it out, rejection unfreezes it', async () => {
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '100000');
      const first = await withdraw(user, { amount: '40000' });
      expect(first.body).toMatchObject({
        status: 1,
        msg: 'withdraw_success',
        data: { order_no: expect.stringMatching(/^W/) },
      });
      expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '60000', frozen: '40000' });
      expect((await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).body.data).toMatchObject({
        jpy: '60000',
        frozen: '40000',
        total: '100000',
      });
      const listed = (await post(t.app, '/user/withdrawallist', { type: 'jpy' }, user.headers)).body.data;
      expect(listed[0]).toMatchObject({ status: 0, money: '40000', card_number: expect.stringMatching(/^\*+\d{4}$/) });
      await expectRefused(t.app, user, 'order_under_review', () => withdraw(user, { amount: '30000' }));

      const adminView = (await post(t.app, '/admin/withdrawals', { status: 'pending' }, admin.headers)).body.data.list;
      expect(adminView.find((w: { id: number }) => w.id === first.body.data.id)).toMatchObject({
        account: user.account,
        amount: '40000',
      });
      expect((await review('withdrawal', first.body.data.id, 'approve')).body.status).toBe(1);
      expect((await review('withdrawal', first.body.data.id, 'reject')).body.msg).toBe('review_already_done');
      expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '60000', frozen: '0' });
      expect((await post(t.app, '/user/withdrawallist', { type: 'jpy' }, user.headers)).body.data[0].status).toBe(1);

      const second = await withdraw(user, { amount: '30000' });
      expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '30000', frozen: '30000' });
      expect((await review('withdrawal', second.body.data.id, 'reject', 'name on card differs')).body.status).toBe(1);
      expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '60000', frozen: '0' });
      expect((await post(t.app, '/user/withdrawallist', { type: 'jpy' }, user.headers)).body.data[0]).toMatchObject({
        status: 2,
        reject_reason: 'name on card differs',
      });
      expect((await inbox(user)).map((m) => m.body).join('\n')).toContain('name on card differs');

      // Under a clock that stands still every move of one withdrawal is one event (one instant, one number).
      const list = (await records(user)).list;
      expect(list.map((r) => [r.type, r.amount, r.frozen, r.balance])).toEqual([
        ['withdrawal_release', '0', '0', '60000'],
        ['withdrawal', '-40000', '0', '60000'],
        ['deposit', '100000', '0', '100000'],
      ]);
      expect((await records(user, { type: 'withdrawal' })).list).toHaveLength(1);
      expect((await records(user, { page: '2', size: '2' })).list).toHaveLength(1);
      expect((await records(user, { size: '2' })).total).toBe(3);
      // A page past the end has no line, and still the number of lines; a filter counts its own lines.
      expect(await records(user, { page: '3', size: '2' })).toEqual({ list: [], total: 3 });
      expect((await records(user, { type: 'withdrawal' })).total).toBe(1);
      await expectLedgerBalanced(t.app);
    });

    it('reads like a statement: one line per event, freezes and releases folded in, a running balance', async () => {
      const user = await moneyReadyUser(t.app);
      const minute = (n: number) => new Date(OPEN_TIME.getTime() + n * 60_000);
      await fund(t.app, user.userId, '100000');
      clock = minute(1);
      const first = await withdraw(user, { amount: '40000' });
      clock = minute(2);
      expect((await review('withdrawal', first.body.data.id, 'approve')).body.status).toBe(1);
      clock = minute(3);
      const second = await withdraw(user, { amount: '30000' });
      clock = minute(4);
      expect((await review('withdrawal', second.body.data.id, 'reject', 'card closed')).body.status).toBe(1);
      const { list, total } = await records(user);
      // The money (available + frozen) moves only when the withdrawal is paid out; a request freezes, a
      // rejection releases, and neither is income or spending.
      expect(list.map((r) => [r.type, r.order_no, r.amount, r.frozen, r.balance])).toEqual([
        ['withdrawal_release', second.body.data.order_no, '0', '-30000', '60000'],
        ['withdrawal_hold', second.body.data.order_no, '0', '30000', '60000'],
        ['withdrawal', first.body.data.order_no, '-40000', '-40000', '60000'],
        ['withdrawal_hold', first.body.data.order_no, '0', '40000', '100000'],
        ['deposit', 'TEST', '100000', '0', '100000'],
      ]);
      expect(total).toBe(5);
      const balances = await balancesOf(t.app, user);
      expect(list[0]!.balance).toBe(new Decimal(balances.JPY!.available).plus(balances.JPY!.frozen).toFixed());
      // A later page keeps the running balance of the whole history.
      expect((await records(user, { page: '2', size: '2' })).list.map((r) => r.balance)).toEqual(['60000', '100000']);
      expect((await records(user, { type: 'withdrawal_hold' })).list.map((r) => r.balance)).toEqual([
        '60000',
        '100000',
      ]);
    });
  });

  describe('exchange', () => {
    it('lists a rate with spread for every ordered pair of the nine currencies', async () => {
      const user = await registerAndLogin(t.app);
      const rates = ENDPOINTS.rates.data.parse((await post(t.app, '/funds/rates', {}, user.headers)).body.data);
      expect(rates).toHaveLength(72);
      expect(rates.find((r) => r.from === 'USD' && r.to === 'JPY')).toMatchObject({ rate: '150', spread: '0.005' });
    });

    it('debits one currency and credits the other in one posting through fx, the spread to revenue', async () => {
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '100000');
      const answer = await post(t.app, '/funds/exchange', { from: 'JPY', to: 'USD', amount: '15000' }, user.headers);
      // 15000 / 150 = 100.00 USD at mid; the user gets 100 × 0.995 = 99.50, the spread 0.50 is revenue.
      expect(ENDPOINTS.exchange.data.parse(answer.body.data)).toMatchObject({
        from: 'JPY',
        to: 'USD',
        debited: '15000',
        credited: '99.5',
        fee: '0.5',
      });
      expect(answer.body.msg).toBe('exchange_success');
      const balances = await balancesOf(t.app, user);
      expect(balances.JPY!.available).toBe('85000');
      expect(balances.USD!.available).toBe('99.5');
      const legs = await t.app.db.tx((tx) =>
        queryRows<{ owner: string; currency: string; amount: string }>(
          tx,
          sql`
        SELECT coalesce(a.house_name, 'user') AS owner, e.currency, e.amount::text AS amount FROM journal_entries e
        JOIN journal_transactions t ON t.id = e.transaction_id JOIN ledger_accounts a ON a.id = e.account_id
        WHERE t.reference = ${answer.body.data.order_no} ORDER BY e.currency, e.amount`,
        ),
      );
      expect(legs.map((l) => [l.owner, l.currency, Number(l.amount)])).toEqual([
        ['user', 'JPY', -15000],
        ['fx', 'JPY', 15000],
        ['fx', 'USD', -100],
        ['revenue', 'USD', 0.5],
        ['user', 'USD', 99.5],
      ]);
      const types = (await records(user)).list.map((r) => [r.type, r.currency, r.amount]);
      expect(types).toEqual(
        expect.arrayContaining([
          ['exchange', 'JPY', '-15000'],
          ['exchange', 'USD', '99.5'],
        ]),
      );
      await expectLedgerBalanced(t.app);
    });

    it('refuses each rule with its key and moves nothing', async () => {
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '1000');
      const exchange = (form: Record<string, string>) =>
        post(t.app, '/funds/exchange', { from: 'JPY', to: 'USD', ...form }, user.headers);
      await expectRefused(t.app, user, 'exchange_amount_required', () => exchange({ amount: '' }));
      await expectRefused(t.app, user, 'same_currency', () => exchange({ to: 'JPY', amount: '100' }));
      await expectRefused(t.app, user, 'insufficient_balance', () => exchange({ amount: '1001' }));
      await expectRefused(t.app, user, 'amount_invalid', () => exchange({ amount: '100.5' }));
      // 1 KRW is 0.0007 USD: less than a cent after rounding.
      await fund(t.app, user.userId, '10', 'KRW');
      await expectRefused(t.app, user, 'exchange_amount_too_small', () => exchange({ from: 'KRW', amount: '1' }));
    });

    it('uses a rate an administrator set, and audits the change', async () => {
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '100', 'USD');
      const approver = await registerAdmin(t.app);
      const rate = { from: 'USD', to: 'CNY', rate: '7.1', spread: '0.01' };
      expect((await postApproved(t.app, { submitter: admin, approver }, '/admin/rate', rate)).body.status).toBe(1);
      expect(
        (await post(t.app, '/admin/rate', { from: 'USD', to: 'CNY', rate: '7.1', spread: '0.01' }, user.headers))
          .statusCode,
      ).toBe(403);
      const answer = await post(t.app, '/funds/exchange', { from: 'USD', to: 'CNY', amount: '10' }, user.headers);
      expect(answer.body.data).toMatchObject({ debited: '10', credited: '70.29', fee: '0.71', rate: '7.1' });
      const audit = (await post(t.app, '/admin/audit', { status: 'all' }, admin.headers)).body.data.list as Array<{
        action: string;
        target: string;
      }>;
      expect(audit).toEqual(
        expect.arrayContaining([expect.objectContaining({ action: 'rate.set', target: 'rate:USD/CNY' })]),
      );
    });
  });

  describe('credit loans', () => {
    it(
      'apply → approve (balance and debt rise) → withdrawal refused while unpaid → repay → withdrawal allowed',
      loanRoundTrip,
    );

    async function loanRoundTrip(): Promise<void> {
      const user = await moneyReadyUser(t.app);
      const credit = (await post(t.app, '/funds/credit', {}, user.headers)).body.data;
      expect(ENDPOINTS.credit.data.parse(credit)).toMatchObject({
        score: 80,
        threshold: 40,
        limit: '200000',
        borrowed: '0',
        available: '200000',
        currency: 'JPY',
      });
      expect(credit.reasons).toEqual([
        { key: 'base', points: 60 },
        { key: 'identity_verified', points: 20 },
      ]);

      await expectRefused(t.app, user, 'borrow_limit_insufficient', () =>
        post(t.app, '/funds/loanApply', { amount: '200001', term_days: '30' }, user.headers),
      );
      const applied = await post(t.app, '/funds/loanApply', { amount: '120000', term_days: '30' }, user.headers);
      expect(applied.body).toMatchObject({ status: 1, msg: 'loan_submitted' });
      await expectRefused(t.app, user, 'order_under_review', () =>
        post(t.app, '/funds/loanApply', { amount: '1000', term_days: '30' }, user.headers),
      );
      expect((await post(t.app, '/funds/credit', {}, user.headers)).body.data.available).toBe('80000');
      expect((await balancesOf(t.app, user)).JPY!.available).toBe('0');

      const pending = (await post(t.app, '/admin/loans', { status: 'pending' }, admin.headers)).body.data.list;
      expect(pending.find((l: { id: number }) => l.id === applied.body.data.id)).toMatchObject({
        account: user.account,
        score: 80,
      });
      expect((await review('loan', applied.body.data.id, 'approve')).body.status).toBe(1);
      expect((await balancesOf(t.app, user)).JPY!.available).toBe('120000');
      expect((await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).body.data).toMatchObject({
        jpy: '120000',
        jpyyjed: '120000',
      });
      const loans = ENDPOINTS.loans.data.parse((await post(t.app, '/funds/loans', {}, user.headers)).body.data);
      expect(loans[0]).toMatchObject({
        status: 'approved',
        outstanding: '120000',
        overdue: false,
        due_at: '2026-12-16T01:00:00.000Z',
      });

      const refused = await expectRefused(t.app, user, 'loan_unpaid', () => withdraw(user, { amount: '30000' }));
      expect(refused.body.values).toEqual({ amount: '120,000 JPY' });

      clock = new Date('2026-12-17T01:00:00Z'); // past due
      expect((await post(t.app, '/funds/loans', {}, user.headers)).body.data[0].overdue).toBe(true);
      expect((await post(t.app, '/funds/credit', {}, user.headers)).body.data.score).toBe(65);
      clock = new Date(OPEN_TIME.getTime() + 60_000); // the day it started, after the approval (its own line)

      const repay = (amount: string) =>
        post(t.app, '/funds/loanRepay', { id: String(applied.body.data.id), amount }, user.headers);
      // repaid the day it started: no interest accrued, what is owed is the principal
      const less = await expectRefused(t.app, user, 'repay_less_than_owed', () => repay('119999'));
      expect(less.body.values).toEqual({ owed: '120,000 JPY' });
      await post(t.app, '/funds/exchange', { from: 'JPY', to: 'USD', amount: '1500' }, user.headers);
      await expectRefused(t.app, user, 'insufficient_balance', () => repay('120000'));
      await fund(t.app, user.userId, '50000');
      expect((await repay('120000')).body).toMatchObject({ status: 1, msg: 'loan_repaid' });
      await expectRefused(t.app, user, 'loan_not_outstanding', () => repay('120000'));
      expect((await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).body.data).toMatchObject({
        jpy: '48500',
        jpyyjed: '0',
      });
      expect((await post(t.app, '/funds/credit', {}, user.headers)).body.data).toMatchObject({
        score: 84,
        limit: '240000',
      });
      expect((await withdraw(user, { amount: '30000' })).body.status).toBe(1);
      expect((await records(user, { type: 'loan' })).list[0]).toMatchObject({ amount: '120000' });
      expect((await records(user, { type: 'loan_repay' })).list[0]).toMatchObject({ amount: '-120000' });
      await expectLedgerBalanced(t.app);
    }

    it('a rejected application moves nothing and frees the limit', async () => {
      const user = await moneyReadyUser(t.app);
      const applied = await post(t.app, '/funds/loanApply', { amount: '50000', term_days: '7' }, user.headers);
      expect((await review('loan', applied.body.data.id, 'reject', 'income not documented')).body.status).toBe(1);
      expect((await balancesOf(t.app, user)).JPY!.available).toBe('0');
      expect((await post(t.app, '/funds/credit', {}, user.headers)).body.data.available).toBe('200000');
      expect((await post(t.app, '/funds/loans', {}, user.headers)).body.data[0]).toMatchObject({ status: 'rejected' });
    });

    it(
      'checks the limit again at approval: a score fallen since the application refuses it and moves nothing',
      limitCheckedAgainAtApproval,
    );

    async function limitCheckedAgainAtApproval(): Promise<void> {
      const user = await moneyReadyUser(t.app);
      const first = await post(t.app, '/funds/loanApply', { amount: '120000', term_days: '30' }, user.headers);
      expect((await review('loan', first.body.data.id, 'approve')).body.status).toBe(1);
      // limit 200,000 − 120,000 outstanding: 60,000 is within the limit when applied for
      const second = await post(t.app, '/funds/loanApply', { amount: '60000', term_days: '7' }, user.headers);
      expect(second.body).toMatchObject({ status: 1, msg: 'loan_submitted' });

      // the first loan is overdue: score 65, limit 50,000 < 120,000 outstanding
      clock = new Date('2026-12-17T01:00:00Z');
      const refused = await expectRefused(t.app, user, 'borrow_limit_insufficient', () =>
        review('loan', second.body.data.id, 'approve'),
      );
      expect(refused.body.values).toEqual({ max: '0 JPY' });
      expect((await post(t.app, '/funds/loans', {}, user.headers)).body.data[0]).toMatchObject({
        id: second.body.data.id,
        status: 'pending',
      });
      expect(
        (await review('loan', second.body.data.id, 'reject', 'limit fell after an overdue loan')).body.status,
      ).toBe(1);
      await expectLedgerBalanced(t.app);
    }

    it('needs a verified identity to borrow', async () => {
      const user = await registerAndLogin(t.app);
      expect((await post(t.app, '/funds/credit', {}, user.headers)).body.data).toMatchObject({ score: 60, limit: '0' });
      await expectRefused(t.app, user, 'realname_required', () =>
        post(t.app, '/funds/loanApply', { amount: '1000', term_days: '7' }, user.headers),
      );
    });
  });

  describe('corrections', () => {
    it('is a labelled posting the user sees with its reason; a correction of it reverses it once', async () => {
      const user = await moneyReadyUser(t.app);
      const second = await registerAdmin(t.app);
      // Four-eyes (ADR 0026): one administrator submits, a second one approves; the answer is the approval's.
      const correct = async (form: Record<string, string>, who: LoggedIn = admin) => {
        const submitted = await post(
          t.app,
          '/admin/correction',
          { account: user.account, currency: 'JPY', reason: 'fee refunded: ticket 4711', ...form },
          who.headers,
        );
        if (submitted.body.msg !== 'four_eyes_waiting') return submitted;
        const id = String(submitted.body.data.four_eyes_id);
        const approved = await post(t.app, '/admin/approve', { id, action: 'approve' }, second.headers);
        if (approved.body.status === 1) approved.body.data = approved.body.data.outcome.data;
        return approved;
      };
      expect((await correct({ amount: '500' }, user)).statusCode).toBe(403);
      const posted = await correct({ amount: '500' });
      expect(posted.body).toMatchObject({
        status: 1,
        msg: 'correction_posted',
        data: { order_no: expect.stringMatching(/^C\d{22}$/) },
      });
      expect((await balancesOf(t.app, user)).JPY!.available).toBe('500');
      expect((await records(user)).list[0]).toMatchObject({
        type: 'correction',
        amount: '500',
        memo: 'fee refunded: ticket 4711',
        order_no: posted.body.data.order_no,
      });

      await expectRefused(t.app, user, 'insufficient_balance', () => correct({ amount: '-501' }));
      await expectRefused(t.app, user, 'correction_reversal_mismatch', () =>
        correct({ amount: '-400', reverses: posted.body.data.order_no }),
      );
      const reversed = await correct({
        amount: '-500',
        reason: 'posted to the wrong account',
        reverses: posted.body.data.order_no,
      });
      expect(reversed.body.status).toBe(1);
      expect((await balancesOf(t.app, user)).JPY!.available).toBe('0');
      await expectRefused(t.app, user, 'correction_already_reversed', () =>
        correct({ amount: '-500', reverses: posted.body.data.order_no }),
      );
      expect((await records(user, { type: 'correction' })).list[0]!.memo).toContain(posted.body.data.order_no);
      const audit = (await post(t.app, '/admin/audit', { status: 'all' }, admin.headers)).body.data.list as Array<{
        action: string;
        target: string;
      }>;
      expect(audit.filter((a) => a.target === `user:${user.account}`).map((a) => a.action)).toEqual([
        'correction.reverse',
        'correction.post',
      ]);
      await expectLedgerBalanced(t.app);
    });
  });

  describe('idempotency', () => {
    it('replays the first answer for a retried key and refuses the key with another payload', async () => {
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '10000');
      const headers = { 'idempotency-key': `exchange-${user.account}-1` };
      const first = await post(
        t.app,
        '/funds/exchange',
        { from: 'JPY', to: 'USD', amount: '1500' },
        { ...user.headers, ...headers },
      );
      const again = await post(
        t.app,
        '/funds/exchange',
        { from: 'JPY', to: 'USD', amount: '1500' },
        { ...user.headers, ...headers },
      );
      expect(again.body).toEqual(first.body);
      expect((await balancesOf(t.app, user)).JPY!.available).toBe('8500');
      await expectRefused(t.app, user, 'idempotency_conflict', () =>
        post(t.app, '/funds/exchange', { from: 'JPY', to: 'USD', amount: '3000' }, { ...user.headers, ...headers }),
      );
      await expectRefused(t.app, user, 'field_invalid', () =>
        post(
          t.app,
          '/funds/exchange',
          { from: 'JPY', to: 'USD', amount: '3000' },
          { ...user.headers, 'idempotency-key': 'bad key!' },
        ),
      );
    });

    it('moves money once when the same key is sent 20 times at once', async () => {
      const user = await moneyReadyUser(t.app);
      await fund(t.app, user.userId, '100000');
      const headers = { ...user.headers, 'idempotency-key': `withdraw-${user.account}-20x` };
      const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(user, { amount: '30000' }, headers)));
      // The refused ones whole (message and data), so a failure says which rule or fault answered.
      expect(answers.filter((a) => a.body.status !== 1).map((a) => ({ http: a.statusCode, body: a.body }))).toEqual([]);
      expect(new Set(answers.map((a) => a.body.data.order_no)).size).toBe(1);
      expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '70000', frozen: '30000' });
      expect((await post(t.app, '/user/withdrawallist', { type: 'jpy' }, user.headers)).body.data).toHaveLength(1);
      await expectLedgerBalanced(t.app);
    });
  });
});
