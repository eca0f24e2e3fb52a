/**
 * Acceptance of "New shares and block trades" (issue 11), on a server of its own whose test clock starts on
 * Tuesday 24 November 2026 at 10:00 in Tokyo and is moved by POST /api/vue/test/clock (each move runs the due
 * background jobs: draws, payment deadlines, listings). The back office (no screens) creates two Japanese issues
 * through its API: A offers ten lots to one applicant (a sure win), B one lot to two applicants (exactly one loses).
 * Investors are verified and funded through the API and the back office; everything they do goes through the
 * screens at 390×844, and every step is checked against the ledger (/user/assets, /funds/records, /ipo/info):
 *   ipo-new-shares-us, -jp   two investors subscribe to B (risk disclosure, fund password); in Japanese a block
 *                            listing refuses a wrong channel password
 *   ipo-new-shares-cn        subscribe to A → a second subscription (another tab) refused → the clock reaches the
 *                            draw date, the draw runs by itself → won → confirm and pay → the browser recomputes
 *                            the draw and it matches → the clock reaches the listing → the holding in positions with
 *                            its lock-up date; closing it is refused naming that date → fund records
 *   ipo-new-shares-loser     B's losing subscriber: not won, funds returned, the hold and its release in fund
 *                            records, the two-application draw verified; the winner never paid: abstained, released
 *   ipo-block-trades-us      a wrong then the right channel password → pending → approved by the back office → a
 *                            holding at the block price; a closed listing, and a form the back office closes, refused
 * Screenshots under e2e/artifacts/<journey>/.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { NewShareIssue } from 'shared/contract';
import { clickTab, eventually, expectScreen, hashPath, remoteScope, settle, storeSession } from './support/app';
import { ARTIFACTS_DIR } from './support/env';
import { freshAccount, launchBrowser } from './support/journey';
import {
  exactly,
  runMoneyJourney,
  writeUploadFiles,
  type LanguageCode,
  type MoneyJourney,
  type UploadFiles,
} from './support/money-journey';
import { startMoneyServer, type MoneyServer } from './support/money-server';
import { sleep } from './support/servers';
import {
  createIssue,
  FUND_PASSWORD,
  go,
  holdingsOf,
  ipoTextsOf,
  issueInfo,
  jpyAssets,
  ledgerRecords,
  setFundPassword,
  subscriptionOf,
  tokyo,
  valueOf,
  type IpoTexts,
} from './support/ipo-steps';
import { call, fundInvestor, moveClock, quoteOf, refusedBy, type Investor } from './support/trading';

/** Tuesday 24 November 2026, 10:00 in Tokyo (a business day; Monday the 23rd is a holiday). */
const START = tokyo('2026-11-24T10:00');
/** Both issues: the window, the draw, the payment deadline and the listing, in Tokyo's clock. */
const WINDOW = {
  opens: tokyo('2026-11-24T10:30'),
  closes: tokyo('2026-11-25T10:00'),
  draw: tokyo('2026-11-25T10:00'),
  payDeadline: tokyo('2026-11-25T15:00'),
  listing: tokyo('2026-11-26T09:30'),
};
/** Where the clock is moved: inside the window, just after the draw, just after the listing (Tokyo trades). */
const IN_WINDOW = tokyo('2026-11-24T10:31');
const AFTER_DRAW = tokyo('2026-11-25T10:01');
const AFTER_LISTING = tokyo('2026-11-26T09:35');
const LOCKUP_DAYS = 90;
/** The listing date plus the lock-up, as the refusal names it (Tokyo date). */
const LOCKUP_END = new Date(Date.UTC(2026, 10, 26 + LOCKUP_DAYS)).toISOString().slice(0, 10);

/** A: ten lots of 100 on offer, one applicant asking for two lots, so every lot asked for is allotted. */
const ISSUE_A = {
  code: '931A',
  names: { zh: '晨星半导体', en: 'Morningstar Semiconductor', ja: '暁セミコンダクター' },
  price: '1200',
  lot: 100,
  cap: 300,
  size: 1000,
  lockupDays: LOCKUP_DAYS,
  ...WINDOW,
};
/** B: one lot on offer and two applicants with one lot each: one wins, the other loses. */
const ISSUE_B = {
  code: '932A',
  names: { zh: '青岚机器人', en: 'Seiran Robotics', ja: '青嵐ロボティクス' },
  price: '800',
  lot: 100,
  cap: 100,
  size: 100,
  lockupDays: 30,
  ...WINDOW,
};
const A_AMOUNT = 2 * 100 * 1200;
const B_AMOUNT = 100 * 800;
const NAME_OF: Record<LanguageCode, 'zh' | 'en' | 'ja'> = { cn: 'zh', us: 'en', jp: 'ja' };

let server: MoneyServer;
let browser: Browser;
let files: UploadFiles;
let issueA: NewShareIssue;
let issueB: NewShareIssue;

