/**
 * Acceptance of issue 14's back office (docs/decisions/0026, 0027, 0028). One server of its own
 * (support/money-server.ts: a Tokyo business-day morning, withdrawals open) with the seeded administrator and a
 * second one made with the CLI (`cli.js create-admin`) before the start. Three users make their requests through the
 * API: A (funded with four 450,000 JPY deposits) a 1,200,000 JPY withdrawal (above the JPY four-eyes threshold of
 * 1,000,000, the default), a 50,000 JPY deposit with proof, a block-trade and a day-trade application; B a
 * 20,000 JPY deposit and a loan; C an identity check with both ID images. On the screens at 1280×800 and 768×1024
 * (each console shot at both): the seeded administrator signs in on the login screen with the TOTP second step,
 * opens the console from the side panel, and decides every queue (the proof and both ID images load in the detail
 * pane); B's deposit is rejected with a reason. The withdrawal answers "waiting for a second administrator"; its
 * requester has no Approve on /admin/approvals; the second administrator (another context, its first sign-in on the
 * screens with the set-up code the CLI printed, then an authenticator) approves it there. The users' statuses and
 * ledger balances follow; B reads the rejection in Japanese in the inbox on the phone, has no back-office entry in
 * the side panel and is shown the not-allowed screen at /#/admin/index.
 * The audit log screen lists the actions with before and after (rows expanded, filtered by action prefix).
 * Screenshots under e2e/artifacts/backoffice-*.
 */
import type { Browser } from 'playwright-core';
import { Decimal } from 'shared/money';
import { api, eventually, openPanel, registerAndLogIn, settle } from './support/app';
import {
  acknowledgeDayTradeRisk,
  adminFirstSignIn,
  adminLogIn,
  adminScope,
  consoleSession,
  decide,
  depositWithProof,
  imagesLoaded,
  inboxMessageShown,
  money,
  onlyRow,
  openConsoleFromPanel,
  openFromNav,
  openRow,
  uploadAs,
  type ConsoleSession,
} from './support/backoffice-steps';
import { dayTradesOf } from './support/daytrade-steps';
import { FUND_PASSWORD, setFundPassword, tokyo } from './support/ipo-steps';
import { exactly, runMoneyJourney, writeUploadFiles, type UploadFiles } from './support/money-journey';
import {
  ADMIN_ACCOUNT,
  ADMIN_PASSWORD,
  approvePending,
  startMoneyServer,
  type MoneyServer,
} from './support/money-server';
import { openScreen } from './support/money-steps';
import { inboxOf, jpyBalance, logInWithPassword, openLoggedOut } from './support/security-steps';
import { launchBrowser, freshAccount } from './support/journey';
import { call, fundInvestor, quoteOf, type Investor } from './support/trading';

const SECOND_ADMIN = { account: '0900000002', password: 'Admin-e2e-second-2' };
const LARGE_WITHDRAWAL = 1_200_000;
const DEPOSIT = 50_000;
const TOP_UP = 450_000;
const REJECTED_DEPOSIT = 20_000;
const PARTICIPATION = '200000';
const REASON = 'The transfer slip names another amount';

let server: MoneyServer;
let browser: Browser;
let files: UploadFiles;
/** The day-trade application's order number per account. */
const dayTradeOrders = new Map<string, string>();

beforeAll(async () => {
  server = await startMoneyServer({
    logName: 'server-backoffice.log',
    startTimeoutMs: 240_000,
    admins: [SECOND_ADMIN],
    approver: true,
  });
  browser = await launchBrowser();
  files = writeUploadFiles();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
}, 60_000);

interface User {
  who: Investor;
  password: string;
}

