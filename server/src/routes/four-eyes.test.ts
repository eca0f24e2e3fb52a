import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { queryRows } from '../db/query';
import { configureMoneyLimiter } from '../security/money-limiter';
import { registerAdmin } from '../testing/accounts';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { FUND_PASSWORD, OPEN_TIME, balancesOf, expectLedgerBalanced, fund, moneyReadyUser } from '../testing/money';
import { post, type LoggedIn } from '../testing/users';

// Races are real only on PostgreSQL (TEST_DATABASE_URL); PGlite runs the same suite serialised.
describe.each(testBackends())('four-eyes on $name', (backend) => {
  let t: TestApp;
  let reviewerA: LoggedIn;
  let reviewerB: LoggedIn;
  let adminC: LoggedIn;
  let operatorA: LoggedIn;
  let operatorB: LoggedIn;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => OPEN_TIME });
    configureMoneyLimiter({ perAction: { max: 10_000, windowMs: 1000 }, perUser: { max: 10_000, windowMs: 1000 } });
    reviewerA = await registerAdmin(t.app, 'reviewer');
    reviewerB = await registerAdmin(t.app, 'reviewer');
    adminC = await registerAdmin(t.app, 'admin');
    operatorA = await registerAdmin(t.app, 'operator');
    operatorB = await registerAdmin(t.app, 'operator');
  });
  afterAll(() => t.close());

  const approve = (who: LoggedIn, id: number, action = 'approve') =>
    post(t.app, '/admin/approve', { id: String(id), action }, who.headers);

  async function withdrawal(amount: string) {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, amount);
    const form = { amount, currency: 'JPY', card_id: String(user.cardId), fund_password: FUND_PASSWORD };
    const answer = await post(t.app, '/user/withdraw', form, user.headers);
    expect(answer.body).toMatchObject({ status: 1 });
    return { user, id: answer.body.data.id as number };
  }

  const bankPayouts = async (account: string) =>
    (
      await t.app.db.tx((tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM journal_transactions t JOIN withdrawals w ON w.order_no = t.reference
              JOIN users u ON u.id = w.user_id WHERE t.kind = 'withdrawal' AND u.account = ${account}`,
        ),
      )
    )[0]!.n;

  it('approves a withdrawal at or under the threshold at once (site config four_eyes_withdrawal_jpy)', async () => {
    const { user, id } = await withdrawal('1000000');
    const answer = await post(
      t.app,
      '/admin/withdrawalReview',
      { id: String(id), action: 'approve' },
      reviewerA.headers,
    );
    expect(answer.body).toMatchObject({ status: 1, msg: 'review_done' });
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '0', frozen: '0' });
  });

  it('waits for a second, different reviewer above it; two approving at once pay out once', async () => {
    const { user, id } = await withdrawal('1500000');
    const first = await post(
      t.app,
      '/admin/withdrawalReview',
      { id: String(id), action: 'approve' },
      reviewerA.headers,
    );
    expect(first.body).toMatchObject({ status: 1, msg: 'four_eyes_waiting' });
    const request = ENDPOINTS.adminWithdrawalReview.data.parse(first.body.data).four_eyes_id!;
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '0', frozen: '1500000' });
    // The same withdrawal cannot be queued twice, nor approved by its requester or by a role that cannot review.
    expect(
      (await post(t.app, '/admin/withdrawalReview', { id: String(id), action: 'approve' }, adminC.headers)).body,
    ).toMatchObject({ status: 0, msg: 'four_eyes_pending_exists', values: { id: String(request) } });
    expect((await approve(reviewerA, request)).body).toMatchObject({ status: 0, msg: 'four_eyes_same_admin' });
    expect((await approve(operatorA, request)).body).toMatchObject({ status: 0, msg: 'four_eyes_role_required' });
    const pending = (await post(t.app, '/admin/approvals', {}, operatorA.headers)).body.data.list as Array<{
      id: number;
      requester: string;
    }>;
    // The request names only the withdrawal; the list reads its amount and currency with it.
    expect(pending.find((p) => p.id === request)).toMatchObject({
      requester: reviewerA.account,
      amount: '1500000',
      currency: 'JPY',
    });

    const answers = await Promise.all([approve(reviewerB, request), approve(adminC, request)]);
    const won = answers.filter((a) => a.body.status === 1);
    expect(won).toHaveLength(1);
    expect(won[0]!.body).toMatchObject({ msg: 'review_done', data: { id: request, status: 'approved' } });
    expect(answers.filter((a) => a.body.msg === 'four_eyes_already_decided')).toHaveLength(1);
    expect((await approve(reviewerB, request)).body).toMatchObject({ status: 0, msg: 'four_eyes_already_decided' });
    expect((await balancesOf(t.app, user)).JPY).toEqual({ available: '0', frozen: '0' });
    expect(await bankPayouts(user.account)).toBe(1);
    await expectLedgerBalanced(t.app);
  });

  it('posts a correction only when a second operator approves it, once however many approve at once', async () => {
    const user = await moneyReadyUser(t.app);
    const form = { account: user.account, currency: 'JPY', amount: '700', reason: 'fee refunded: ticket 99' };
    const first = await post(t.app, '/admin/correction', form, operatorA.headers);
    expect(first.body).toMatchObject({ status: 1, msg: 'four_eyes_waiting' });
    const request = first.body.data.four_eyes_id as number;
    expect((await balancesOf(t.app, user)).JPY!.available).toBe('0');
    expect((await post(t.app, '/admin/correction', form, operatorA.headers)).body.msg).toBe('four_eyes_pending_exists');
    // Refused at submission when a rule already says no: nothing waits for a second administrator.
    const unknown = { ...form, account: '0999999999' };
    expect((await post(t.app, '/admin/correction', unknown, operatorA.headers)).body.msg).toBe('account_not_found');

    const answers = await Promise.all([approve(operatorB, request), approve(adminC, request)]);
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'four_eyes_already_decided')).toHaveLength(1);
    expect((await balancesOf(t.app, user)).JPY!.available).toBe('700');
    await expectLedgerBalanced(t.app);

    const decided = (await post(t.app, '/admin/approvals', { status: 'approved' }, adminC.headers)).body.data
      .list as Array<{ id: number; outcome: { msg: string } }>;
    expect(decided.find((d) => d.id === request)!.outcome.msg).toBe('correction_posted');
  });

  it('does nothing when the second administrator rejects, and records a refused approval as its outcome', async () => {
    const user = await moneyReadyUser(t.app);
    const submit = (amount: string) =>
      post(
        t.app,
        '/admin/correction',
        { account: user.account, currency: 'JPY', amount, reason: 'fee refunded: ticket 98' },
        operatorA.headers,
      );
    const rejected = (await submit('100')).body.data.four_eyes_id as number;
    expect((await approve(operatorB, rejected, 'reject')).body).toMatchObject({
      status: 1,
      data: { status: 'rejected', outcome: null },
    });
    expect((await approve(adminC, rejected)).body.msg).toBe('four_eyes_already_decided');
    // A debit the user cannot cover: refused by the ledger's rule at approval, nothing moves, no second run.
    const refused = (await submit('-100')).body.data.four_eyes_id as number;
    expect((await approve(operatorB, refused)).body).toMatchObject({ status: 0, msg: 'insufficient_balance' });
    expect((await approve(adminC, refused)).body.msg).toBe('four_eyes_already_decided');
    expect((await balancesOf(t.app, user)).JPY!.available).toBe('0');
    const audit = (await post(t.app, '/admin/audit', { action: 'four_eyes' }, adminC.headers)).body.data.list as Array<{
      action: string;
      target: string;
    }>;
    expect(audit.filter((a) => a.target === `four_eyes:${refused}`).map((a) => a.action)).toEqual([
      'four_eyes.approve',
      'four_eyes.request',
    ]);
  });

  it('refuses in the database an approval by the requester and a change to a decided request', async () => {
    const user = await moneyReadyUser(t.app);
    const form = { account: user.account, currency: 'JPY', amount: '5', reason: 'left pending here' };
    expect((await post(t.app, '/admin/correction', form, operatorA.headers)).body.msg).toBe('four_eyes_waiting');
    const refusal = (query: ReturnType<typeof sql>) =>
      t.app.db
        .tx((tx) => tx.execute(query))
        .then(
          () => 'accepted',
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
    expect(
      await refusal(sql`UPDATE four_eyes_requests SET status = 'approved', decided_by = requested_by,
        decided_at = now() WHERE status = 'pending'`),
    ).toMatch(/check constraint|violates/);
    expect(await refusal(sql`UPDATE four_eyes_requests SET status = 'pending' WHERE status = 'approved'`)).toMatch(
      /decided request cannot change/,
    );
    expect(await refusal(sql`DELETE FROM four_eyes_requests`)).toMatch(/DELETE refused/);
  });

  it('always gates catalogue changes: nothing runs until a second, different administrator approves', async () => {
    const block = {
      code: '7203',
      market: 'jpy',
      block_price: '2500',
      min_lots: '10',
      total_lots: '100',
      deadline: new Date(OPEN_TIME.getTime() + 2 * 86_400_000).toISOString(),
      channel_password: 'four-eyes',
    };
    const first = await post(t.app, '/admin/blockCreate', block, operatorA.headers);
    expect(first.body).toMatchObject({ status: 1, msg: 'four_eyes_waiting' });
    const request = ENDPOINTS.adminBlockCreate.data.parse(first.body.data).four_eyes_id;
    expect((await post(t.app, '/admin/blockCreate', block, operatorA.headers)).body.msg).toBe(
      'four_eyes_pending_exists',
    );
    expect((await approve(reviewerB, request)).body.msg).toBe('four_eyes_role_required');
    const approved = await approve(operatorB, request);
    expect(approved.body).toMatchObject({ status: 1, msg: 'block_listing_created', data: { status: 'approved' } });
    const listingId = ENDPOINTS.adminBlockCreate.outcome.parse(approved.body.data.outcome.data).id;
    const listings = (await post(t.app, '/admin/blockListings', {}, adminC.headers)).body.data.list as Array<{
      id: number;
    }>;
    expect(listings.map((l) => l.id)).toContain(listingId);

    // A request whose schema transforms its fields (holdings → a list) runs from the stored, validated payload.
    const product = await post(
      t.app,
      '/admin/copyProductCreate',
      {
        market: 'jpy',
        name_zh: '四眼组合',
        name_en: 'Four-eyes Portfolio',
        name_ja: 'フォーアイズ',
        issuer_zh: '测试资管',
        issuer_en: 'Test Asset Management',
        issuer_ja: 'テスト・アセット',
        strategy_zh: '丰田与索尼各半。',
        strategy_en: 'Toyota and Sony, half each.',
        strategy_ja: 'トヨタとソニーに半分ずつ。',
        holdings: '7203:0.5,6758:0.5',
        lockup_days: '7',
        min_investment: '100000',
        capacity: '300000',
        deadline: new Date(OPEN_TIME.getTime() + 3 * 86_400_000).toISOString(),
      },
      operatorA.headers,
    );
    expect(product.body.msg).toBe('four_eyes_waiting');
    expect((await approve(adminC, product.body.data.four_eyes_id as number)).body).toMatchObject({ status: 1 });

    // Closing is a catalogue change too: it waits, and the listing stays open until approved.
    const close = await post(t.app, '/admin/blockClose', { id: String(listingId) }, operatorA.headers);
    expect(close.body).toMatchObject({ status: 1, msg: 'four_eyes_waiting' });
    const open = async () =>
      ((await post(t.app, '/admin/blockListings', {}, adminC.headers)).body.data.list as Array<{ id: number }>).find(
        (l) => l.id === listingId,
      );
    expect(await open()).toMatchObject({ state: 'open' });
    const closeId = close.body.data.four_eyes_id as number;
    expect((await approve(operatorA, closeId)).body).toMatchObject({ status: 0, msg: 'four_eyes_same_admin' });
    expect((await approve(operatorB, closeId)).body).toMatchObject({ status: 1, msg: 'block_listing_closed' });
    expect(await open()).toMatchObject({ state: 'closed' });

    // Site config as well, the four-eyes thresholds included: one administrator cannot lower them alone.
    const lower = { name: 'four_eyes_withdrawal_jpy', value: '1' };
    const config = await post(t.app, '/admin/config', lower, operatorA.headers);
    expect(config.body).toMatchObject({ status: 1, msg: 'four_eyes_waiting' });
    const configId = config.body.data.four_eyes_id as number;
    expect((await approve(adminC, configId, 'reject')).body).toMatchObject({ status: 1, data: { status: 'rejected' } });
    const { id } = await withdrawal('1000000');
    const review = { id: String(id), action: 'approve' };
    expect((await post(t.app, '/admin/withdrawalReview', review, reviewerA.headers)).body.msg).toBe('review_done');
  });
});