interface Member {
  investor: Investor;
  password: string;
  language: LanguageCode;
  /** JPY available before any subscription (from /user/assets). */
  availableBefore: number;
}
/** U1 (Chinese) subscribes to A; U2 (English) and U3 (Japanese) to B. */
const members: Partial<Record<'u1' | 'u2' | 'u3', Member>> = {};
const member = (key: 'u1' | 'u2' | 'u3'): Member => {
  const m = members[key];
  if (!m) throw new Error(`investor ${key} was not set up (an earlier step failed)`);
  return m;
};

async function setUpMember(language: LanguageCode, deposit: number): Promise<Member> {
  const account = freshAccount();
  const password = `Kabu-${Math.random().toString(36).slice(2, 10)}`;
  const { investor } = await fundInvestor(server, account, password, files, { deposit, toUsd: 10_000, toCny: 10_000 });
  await setFundPassword(server.baseUrl, investor, password);
  const { available } = await jpyAssets(server.baseUrl, investor);
  return { investor, password, language, availableBefore: available };
}

beforeAll(async () => {
  // The demonstration issues (ADR 0016) fill the other tabs as a new user would see them; the spawned server reads
  // the flag from the environment it is given (the jest worker's), so it is set only around the start.
  const seedFlag = process.env.NEW_SHARE_SEED;
  process.env.NEW_SHARE_SEED = '1';
  try {
    server = await startMoneyServer({
      clockStart: START,
      logName: 'server-ipo.log',
      startTimeoutMs: 240_000,
      approver: true,
    });
  } finally {
    if (seedFlag === undefined) delete process.env.NEW_SHARE_SEED;
    else process.env.NEW_SHARE_SEED = seedFlag;
  }
  browser = await launchBrowser();
  files = writeUploadFiles();
  issueA = await createIssue(server, ISSUE_A);
  issueB = await createIssue(server, ISSUE_B);
  const [u1, u2, u3] = await Promise.all([
    setUpMember('cn', 500_000),
    setUpMember('us', 500_000),
    setUpMember('jp', 300_000),
  ]);
  Object.assign(members, { u1, u2, u3 });
  await moveClock(server.baseUrl, { to: IN_WINDOW });
}, 480_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
}, 60_000);

/** A journey of `who` in its language, logged in, on the home screen; `t` includes mf-ipo's words. */
function journeyOf(who: Member, name: string, body: (j: MoneyJourney, t: IpoTexts) => Promise<void>) {
  return runMoneyJourney(
    browser,
    server.baseUrl,
    who.language,
    async (j) => {
      await storeSession(j.page, who.investor, who.language);
      await j.page.goto('/#/home/index');
      await expectScreen(j.page, '/home/index');
      await body(j, ipoTextsOf(who.language));
      if (who.language === 'us') expect(j.cjk).toEqual({});
    },
    name,
  );
}

const ipoScope = (page: Page) => remoteScope(page, 'mf_ipo');

/** Waits for a refusal (role alert) saying `text` inside `scope`, and brings it to the middle of the screen. */
async function alertShown(scope: Locator, text: string): Promise<void> {
  const alert = scope.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  await alert.evaluate((el) => el.scrollIntoView({ block: 'center' })).catch(() => undefined);
}

/** From the new-share list (market Japan, `tab`) to the issue's detail, by its name in the reader's language. */
async function openIssue(j: MoneyJourney, t: IpoTexts, issue: NewShareIssue, name: string, tab: string) {
  await go(j.page, `/home/newShare?market=jpy&tab=${tab}`);
  const link = ipoScope(j.page)
    .getByRole('list', { name: t.ipo(`newShare.tab.${tab}`) })
    .getByRole('link')
    .filter({ hasText: name });
  await link.waitFor();
  await settle(j.page);
  await j.shot(`new-shares-${tab}`);
  await link.click();
  await eventually('#/home/newShareInfo', async () => (await hashPath(j.page)) === '/home/newShareInfo');
  await expectScreen(j.page, '/home/newShareInfo');
  // The heading is the issue's name once it is read ("New-share detail" while loading).
  await ipoScope(j.page)
    .getByRole('heading', { level: 1, name: exactly(name) })
    .waitFor();
  expect(await j.page.evaluate(() => location.hash)).toContain(`id=${issue.id}`);
}

/** The subscription form of the detail screen (one per page). */
function subscribeForm(page: Page, t: IpoTexts) {
  const form = ipoScope(page).getByRole('form', { name: t.ipo('info.subscribe.title') });
  return {
    form,
    lots: form.getByLabel(t.ipo('info.subscribe.lots'), { exact: true }),
    fundPassword: form.getByLabel(t.ipo('info.fundPassword'), { exact: true }),
    submit: form.getByRole('button', { name: exactly(t.ipo('info.subscribe.submit')) }),
  };
}

