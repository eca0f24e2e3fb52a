/**
 * Acceptance of issue 14's four-eyes on catalogue changes (docs/decisions/0026, amended: always on). One server of
 * its own (support/money-server.ts) with the seeded administrator A and a second administrator B made with the CLI.
 * On the console's screens at 1280×800 and 768×1024, A creates a new-share issue by filling the create form; the
 * screen says it waits for a second administrator and lists the request with who submitted it and when; on the
 * approvals screen A is offered no Approve for it. B (another browser context, its own TOTP sign-in) approves it
 * there, reading the request's fields. An investor then finds the issue in the app's new-share list
 * (#/home/newShare). A edits the issue's English name → B approves → the investor reads the new name; A withdraws
 * it with a reason → B approves → it is gone from the investor's list. Screenshots under e2e/artifacts/catalogue-*.
 */
import type { Browser, Locator } from 'playwright-core';
import { api, eventually, expectScreen, remoteScope, settle, storeSession, registerAndLogIn } from './support/app';
import {
  adminLogIn,
  adminScope,
  consoleSession,
  decide,
  openConsoleFromPanel,
  openRow,
  type ConsoleSession,
} from './support/backoffice-steps';
import { ipoTextsOf, tokyo } from './support/ipo-steps';
import { launchBrowser, freshAccount } from './support/journey';
import { exactly } from './support/money-journey';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, startMoneyServer, type MoneyServer } from './support/money-server';
import { completeEnrolment } from './support/second-factor';

const SECOND_ADMIN = { account: '0900000002', password: 'Admin-e2e-second-2' };
const CODE = '4242';
const NAME = 'Four Eyes Robotics';
const RENAMED = 'Four Eyes Robotics Holdings';
/** The create form, by its English labels (the market select keeps Japan, the lock-up its 0 days). */
const ISSUE_FORM: Record<string, string> = {
  'catalogue.field.code': CODE,
  'catalogue.field.name_zh': '四眼机器人',
  'catalogue.field.name_en': NAME,
  'catalogue.field.name_ja': 'フォーアイズ・ロボティクス',
  'catalogue.field.price': '1500',
  'catalogue.field.lot_size': '100',
  'catalogue.field.subscription_cap': '10000',
  'catalogue.field.issue_size': '500000',
  'catalogue.field.underwriter': 'Kabu Securities',
  'catalogue.field.opens_at': tokyo('2026-12-01T09:00'),
  'catalogue.field.closes_at': tokyo('2026-12-03T15:00'),
  'catalogue.field.draw_at': tokyo('2026-12-04T09:00'),
  'catalogue.field.pay_deadline': tokyo('2026-12-05T15:00'),
  'catalogue.field.listing_at': tokyo('2026-12-10T09:00'),
  'catalogue.field.distribution_at': tokyo('2026-12-10T09:00'),
};

let server: MoneyServer;
let browser: Browser;