/** The users' requests, all through the API (the user screens have journeys of their own). */
async function usersAsk() {
  const base = server.baseUrl;
  const passwordA = `Kabu-${Math.random().toString(36).slice(2, 10)}`;
  const a = await fundInvestor(server, freshAccount(), passwordA, files, {
    deposit: TOP_UP,
    toUsd: 5_000,
    toCny: 5_000,
  });
  // One deposit may be at most 500,000 JPY: three more, approved through the API, pass the four-eyes threshold.
  for (let i = 0; i < 3; i += 1) {
    await depositWithProof(base, a.investor, TOP_UP, files);
    await approvePending(server, 'deposit', a.investor.account);
  }
  const A: User = { who: a.investor, password: passwordA };
  await setFundPassword(base, A.who, A.password);
  const cards = (await call(base, A.who, '/user/banks', {})) as Array<{ id: number }>;
  await money(() =>
    call(
      base,
      A.who,
      '/user/withdraw',
      {
        amount: String(LARGE_WITHDRAWAL),
        currency: 'JPY',
        card_id: String(cards[0]!.id),
        fund_password: FUND_PASSWORD,
      },
      true,
    ),
  );
  // After the withdrawal: a withdrawal is refused while a deposit waits for review (order_under_review).
  await depositWithProof(base, A.who, DEPOSIT, files);
  const quote = await quoteOf(base, A.who, '7203', 'jpy');
  const blockPrice = String(Math.floor(Number(quote.price) * 0.95));
  const { id: listing } = (await server.adminApproved('/admin/blockCreate', {
    code: '7203',
    market: 'jpy',
    variant: 'standard',
    block_price: blockPrice,
    min_lots: '1',
    total_lots: '50',
    deadline: tokyo('2026-11-30T15:00'),
    channel_password: 'E2E-BACKOFFICE',
  })) as { id: number };
  await money(() =>
    call(
      base,
      A.who,
      '/block/apply',
      { id: String(listing), lots: '10', channel_password: 'E2E-BACKOFFICE', fund_password: FUND_PASSWORD },
      true,
    ),
  );
  await acknowledgeDayTradeRisk(base, A.who);
  await money(() =>
    call(base, A.who, '/daytrade/apply', { market: 'jpy', amount: PARTICIPATION, fund_password: FUND_PASSWORD }, true),
  );
  dayTradeOrders.set(A.who.account, (await dayTradesOf(base, A.who))[0]!.order_no);

  const passwordB = `Kabu-${Math.random().toString(36).slice(2, 10)}`;
  const b = await fundInvestor(server, freshAccount(), passwordB, files, {
    deposit: 300_000,
    toUsd: 5_000,
    toCny: 5_000,
  });
  const B: User = { who: b.investor, password: passwordB };
  await depositWithProof(base, B.who, REJECTED_DEPOSIT, files);
  const credit = (await call(base, B.who, '/funds/credit', {})) as { available: string };
  const loan = Decimal.min(new Decimal(credit.available), 50_000).floor();
  if (loan.lte(0)) throw new Error(`B has no credit for a loan: ${JSON.stringify(credit)}`);
  const { terms } = (await call(base, B.who, '/funds/loanQuote', {})) as { terms: number[] };
  await money(() =>
    call(base, B.who, '/funds/loanApply', { amount: loan.toFixed(), term_days: String(terms[0]) }, true),
  );

  const passwordC = `Kabu-${Math.random().toString(36).slice(2, 10)}`;
  const C: User = { who: await registerAndLogIn(base, freshAccount(), passwordC), password: passwordC };
  await uploadAs(
    base,
    C.who,
    '/user/realname',
    { name: 'Hanako Suzuki', id_number: `ID-${C.who.account}`, privacy: '1' },
    { front: files.idFront, back: files.idBack },
  );
  return { A, B, C, loan };
}

/** Opens the queue and the one pending row of `account` in its detail pane. */
async function approveOnScreen(s: ConsoleSession, queue: string, route: string, list: string, account: string) {
  await openFromNav(s, s.t.admin(`queue.${queue}.title`), route);
  // Day-trade rows name no account: the application's order number (/daytrade/list) finds it.
  const match = queue === 'daytrade' ? { order_no: dayTradeOrders.get(account)! } : { account };
  const row = await onlyRow(server, list, match, queue === 'daytrade' ? 'submitted' : 'pending');
  const pane = await openRow(s, row.id);
  return { row, pane };
}

/** A back-office row's status now, by id (every status). */
const statusOf = async (list: string, id: number) =>
  ((await server.admin(list, { status: 'all' })) as { list: Array<{ id: number; status: string }> }).list.find(
    (r) => r.id === id,
  )?.status;