/**
 * Subscribes `lots` on the open detail screen: the amount shown as typed, the fund password, the new-share risk
 * disclosure read and accepted (asked once), the result sheet with the server's message, then the subscription card
 * awaiting the draw.
 */
async function subscribe(j: MoneyJourney, t: IpoTexts, lots: number, amount: number): Promise<void> {
  const f = subscribeForm(j.page, t);
  await f.lots.fill(String(lots));
  await f.fundPassword.fill(FUND_PASSWORD);
  await eventually(`the amount ${amount}`, async () =>
    (await f.form.innerText()).includes(amount.toLocaleString('en-US')),
  );
  await f.form.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await j.shot('subscribe-form');
  await f.submit.click();
  const risk = j.page.getByRole('alertdialog');
  const accept = risk.getByRole('button', { name: exactly(t.common('riskDisclosure.accept')) });
  await accept.waitFor();
  await eventually('the risk disclosure text', async () => (await risk.innerText()).length > 200);
  await j.shot('risk-disclosure');
  await accept.click();
  // The result sheet (issue 35): the server's subscribe_success with the amount held, until the investor closes it.
  const sheet = j.page.getByRole('dialog', { name: t.msg('subscribe_success') });
  await expect(sheet.innerText()).resolves.toContain(amount.toLocaleString('en-US'));
  await sheet.getByRole('button', { name: exactly(t.ipo('info.subscribe.next')) }).waitFor();
  await j.shot('subscribed-result');
  await sheet.getByRole('button', { name: exactly(t.common('done')) }).click();
  await sheet.waitFor({ state: 'detached' });
  await ipoScope(j.page).getByText(t.ipo('info.applicationState.awaiting_draw'), { exact: true }).waitFor();
  await j.shot('subscribed-awaiting-draw');
}

/** Saves a screenshot of another page (a second tab) next to the journey's own, after its latest step. */
async function shotOf(j: MoneyJourney, page: Page, label: string): Promise<void> {
  const dir = path.join(ARTIFACTS_DIR, j.name);
  const last = readdirSync(dir)
    .filter((f) => /^\d{2}-/.test(f))
    .sort()
    .pop();
  await page.screenshot({ path: path.join(dir, `${last?.slice(0, 2) ?? '00'}b-${label}.png`), animations: 'disabled' });
}