beforeAll(async () => {
  server = await startMoneyServer({ logName: 'server-catalogue.log', startTimeoutMs: 240_000, admins: [SECOND_ADMIN] });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 60_000);

interface Pending {
  id: number;
  endpoint: string;
  requester: string;
}
const pendingRequests = async () =>
  ((await server.admin('/admin/approvals', { status: 'pending' })) as { list: Pending[] }).list;

/** The one pending request of `endpoint`, submitted by A. */
async function onlyPending(endpoint: string): Promise<Pending> {
  const list = await pendingRequests();
  expect(list.map((r) => [r.endpoint, r.requester])).toEqual([[endpoint, ADMIN_ACCOUNT]]);
  return list[0]!;
}

/** A's screen after submitting: the waiting notice, and the request listed with who and when. */
async function waitingShown(a: ConsoleSession, kind: string, step: string) {
  const scope = adminScope(a.page);
  await scope.getByRole('status').getByText(a.t.msg('four_eyes_waiting')).waitFor();
  const pending = scope.getByRole('region', { name: a.t.admin('catalogue.pending.title') });
  const item = pending.getByRole('listitem').filter({ hasText: a.t.admin(`fourEyes.kind.${kind}`) });
  await item.waitFor();
  const by = a.t.admin('catalogue.pending.by', { account: ADMIN_ACCOUNT, at: '' }).trim();
  expect(await item.innerText()).toContain(by);
  await a.shot(step);
}

/** Opens `route` freshly read from the server (another administrator changed it since this page last read it). */
async function openFresh(s: ConsoleSession, route: string): Promise<void> {
  await s.page.goto(`/#${route}`);
  await s.page.reload();
  await expectScreen(s.page, route.split('?')[0]!);
}

/** B approves request `id` on the approvals screen (its fields read as labels and values); answers the notice. */
async function approveAsSecond(b: ConsoleSession, id: number, step: string, field: string): Promise<Locator> {
  await openFresh(b, `/admin/approvals?id=${id}`);
  const pane = adminScope(b.page).getByRole('region', { name: b.t.admin('detail.title') });
  await pane.getByText(b.t.admin('approvals.waiting', { account: ADMIN_ACCOUNT })).waitFor();
  await pane.getByText(field).first().waitFor();
  await b.shot(`${step}-to-approve`);
  const notice = await decide(b, pane, 'approve');
  await eventually(`request ${id} approved`, async () => !(await pendingRequests()).some((r) => r.id === id));
  await b.shot(`${step}-approved`);
  return notice;
}

test('a catalogue change runs only when a second administrator approves it on the screens', async () => {
  const base = server.baseUrl;
  const investor = await registerAndLogIn(base, freshAccount(), `Kabu-${Math.random().toString(36).slice(2, 10)}`);
  const ipo = ipoTextsOf('us');
  const a = await consoleSession(browser, base, 'catalogue-admin-a');
  const b = await consoleSession(browser, base, 'catalogue-admin-b');
  const seen = await consoleSession(browser, base, 'catalogue-investor');
  const t = a.t;
  /** The investor's new-share list (Japan, to subscribe), read afresh. */
  const investorList = async (step: string) => {
    await openFresh(seen, '/home/newShare?market=jpy&tab=toSubscribe');
    // the tab's panel: the list of issues, or its empty state while there is none
    const list = remoteScope(seen.page, 'mf_ipo').getByRole('tabpanel', { name: ipo.ipo('newShare.tab.toSubscribe') });
    await list.waitFor();
    await settle(seen.page);
    await seen.shot(step);
    return list;
  };
  try {
    await storeSession(seen.page, investor, 'us');
    await seen.page.goto('/#/home/index');
    expect(await (await investorList('before')).getByText(NAME).count()).toBe(0);

    // A creates the issue on the console's form: nothing is published yet.
    await adminLogIn(a, ADMIN_ACCOUNT, ADMIN_PASSWORD, server.adminSecret);
    await openConsoleFromPanel(a);
    await openFresh(a, '/admin/newShares');
    const screen = adminScope(a.page);
    await screen.getByRole('button', { name: exactly(t.admin('catalogue.action.create')) }).click();
    const form = screen.getByRole('form', { name: t.admin('catalogue.action.create') });
    for (const [label, value] of Object.entries(ISSUE_FORM))
      await form.getByLabel(t.admin(label), { exact: true }).fill(value);
    await a.shot('create-form');
    await form.getByRole('button', { name: exactly(t.admin('catalogue.action.create')) }).click();
    await waitingShown(a, 'adminNewShareCreate', 'create-waiting');
    const create = await onlyPending('adminNewShareCreate');
    expect(((await server.admin('/admin/newShares', {})) as { list: unknown[] }).list).toEqual([]);

    // The requester is offered no Approve on its own request.
    await screen.getByRole('link', { name: exactly(t.admin('catalogue.pending.open', { id: create.id })) }).click();
    await eventually('#/admin/approvals', async () => a.page.url().includes('#/admin/approvals'));
    const own = adminScope(a.page).getByRole('region', { name: t.admin('detail.title') });
    await own.getByText(t.admin('approvals.own')).waitFor();
    await own.getByText(NAME).waitFor();
    expect(await own.getByRole('button', { name: exactly(t.admin('review.approve')) }).count()).toBe(0);
    await a.shot('own-request-no-approve');

    // B: enrolled once through the API, then its own TOTP sign-in on the screens; approves.
    const enrolled = await completeEnrolment(
      base,
      await api(base, '/user/login', { account: SECOND_ADMIN.account, password: SECOND_ADMIN.password }),
      server.enrolCodes[SECOND_ADMIN.account]!,
    );
    await adminLogIn(b, SECOND_ADMIN.account, SECOND_ADMIN.password, enrolled.secret!);
    await openConsoleFromPanel(b);
    const approved = await approveAsSecond(b, create.id, 'create', NAME);
    await approved.getByText(b.t.msg('saved')).waitFor();
    const issue = ((await server.admin('/admin/newShares', {})) as { list: Array<{ id: number; code: string }> })
      .list[0]!;
    expect(issue.code).toBe(CODE);
    await (await investorList('created')).getByText(NAME, { exact: true }).waitFor();

    // A edits the English name: the investor still reads the old one until B approves.
    await openFresh(a, '/admin/newShares');
    let pane = await openRow(a, issue.id);
    await pane.getByRole('button', { name: exactly(t.admin('catalogue.action.edit')) }).click();
    // the list keeps one name per language, so an edit types all three (the form's hint says so)
    for (const [key, value] of [
      ['name_zh', ISSUE_FORM['catalogue.field.name_zh']!],
      ['name_en', RENAMED],
      ['name_ja', ISSUE_FORM['catalogue.field.name_ja']!],
    ])
      await pane.getByLabel(t.admin(`catalogue.field.${key}`), { exact: true }).fill(value);
    await a.shot('edit-form');
    await pane.getByRole('button', { name: exactly(t.admin('catalogue.action.edit')) }).click();
    await waitingShown(a, 'adminNewShareEdit', 'edit-waiting');
    const edit = await onlyPending('adminNewShareEdit');
    await (await investorList('edit-waiting')).getByText(NAME, { exact: true }).waitFor();
    await approveAsSecond(b, edit.id, 'edit', RENAMED);
    await (await investorList('edited')).getByText(RENAMED, { exact: true }).waitFor();

    // A withdraws it with a reason: gone for the investor once B approves.
    await openFresh(a, '/admin/newShares');
    pane = await openRow(a, issue.id);
    await pane.getByRole('button', { name: exactly(t.admin('catalogue.action.withdraw')) }).click();
    await pane.getByLabel(t.admin('catalogue.field.reason'), { exact: true }).fill('Issuer postponed');
    await pane.getByRole('button', { name: exactly(t.admin('catalogue.action.withdraw')) }).click();
    await waitingShown(a, 'adminNewShareWithdraw', 'withdraw-waiting');
    const withdraw = await onlyPending('adminNewShareWithdraw');
    await approveAsSecond(b, withdraw.id, 'withdraw', 'Issuer postponed');
    await eventually('the issue is gone for the investor', async () => {
      const list = await investorList('withdrawn');
      return (await list.getByText(RENAMED).count()) === 0;
    });

    // The audit: each change ran as its approver, B (four_eyes.request names A).
    const audit = (
      (await server.admin('/admin/audit', { target: `issue:${issue.id}` })) as {
        list: Array<{ action: string; actor: string }>;
      }
    ).list;
    expect(audit.map((e) => [e.action, e.actor]).sort()).toEqual([
      ['new_share.create', SECOND_ADMIN.account],
      ['new_share.edit', SECOND_ADMIN.account],
      ['new_share.withdraw', SECOND_ADMIN.account],
    ]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    expect(seen.errors).toEqual([]);
  } finally {
    await Promise.all([a.close(), b.close(), seen.close()]);
  }
}, 240_000);