test('the back office decides every queue; a large withdrawal takes a second administrator', async () => {
  const base = server.baseUrl;
  const { A, B, C, loan } = await usersAsk();
  const s = await consoleSession(browser, base, 'backoffice-admin');
  const t = s.t;
  try {
    // The seeded administrator: password, then the authenticator's code, then the console from the side panel.
    await adminLogIn(s, ADMIN_ACCOUNT, ADMIN_PASSWORD, server.adminSecret);
    const panel = await openPanel(s.page);
    await panel.getByRole('link', { name: exactly(t.common('panel.backOffice')) }).waitFor();
    await s.shot('side-panel-back-office');
    await openConsoleFromPanel(s);
    // The overview counts what waits in each queue.
    const waiting = { deposits: 2, realnames: 1, withdrawals: 1, loans: 1, block: 1, daytrade: 1, approvals: 0 };
    for (const [queue, count] of Object.entries(waiting))
      await adminScope(s.page)
        .locator(`a[data-queue="${queue}"]`)
        .getByLabel(t.admin('dashboard.pendingCount', { count }), { exact: true })
        .waitFor();
    await s.shot('console-overview');

    // Deposits: A's proof loads in the detail pane, approved; B's is rejected with a reason.
    const startA = await jpyBalance(base, A.who);
    const startB = await jpyBalance(base, B.who);
    let { row, pane } = await approveOnScreen(s, 'deposits', '/admin/deposits', '/admin/deposits', A.who.account);
    await imagesLoaded(pane, [t.admin('field.proof_id')]);
    await s.shot('deposit-with-proof');
    await decide(s, pane, 'approve');
    await eventually('A deposit approved', async () => (await statusOf('/admin/deposits', row.id)) === 'approved');
    ({ row, pane } = await approveOnScreen(s, 'deposits', '/admin/deposits', '/admin/deposits', B.who.account));
    await imagesLoaded(pane, [t.admin('field.proof_id')]);
    await pane.getByRole('button', { name: exactly(t.admin('review.reject')) }).click();
    await pane.getByText(t.admin('review.reasonRequired')).waitFor();
    await s.shot('reject-needs-a-reason');
    await decide(s, pane, 'reject', REASON);
    await eventually('B deposit rejected', async () => (await statusOf('/admin/deposits', row.id)) === 'rejected');

    // Identity: both ID images load; approved.
    ({ row, pane } = await approveOnScreen(s, 'realnames', '/admin/realnames', '/admin/realnames', C.who.account));
    await imagesLoaded(pane, [t.admin('field.front_id'), t.admin('field.back_id')]);
    await s.shot('identity-both-images');
    await decide(s, pane, 'approve');
    await eventually('C verified', async () => (await statusOf('/admin/realnames', row.id)) !== 'pending');

    // Loan, block trade, day trade: approved.
    for (const [queue, list, who] of [
      ['loans', '/admin/loans', B],
      ['block', '/admin/blockApplications', A],
      ['daytrade', '/admin/dayTrades', A],
    ] as const) {
      ({ row, pane } = await approveOnScreen(s, queue, `/admin/${queue}`, list, who.who.account));
      await s.shot(`${queue}-detail`);
      await decide(s, pane, 'approve');
      const id = row.id;
      await eventually(
        `${queue} decided`,
        async () => !['pending', 'submitted'].includes(String(await statusOf(list, id))),
      );
    }

    // The large withdrawal: the first approval only asks for a second administrator.
    ({ row, pane } = await approveOnScreen(
      s,
      'withdrawals',
      '/admin/withdrawals',
      '/admin/withdrawals',
      A.who.account,
    ));
    await s.shot('large-withdrawal');
    const notice = await decide(s, pane, 'approve');
    await notice.getByText(t.msg('four_eyes_waiting')).waitFor();
    await s.shot('waiting-for-second-admin');
    expect(await statusOf('/admin/withdrawals', row.id)).toBe('pending');
    await notice.getByRole('link', { name: exactly(t.admin('approvals.open')) }).click();
    await eventually('#/admin/approvals', async () => s.page.url().includes('#/admin/approvals'));
    const own = adminScope(s.page).getByRole('region', { name: t.admin('detail.title') });
    await own.getByText(t.admin('approvals.own')).waitFor();
    expect(await own.getByRole('button', { name: exactly(t.admin('review.approve')) }).count()).toBe(0);
    await s.shot('own-request-no-approve');
    const withdrawalId = row.id;

    // The second administrator: its first sign-in on the screens, with the set-up code the CLI printed, enrols
    // an authenticator (docs/decisions/0027, "The enrolment code").
    const second = await consoleSession(browser, base, 'backoffice-second-admin');
    try {
      const secret = await adminFirstSignIn(
        second,
        SECOND_ADMIN.account,
        SECOND_ADMIN.password,
        server.enrolCodes[SECOND_ADMIN.account]!,
      );
      expect(secret).toMatch(/^[A-Z2-7]+$/);
      await openConsoleFromPanel(second);
      await openFromNav(second, t.admin('queue.approvals.title'), '/admin/approvals');
      const request = (
        (await server.admin('/admin/approvals', { status: 'pending' })) as { list: Array<{ id: number }> }
      ).list;
      expect(request).toHaveLength(1);
      const approval = await openRow(second, request[0]!.id);
      await approval.getByText(t.admin('approvals.waiting', { account: ADMIN_ACCOUNT })).waitFor();
      await second.shot('second-admin-approval');
      await decide(second, approval, 'approve');
      await eventually(
        'withdrawal approved',
        async () => (await statusOf('/admin/withdrawals', withdrawalId)) === 'approved',
      );
      await second.shot('second-admin-approved');
      expect(second.errors).toEqual([]);
    } finally {
      await second.close();
    }

    // The users see the results: statuses and the ledger.
    const endA = await jpyBalance(base, A.who);
    const endB = await jpyBalance(base, B.who);
    expect(endA.available.minus(startA.available).toFixed()).toBe(String(DEPOSIT));
    expect(startA.frozen.minus(endA.frozen).toFixed()).toBe(String(LARGE_WITHDRAWAL));
    expect(endB.available.minus(startB.available).toFixed()).toBe(loan.toFixed());
    const info = (await call(base, C.who, '/user/getUserinfo', {})) as { realname_status: string };
    expect(info.realname_status).toBe('verified');
    expect((await dayTradesOf(base, A.who))[0]).toMatchObject({ status: 'applied' });

    // The audit log: every action, before and after, filtered by action prefix.
    const audit = await openFromNav(s, t.admin('nav.audit'), '/admin/audit');
    const entries = ((await server.admin('/admin/audit', {})) as { list: Array<{ action: string }> }).list;
    const actions = new Set(entries.map((e) => e.action));
    for (const action of [
      'deposit.approve',
      'deposit.reject',
      'realname.approve',
      'loan.approve',
      'block.approve',
      'day_trade.approve',
      'four_eyes.request',
      'four_eyes.approve',
      'withdrawal.approve',
    ])
      expect([...actions]).toContain(action);
    await s.shot('audit-log');
    const filters = audit.getByRole('form', { name: t.admin('audit.filter.label') });
    for (const prefix of ['deposit', 'withdrawal']) {
      await filters.getByLabel(t.admin('audit.filter.action'), { exact: true }).fill(prefix);
      await filters.getByRole('button', { name: exactly(t.admin('audit.filter.apply')) }).click();
      const toggles = audit.getByRole('button', { name: /^Details of entry \d+$/ });
      await eventually(`${prefix} entries only`, async () => {
        const cells = await audit.locator('tbody tr td:nth-child(3)').allInnerTexts();
        return cells.length > 0 && cells.every((c) => c.startsWith(prefix));
      });
      for (const toggle of await toggles.all()) await toggle.click();
      await audit.getByText(t.admin('field.before'), { exact: true }).first().waitFor();
      await audit.getByText(t.admin('field.after'), { exact: true }).first().waitFor();
      await audit.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
      await s.shot(`audit-${prefix}-expanded`);
    }

    // Issue 35: the back office logs out, after a confirmation; the server ends the session (its token answers 401).
    const session = await s.page.evaluate(() => ({
      token: localStorage.getItem('token') ?? '',
      account: localStorage.getItem('account') ?? '',
    }));
    expect((await api(base, '/admin/me', {}, session)).http).toBe(200);
    const nav = adminScope(s.page).getByRole('navigation', { name: t.admin('nav.label') });
    await nav.getByRole('button', { name: exactly(t.admin('nav.logout')) }).click();
    const confirmOut = s.page.getByRole('alertdialog', { name: t.admin('nav.logoutConfirm') });
    await confirmOut.waitFor();
    await s.shot('logout-confirm');
    await confirmOut.getByRole('button', { name: exactly(t.admin('nav.logout')) }).click();
    await eventually('the login screen after the logout', async () => s.page.url().endsWith('#/login/login'));
    await s.shot('logged-out');
    expect((await api(base, '/admin/me', {}, session)).http).toBe(401);
    expect(s.errors).toEqual([]);
  } finally {
    await s.close();
  }

  // B on the phone, in Japanese: the rejection in the inbox; no back office in the panel; /admin refused.
  await runMoneyJourney(
    browser,
    base,
    'jp',
    async (j) => {
      const { page } = j;
      const message = (await inboxOf(base, B.who, 'ja')).find(
        (m) => m.title === j.t.msg('inbox_deposit_rejected_title'),
      );
      expect(message?.body).toContain(REASON);
      await openLoggedOut(page, 'jp');
      await logInWithPassword(page, j.t, B.who.account, B.password);
      await openScreen(page, '/mine/message');
      await j.shot('inbox');
      await inboxMessageShown(page, message!.title, message!.body);
      await settle(page);
      await j.shot('deposit-rejected-message');
      await openScreen(page, '/home/index');
      const userPanel = await openPanel(page);
      await settle(page);
      expect(await userPanel.getByRole('link', { name: j.t.common('panel.backOffice') }).count()).toBe(0);
      await j.shot('no-back-office-entry');
      await page.goto('/#/admin/index');
      await page.getByRole('heading', { level: 1, name: j.t.common('adminDenied.title') }).waitFor();
      await j.shot('admin-not-allowed');
    },
    'backoffice-user-jp',
  );
}, 600_000);