describe('new shares', () => {
  test.each(['u2', 'u3'] as const)(
    'new shares (%s: en, ja): an investor subscribes to an oversubscribed issue through the screens',
    async (key) => {
      const who = member(key);
      const name = `ipo-new-shares-${who.language}`;
      await journeyOf(who, name, async (j, t) => {
        await openIssue(j, t, issueB, ISSUE_B.names[NAME_OF[who.language]], 'toSubscribe');
        const scope = ipoScope(j.page);
        // Every field of the issue is shown; the figures published later say when.
        await expect(valueOf(scope, t.ipo('info.field.code')).innerText()).resolves.toContain(ISSUE_B.code);
        await expect(valueOf(scope, t.ipo('info.field.issueSize')).innerText()).resolves.toContain('100');
        await expect(valueOf(scope, t.ipo('info.field.underwriter')).innerText()).resolves.toBe('Nomura Securities');
        await j.shot('issue-detail');
        await subscribe(j, t, 1, B_AMOUNT);

        const application = await subscriptionOf(server.baseUrl, who.investor, issueB.id);
        expect(application).toMatchObject({ state: 'awaiting_draw', quantity: '100', units: 1 });
        expect(Number(application.amount)).toBe(B_AMOUNT);
        const assets = await jpyAssets(server.baseUrl, who.investor);
        expect(assets.available).toBe(who.availableBefore - B_AMOUNT);
        expect(assets.newShares).toBe(B_AMOUNT);

        if (who.language === 'jp') {
          // Block trades in Japanese: the listings, and a wrong channel password refused with the tries left.
          await go(j.page, '/home/large');
          await ipoScope(j.page).getByRole('link').filter({ hasText: '7203' }).first().waitFor();
          await settle(j.page);
          await j.shot('block-listings');
          await ipoScope(j.page).getByRole('link').filter({ hasText: '7203' }).first().click();
          await eventually('#/home/largeInfo', async () => (await hashPath(j.page)) === '/home/largeInfo');
          await expectScreen(j.page, '/home/largeInfo');
          const form = ipoScope(j.page).getByRole('form', { name: t.ipo('blockInfo.apply') });
          await form.getByLabel(t.ipo('blockInfo.channelPassword'), { exact: true }).fill('NOT-THE-PASSWORD');
          await form.getByLabel(t.ipo('blockInfo.fundPassword'), { exact: true }).fill(FUND_PASSWORD);
          await form.getByRole('button', { name: exactly(t.ipo('blockInfo.apply')) }).click();
          await alertShown(form, t.msg('channel_password_wrong', { left: '4' }));
          await j.shot('block-wrong-channel-password');
        }
      });
    },
    240_000,
  );

  test('new shares (zh-CN): subscribe, once only, win the draw, pay, verify, hold the listing locked up', async () => {
    const who = member('u1');
    await journeyOf(who, 'ipo-new-shares-cn', async (j, t) => {
      const { page } = j;
      const name = ISSUE_A.names.zh;
      await openIssue(j, t, issueA, name, 'toSubscribe');
      const scope = ipoScope(page);
      // Not published yet: the market price (until listing) and the hit rate (until the draw) say why they are —.
      // The seed's hash is published since the window opened; the seed itself only after the draw.
      const seedHash = (await issueInfo(server.baseUrl, who.investor, issueA.id)).issue.seed_hash;
      expect(seedHash).toMatch(/^[0-9a-f]{64}$/);
      await expect(valueOf(scope, t.ipo('info.verify.seedHash')).innerText()).resolves.toBe(seedHash);
      await scope.getByText(t.ipo('info.verify.introBefore')).waitFor();
      await j.shot('issue-detail');

      // A second tab on the same issue, opened before subscribing: its form is still there afterwards.
      const second = await j.page.context().newPage();
      const secondErrors: string[] = [];
      second.on('pageerror', (e) => secondErrors.push(`pageerror: ${e.message}`));
      second.on('console', (m) => {
        if (m.type() === 'error') secondErrors.push(`console.error: ${m.text()}`);
      });
      await second.goto(`/#/home/newShareInfo?id=${issueA.id}`);
      await expectScreen(second, '/home/newShareInfo');
      await subscribeForm(second, t).form.waitFor();

      await subscribe(j, t, 2, A_AMOUNT);
      const subscribed = await subscriptionOf(server.baseUrl, who.investor, issueA.id);
      expect(subscribed).toMatchObject({ state: 'awaiting_draw', quantity: '200', units: 2, status: 1 });
      expect(Number(subscribed.rjmoney)).toBe(A_AMOUNT);
      // The receipt: this browser sent its random part, the server mixed in its own (ADR 0016, amendment).
      expect(subscribed.device_contribution).toMatch(/^[0-9a-f]{64}$/);
      expect(subscribed.contribution).toMatch(/^[0-9a-f]{64}$/);
      await expect(valueOf(scope, t.ipo('info.application.contribution')).innerText()).resolves.toBe(
        subscribed.contribution,
      );
      await valueOf(scope, t.ipo('info.application.contribution')).scrollIntoViewIfNeeded();
      await j.shot('receipt-contribution');
      let assets = await jpyAssets(server.baseUrl, who.investor);
      expect(assets).toMatchObject({ available: who.availableBefore - A_AMOUNT, newShares: A_AMOUNT });

      // The second subscription, from the other tab, is refused in the reader's language; nothing more is held.
      // (The server takes one money call per action every 2 s per user: a too_frequent answer is waited out.)
      const f2 = subscribeForm(second, t);
      await f2.lots.fill('1');
      await f2.fundPassword.fill(FUND_PASSWORD);
      // Shown inline and as the shell's toast; the refused tab then re-reads the issue and shows the subscription
      // instead of its form, so either may be the one still on screen.
      const once = second.getByText(t.msg('new_share_once')).first();
      const tooFrequent = second.getByText(t.msg('too_frequent')).first();
      // A refusal re-reads the issue (the mutation invalidates it), so after a too_frequent answer the tab may show
      // the subscription instead of its form: wait the throttle out first so the one answer is new_share_once.
      await sleep(2_500);
      for (let attempt = 1; ; attempt += 1) {
        await f2.submit.click();
        const outcome = await eventually('the second subscription refused', async () =>
          (await once.isVisible()) ? 'once' : (await tooFrequent.isVisible()) ? 'too_frequent' : undefined,
        ).catch(async (error: unknown) => {
          await shotOf(j, second, 'second-tab-FAILED');
          throw error;
        });
        if (outcome === 'once') break;
        if (attempt >= 3) throw new Error('the second subscription was still refused as too frequent');
        await sleep(2_500);
      }
      await shotOf(j, second, 'second-tab-second-subscription-refused');
      await second.close();
      expect(secondErrors).toEqual([]);
      assets = await jpyAssets(server.baseUrl, who.investor);
      expect(assets.newShares).toBe(A_AMOUNT);
      await expect(
        refusedBy(server.baseUrl, who.investor, '/ipo/subscribe', {
          id: String(issueA.id),
          quantity: '100',
          fund_password: FUND_PASSWORD,
        }),
      ).resolves.toMatchObject({ msg: 'new_share_once' });

      // The clock reaches the draw date: the draw runs by itself (the clock's job pass), once.
      const moved = await moveClock(server.baseUrl, { to: AFTER_DRAW });
      expect(JSON.stringify(moved)).toContain('new-shares:draw');
      const won = await subscriptionOf(server.baseUrl, who.investor, issueA.id);
      expect(won).toMatchObject({ state: 'won', allotted_quantity: '200' });
      const drawnA = await issueInfo(server.baseUrl, who.investor, issueA.id);
      expect(drawnA.issue.drawn).toBe(true);
      expect(Number(drawnA.issue.hit_rate)).toBe(100);
      expect(drawnA.verification.seed).toMatch(/^[0-9a-f]{64}$/);
      // The clock's pass sealed the list (its root) before it drew with SHA-256(seed:root).
      expect(drawnA.verification.list_root).toMatch(/^[0-9a-f]{64}$/);
      expect(drawnA.verification.final_seed).toMatch(/^[0-9a-f]{64}$/);

      await openIssue(j, t, issueA, name, 'subscribing');
      await scope.getByText(t.ipo('info.applicationState.won'), { exact: true }).waitFor();
      await j.shot('won-payment-due');
      await scope.getByRole('button', { name: exactly(t.ipo('info.confirm.action')) }).click();
      const pay = page.getByRole('alertdialog', { name: t.ipo('info.confirm.title') });
      await pay.getByLabel(t.ipo('info.fundPassword'), { exact: true }).fill(FUND_PASSWORD);
      await expect(pay.innerText()).resolves.toContain(A_AMOUNT.toLocaleString('en-US'));
      await j.shot('confirm-payment');
      await pay.getByRole('button', { name: exactly(t.ipo('info.confirm.submit')) }).click();
      await pay.waitFor({ state: 'detached' });
      // The result sheet: the server's purchase_success and what it answered, until the investor closes it.
      const paidSheet = page.getByRole('dialog', { name: t.msg('purchase_success') });
      await expect(paidSheet.innerText()).resolves.toContain(A_AMOUNT.toLocaleString('en-US'));
      await j.shot('paid-result');
      await paidSheet.getByRole('button', { name: exactly(t.common('done')) }).click();
      await paidSheet.waitFor({ state: 'detached' });
      await scope.getByText(t.ipo('info.applicationState.subscribed'), { exact: true }).waitFor();
      const paid = await subscriptionOf(server.baseUrl, who.investor, issueA.id);
      expect(paid).toMatchObject({ state: 'subscribed', status: 1 });
      expect(Number(paid.paid_amount)).toBe(A_AMOUNT);
      await j.shot('paid');

      // Verify the draw: the browser reads the published applications and recomputes the lottery.
      await scope.getByRole('button', { name: exactly(t.ipo('info.verify.run')) }).click();
      const result = scope.getByRole('status', { name: t.ipo('info.verify.resultLabel') });
      await result.getByText(t.ipo('info.verify.match', { total: 1 })).waitFor();
      await expect(result.innerText()).resolves.toContain(t.ipo('info.verify.hashOk'));
      await expect(result.innerText()).resolves.toContain(
        t.ipo('info.verify.own', { count: 2, units: 2, published: 2, recomputed: 2 }),
      );
      await expect(result.innerText()).resolves.toContain(t.ipo('info.verify.listOk'));
      await expect(result.innerText()).resolves.toContain(t.ipo('info.verify.ownInList'));
      const inList = scope.getByRole('status', { name: t.ipo('info.verify.inclusionLabel') });
      await expect(inList.innerText()).resolves.toContain(
        t.ipo('info.verify.inclusionOk', { number: paid.application_no, steps: 0 }),
      );
      await result.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await j.shot('draw-verified');

      // Before the listing: the subscription in positions (mf-trade), paid and counted in frozen.
      await go(page, '/position/index?market=jpy&tab=subscriptions');
      const subscriptions = remoteScope(page, 'mf_trade').getByRole('list', {
        name: t.trade('positions.kind.subscriptions'),
      });
      const row = subscriptions.getByRole('listitem').filter({ hasText: ISSUE_A.code });
      await expect(row.innerText()).resolves.toContain(t.trade('positions.subscription.state.subscribed'));
      await settle(page);
      await j.shot('positions-subscription');

      // The clock reaches the listing: the allotment becomes a holding at the issue price, locked up.
      await moveClock(server.baseUrl, { to: AFTER_LISTING });
      const holding = (await holdingsOf(server.baseUrl, who.investor, 'jpy')).find((h) => h.code === ISSUE_A.code);
      expect(holding).toMatchObject({ stock_num: '200', closable: false, closable_from: LOCKUP_END });
      expect(Number(holding?.buy_price)).toBe(1200);
      assets = await jpyAssets(server.baseUrl, who.investor);
      expect(assets.newShares).toBe(0);
      expect(assets.available).toBe(who.availableBefore - A_AMOUNT);
      expect(assets.holdings).toBeGreaterThanOrEqual(A_AMOUNT);

      // Listed: the detail shows the market price and premium from the market data.
      await openIssue(j, t, issueA, name, 'ended');
      await eventually('a market price', async () =>
        /\d/.test(await valueOf(scope, t.ipo('info.field.marketPrice')).innerText()),
      );
      await j.shot('listed-detail');

      await go(page, '/position/index?market=jpy&tab=holdings');
      const item = remoteScope(page, 'mf_trade')
        .getByRole('list', { name: t.trade('positions.kind.holdings') })
        .getByRole('listitem')
        .filter({ hasText: ISSUE_A.code });
      await item.waitFor();
      await expect(item.innerText()).resolves.toContain(LOCKUP_END);
      await settle(page);
      await j.shot('holding-locked-up');

      await item.getByRole('link').first().click();
      await eventually('#/position/info', async () => (await hashPath(page)) === '/position/info');
      await expectScreen(page, '/position/info');
      const detail = remoteScope(page, 'mf_trade');
      // Locked up: the detail names the lock-up's end and offers no Close the server would refuse.
      await detail.getByText(LOCKUP_END).first().waitFor();
      await settle(page);
      await expect(detail.getByRole('button', { name: exactly(t.trade('positions.close')) }).count()).resolves.toBe(0);
      await j.shot('locked-up-no-close');
      await expect(refusedBy(server.baseUrl, who.investor, '/trade/close', { id: holding!.id })).resolves.toMatchObject(
        { msg: 'lockup_until', values: { date: LOCKUP_END } },
      );
      expect((await holdingsOf(server.baseUrl, who.investor, 'jpy')).some((h) => h.code === ISSUE_A.code)).toBe(true);

      // Fund records, a statement under the order's number: the subscription froze the money, the payment and the
      // listing (the payment's freeze became the holding's cost) moved none; never income, never spending.
      const ledger = (await ledgerRecords(server.baseUrl, who.investor, 'subscription')).filter(
        (r) => r.order_no === paid.order_no,
      );
      expect(ledger.map((r) => [Number(r.amount), Number(r.frozen)])).toEqual([
        [0, 0],
        [0, 0],
        [0, A_AMOUNT],
      ]);
      await clickTab(page, '/mine/transactionRecords');
      const records = remoteScope(page, 'mf_funds').getByRole('list', { name: t.funds('records.title') });
      const rows = records
        .getByRole('listitem')
        .filter({ hasText: paid.order_no })
        .filter({ hasText: t.funds('records.type.subscription') });
      await eventually('the three subscription lines', async () => (await rows.count()) === 3);
      expect(await rows.last().innerText()).toContain(A_AMOUNT.toLocaleString('en-US'));
      // and no separate margin line: the holding's cost, held at the listing, is folded into the listing's line
      expect(
        await records
          .getByRole('listitem')
          .filter({ hasText: paid.order_no })
          .filter({ hasText: t.funds('records.type.margin') })
          .count(),
      ).toBe(0);
      await j.shot('fund-records');

      // Block trades in Chinese: the listings.
      await go(page, '/home/large');
      await ipoScope(page).getByRole('link').filter({ hasText: '7203' }).first().waitFor();
      await settle(page);
      await j.shot('block-listings');
    });
  }, 420_000);

  test('new shares: the loser of the one-lot issue gets the funds back; its winner abstained', async () => {
    const u2 = member('u2');
    const u3 = member('u3');
    const states = await Promise.all([u2, u3].map((m) => subscriptionOf(server.baseUrl, m.investor, issueB.id)));
    // Exactly one of the two won B's single lot at the draw; the deadline has passed since (the clock is at
    // the listing): its allotment, never paid, abstained.
    expect(states.map((s) => s.state).sort()).toEqual(['abstained', 'not_won']);
    const loser = states[0]!.state === 'not_won' ? u2 : u3;
    const loss = states[0]!.state === 'not_won' ? states[0]! : states[1]!;
    const winner = loser === u2 ? u3 : u2;
    expect(loss).toMatchObject({ allotted_quantity: '0', rjmoney: '-', status: 2 });
    for (const m of [loser, winner]) {
      const assets = await jpyAssets(server.baseUrl, m.investor);
      expect(assets).toMatchObject({ available: m.availableBefore, newShares: 0 });
    }
    const ledger = (await ledgerRecords(server.baseUrl, loser.investor, 'subscription')).filter(
      (r) => r.order_no === loss.order_no,
    );
    // The statement (ADR 0036): the subscription froze the amount and the refund released it; no money moved.
    expect(ledger.map((r) => [Number(r.amount), Number(r.frozen)]).sort((a, b) => a[1]! - b[1]!)).toEqual([
      [0, -B_AMOUNT],
      [0, B_AMOUNT],
    ]);

    await journeyOf(loser, `ipo-new-shares-loser-${loser.language}`, async (j, t) => {
      const { page } = j;
      await openIssue(j, t, issueB, ISSUE_B.names[NAME_OF[loser.language]], 'ended');
      const scope = ipoScope(page);
      await scope.getByText(t.ipo('info.applicationState.not_won'), { exact: true }).waitFor();
      await j.shot('not-won-funds-returned');
      await scope.getByRole('button', { name: exactly(t.ipo('info.verify.run')) }).click();
      const result = scope.getByRole('status', { name: t.ipo('info.verify.resultLabel') });
      await result.getByText(t.ipo('info.verify.match', { total: 2 })).waitFor();
      await expect(result.innerText()).resolves.toContain(
        t.ipo('info.verify.own', { count: 1, units: 1, published: 0, recomputed: 0 }),
      );
      await result.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await j.shot('draw-verified');

      await go(page, '/home/newShare?market=jpy&tab=allotments');
      await ipoScope(page).getByText(t.ipo('info.applicationState.not_won')).first().waitFor();
      await settle(page);
      await j.shot('allotment-records');

      await clickTab(page, '/mine/transactionRecords');
      const records = remoteScope(page, 'mf_funds').getByRole('list', { name: t.funds('records.title') });
      const rows = records.getByRole('listitem').filter({ hasText: loss.order_no });
      await eventually('the hold and its release', async () => (await rows.count()) === 2);
      const texts = await rows.allInnerTexts();
      for (const text of texts) {
        expect(text).toContain(t.funds('records.type.subscription'));
        expect(text).toContain(B_AMOUNT.toLocaleString('en-US'));
      }
      // One line froze it, the other released it.
      // By the line's label (Japanese 拘束解除 begins with 拘束, so a substring would count both).
      const labelled = (label: string) =>
        texts.filter((text) => text.split('\n').some((line) => line.trim().startsWith(`${label} `)));
      expect(labelled(t.funds('records.frozenChange'))).toHaveLength(1);
      expect(labelled(t.funds('records.releasedChange'))).toHaveLength(1);
      await j.shot('fund-records-hold-and-release');
    });
  }, 240_000);
});

describe('block trades', () => {
  test('block trades (en): wrong then right channel password, approved, a holding; closed ones refuse', async () => {
    const who = member('u2');
    const { investor } = who;
    const quote = await quoteOf(server.baseUrl, investor, '7203', 'jpy');
    const blockPrice = String(Math.floor(Number(quote.price) * 0.95));
    const channelPassword = 'E2E-7203-BLOCK';
    const deadline = tokyo('2026-11-30T15:00');
    const { id: listingId } = (await server.adminApproved('/admin/blockCreate', {
      code: '7203',
      market: 'jpy',
      variant: 'standard',
      block_price: blockPrice,
      min_lots: '1',
      total_lots: '50',
      deadline,
      channel_password: channelPassword,
    })) as { id: number };
    const cost = 10 * Number(blockPrice);

    await journeyOf(who, 'ipo-block-trades-us', async (j, t) => {
      const { page } = j;
      await go(page, '/home/large');
      const link = ipoScope(page).locator(`a[href$="/home/largeInfo?id=${listingId}"]`);
      await link.waitFor();
      await settle(page);
      await j.shot('block-listings');
      await link.click();
      await eventually('#/home/largeInfo', async () => (await hashPath(page)) === '/home/largeInfo');
      await expectScreen(page, '/home/largeInfo');
      const scope = ipoScope(page);
      await expect(valueOf(scope, t.ipo('block.field.blockPrice')).innerText()).resolves.toContain(
        Number(blockPrice).toLocaleString('en-US'),
      );
      await expect(valueOf(scope, t.ipo('block.field.gap')).innerText()).resolves.toMatch(/Discount \d/);
      await j.shot('block-detail');

      const form = scope.getByRole('form', { name: t.ipo('blockInfo.apply') });
      await form.getByLabel(t.ipo('blockInfo.lotsMin', { min: 1 }), { exact: true }).fill('10');
      await form.getByLabel(t.ipo('blockInfo.channelPassword'), { exact: true }).fill('WRONG-PASSWORD');
      await form.getByLabel(t.ipo('blockInfo.fundPassword'), { exact: true }).fill(FUND_PASSWORD);
      await eventually('the cost of 10 lots', async () =>
        (await form.getByRole('status', { name: t.ipo('blockInfo.cost') }).innerText()).includes(
          cost.toLocaleString('en-US'),
        ),
      );
      const apply = form.getByRole('button', { name: exactly(t.ipo('blockInfo.apply')) });
      await apply.click();
      await alertShown(form, t.msg('channel_password_wrong', { left: '4' }));
      await j.shot('wrong-channel-password');
      expect((await jpyAssets(server.baseUrl, investor)).pendingOrders).toBe(0);

      await form.getByLabel(t.ipo('blockInfo.channelPassword'), { exact: true }).fill(channelPassword);
      await apply.click();
      // The result sheet (issue 35): the server's block_applied, the money held and the order number, then the way
      // to the application.
      const appliedSheet = page.getByRole('dialog', { name: t.msg('block_applied') });
      await expect(appliedSheet.innerText()).resolves.toContain(cost.toLocaleString('en-US'));
      await expect(appliedSheet.innerText()).resolves.toMatch(/B\d{8,}/);
      await j.shot('applied-result');
      await appliedSheet.getByRole('button', { name: exactly(t.ipo('blockInfo.result.next')) }).click();
      await appliedSheet.waitFor({ state: 'detached' });
      await eventually('#/home/large4', async () => (await hashPath(page)) === '/home/large4');
      await expectScreen(page, '/home/large4');
      await scope.getByText(t.ipo('blockApp.status.pending')).first().waitFor();
      await j.shot('application-pending');
      const assets = await jpyAssets(server.baseUrl, investor);
      expect(assets.pendingOrders).toBe(cost);

      // The back office approves it: a holding of 10 shares at the block price.
      const pending = (await server.admin('/admin/blockApplications', {
        status: 'pending',
        listing_id: String(listingId),
      })) as { list: Array<{ id: number; account: string; amount: string; order_no: string }> };
      const mine = pending.list.filter((a) => a.account === investor.account);
      expect(mine).toHaveLength(1);
      expect(Number(mine[0]!.amount)).toBe(cost);
      await server.admin('/admin/blockReview', { id: String(mine[0]!.id), action: 'approve' });
      await page.reload();
      await expectScreen(page, '/home/large4');
      await ipoScope(page).getByText(t.ipo('blockApp.status.approved')).first().waitFor();
      // The placement (the spec's placement_success): on the application, and in the owner's inbox with its order.
      await ipoScope(page).getByText(t.msg('placement_success')).first().waitFor();
      await settle(page);
      await j.shot('application-approved');
      const inbox = (await call(server.baseUrl, investor, '/user/messages', { lang: 'us' })) as {
        list: Array<{ title: string; body: string }>;
      };
      expect(inbox.list[0]).toMatchObject({ title: t.msg('inbox_placement_success_title') });
      expect(inbox.list[0]!.body).toContain(mine[0]!.order_no);
      const held = (await holdingsOf(server.baseUrl, investor, 'jpy')).filter((h) => h.code === '7203');
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ stock_num: '10' });
      expect(Number(held[0]!.buy_price)).toBe(Number(blockPrice));
      const after = await jpyAssets(server.baseUrl, investor);
      expect(after.pendingOrders).toBe(0);
      expect(after.holdings).toBeGreaterThanOrEqual(cost);

      await go(page, '/position/index?market=jpy&tab=holdings');
      const item = remoteScope(page, 'mf_trade')
        .getByRole('list', { name: t.trade('positions.kind.holdings') })
        .getByRole('listitem')
        .filter({ hasText: '7203' });
      await item.waitFor();
      await expect(item.innerText()).resolves.toContain(Number(blockPrice).toLocaleString('en-US'));
      await settle(page);
      await j.shot('block-holding');

      // A closed listing (the seeded SoftBank block, past its deadline) takes no application; the server refuses.
      const closed = (await call(server.baseUrl, investor, '/block/list', {
        type: 'jpy',
        state: 'closed',
        lang: 'us',
      })) as { list: Array<{ id: number; code: string }> };
      const softbank = closed.list.find((l) => l.code === '9984');
      expect(softbank).toBeDefined();
      await go(page, `/home/largeInfo?id=${softbank!.id}`);
      await ipoScope(page).getByText(t.ipo('blockInfo.closed.deadline')).waitFor();
      await j.shot('closed-listing');
      await expect(
        refusedBy(server.baseUrl, investor, '/block/apply', {
          id: String(softbank!.id),
          lots: '100',
          channel_password: 'SOFTBANK-9984',
          fund_password: FUND_PASSWORD,
        }),
      ).resolves.toMatchObject({ msg: 'block_trade_closed' });

      // A listing the back office closes while its form is open: the application is refused on the screen.
      const { id: lateId } = (await server.adminApproved('/admin/blockCreate', {
        code: '7203',
        market: 'jpy',
        block_price: blockPrice,
        min_lots: '1',
        total_lots: '5',
        deadline,
        channel_password: channelPassword,
      })) as { id: number };
      await go(page, `/home/largeInfo?id=${lateId}`);
      const lateForm = ipoScope(page).getByRole('form', { name: t.ipo('blockInfo.apply') });
      await lateForm.getByLabel(t.ipo('blockInfo.channelPassword'), { exact: true }).fill(channelPassword);
      await lateForm.getByLabel(t.ipo('blockInfo.fundPassword'), { exact: true }).fill(FUND_PASSWORD);
      await server.adminApproved('/admin/blockClose', { id: String(lateId), action: 'close' });
      await lateForm.getByRole('button', { name: exactly(t.ipo('blockInfo.apply')) }).click();
      // Inline and as the shell's toast; the screen then re-reads the listing and shows it closed.
      await page.getByText(t.msg('block_trade_closed')).first().waitFor();
      await j.shot('closed-while-open-refused');
      expect((await jpyAssets(server.baseUrl, investor)).pendingOrders).toBe(0);
    });
  }, 300_000);
});
