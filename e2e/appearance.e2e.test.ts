/**
 * An app on the home screen (issue 35, docs/decisions/0037-installable-app-and-dark-mode.md): the web app manifests
 * and icons as served (fields, types, the CSP's manifest-src), the page linking its language's manifest, and the app
 * in dark mode: followed from the system (prefers-color-scheme), chosen in Appearance on the mine screen (Light on a
 * dark phone, Dark on a light one) and applied before the first paint of the next visit. Key screens (login, home,
 * a stock with its chart, mine) are screenshotted at 390×844 and checked by axe-core's color-contrast rule in both
 * modes: no text below WCAG AA.
 *
 * Then, on a server of its own (a Tokyo trading morning, the demonstration catalogue, an administrator), one dark
 * journey per language through every screen issue 35's fixes touched, each screenshotted and checked by the same
 * rule: home, quotes, a stock page with its trade ticket, an order's confirmation and its result, positions, the
 * portfolio with its chart (which follows a change of the system's mode while open), fund records, withdraw with
 * its blocking reasons, security, copy trading, day trading, new shares, block trades and the back office's deposit
 * review list.
 */
import type { Browser, Page } from 'playwright-core';
import { eventually, expectScreen, registerAndLogIn, remoteScope, settle, storeSession } from './support/app';
import { adminApiSession, depositWithProof } from './support/backoffice-steps';
import { go } from './support/broker-steps';
import { launchBrowser, runJourney, freshAccount, type Journey } from './support/journey';
import { readState } from './support/env';
import { valueOf } from './support/ipo-steps';
import {
  exactly,
  runMoneyJourney,
  writeUploadFiles,
  type LanguageCode,
  type MoneyJourney,
  type UploadFiles,
} from './support/money-journey';
import { startMoneyServer, type MoneyServer } from './support/money-server';
import { orderSheet } from './support/order-steps';
import { fundInvestor, type Investor } from './support/trading';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const AXE = require.resolve('axe-core/axe.min.js');

interface ContrastIssue {
  target: string;
  html: string;
  summary: string;
}

/** axe-core's color-contrast rule on the page as shown (axe added as an init script: the browser's, under no CSP). */
async function contrastIssues(page: Page): Promise<ContrastIssue[]> {
  await page.waitForFunction(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<AxeResult> } }).axe;
    interface AxeResult {
      violations: { nodes: { target: string[]; html: string; failureSummary?: string }[] }[];
    }
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 160),
        summary: (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim(),
      })),
    );
  });
}

/** The page's colours as painted: the body's background and the <html> mode. */
const painted = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    scheme: getComputedStyle(document.documentElement).colorScheme,
    background: getComputedStyle(document.body).backgroundColor,
  }));

const DARK_BG = 'rgb(11, 15, 23)';
const LIGHT_BG = 'rgb(243, 245, 249)';

/** Opens the key screens in the current mode: a screenshot and no contrast issue on each. */
async function keyScreens(j: Journey, mode: 'light' | 'dark', label: string) {
  const { page } = j;
  const issues: Record<string, ContrastIssue[]> = {};
  for (const [route, url] of [
    ['/home/index', '/#/home/index'],
    ['/quotes/info', '/#/quotes/info?code=7203&market=jpy'],
    ['/mine/index', '/#/mine/index'],
  ] as const) {
    await page.goto(url);
    await expectScreen(page, route);
    await settle(page);
    if (route === '/quotes/info') await page.locator('.highcharts-container').first().waitFor({ timeout: 20_000 });
    expect((await painted(page)).background).toBe(mode === 'dark' ? DARK_BG : LIGHT_BG);
    await j.shot(`${label}-${route.slice(1).replace(/\//g, '-')}`);
    const found = await contrastIssues(page);
    if (found.length) issues[route] = found;
  }
  expect(issues).toEqual({});
}

describe('installable app and dark mode', () => {
  it('serves a manifest per language with what an install needs, and its icons', async () => {
    const { baseUrl } = readState();
    for (const [file, lang, han] of [
      ['/manifest.webmanifest', 'zh-CN', true],
      ['/manifest.en.webmanifest', 'en', false],
      ['/manifest.ja.webmanifest', 'ja', true],
    ] as const) {
      const res = await fetch(baseUrl + file);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/manifest-src 'self'/);
      const m = (await res.json()) as {
        name: string;
        short_name: string;
        lang: string;
        display: string;
        start_url: string;
        scope: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      expect(m).toMatchObject({ lang, short_name: 'Kabu', display: 'standalone', start_url: '/', scope: '/' });
      expect(/[\u3040-\u30ff\u3400-\u9fff]/.test(m.name)).toBe(han);
      for (const icon of m.icons) {
        const image = await fetch(new URL(icon.src, baseUrl));
        expect(`${icon.src} ${image.status} ${image.headers.get('content-type')}`).toBe(`${icon.src} 200 ${icon.type}`);
      }
      expect(m.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    }
  }, 60_000);

  it('follows a dark phone, keeps Light or Dark when chosen, from the first paint, with AA contrast', async () => {
    await runJourney(browser, 'appearance', async (j) => {
      const { page, baseUrl } = j;
      await page.context().addInitScript({ path: AXE });

      // logged out, the login screen in the system's dark
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/#/login/login');
      await expectScreen(page, '/login/login');
      await settle(page);
      expect(await painted(page)).toEqual({ theme: null, scheme: 'dark', background: DARK_BG });
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      await j.shot('dark-login');
      expect(await contrastIssues(page)).toEqual([]);

      const session = await registerAndLogIn(baseUrl, j.account, j.password);
      await storeSession(page, session, 'cn');
      await keyScreens(j, 'dark', 'dark-system');

      // Light chosen on a dark phone: at once, and from the first paint of the next visit
      await page.goto('/#/mine/index');
      await expectScreen(page, '/mine/index');
      const appearance = page.getByRole('region', { name: '外观' });
      await appearance.getByText('浅色', { exact: true }).click();
      expect(await painted(page)).toMatchObject({ theme: 'light', scheme: 'light', background: LIGHT_BG });
      await appearance.scrollIntoViewIfNeeded();
      await j.shot('light-chosen-mine');
      // before any of the app's JavaScript: the early head script only (the first paint's inline code); the page's
      // requests for its files fail on purpose
      j.allowConsoleErrors(/Failed to load resource|ERR_FAILED/);
      await page.route('**/*.js', (route) => route.abort());
      await page.reload();
      expect(await painted(page)).toMatchObject({ theme: 'light', background: LIGHT_BG });
      expect(await page.locator('meta[name="theme-color"][data-mode="light"]').getAttribute('media')).toBe('all');
      await page.unroute('**/*.js');
      // a full load again (the next routes differ from this page's address by the hash only)
      await page.goto('/api/health');
      await keyScreens(j, 'light', 'light-chosen');

      // Dark chosen on a light phone, in English and Japanese
      await page.emulateMedia({ colorScheme: 'light' });
      await page.evaluate(() => localStorage.setItem('language', 'us'));
      await page.goto('/api/health');
      await page.goto('/#/mine/index');
      await expectScreen(page, '/mine/index');
      await page.getByRole('region', { name: 'Appearance' }).getByText('Dark', { exact: true }).click();
      expect(await painted(page)).toMatchObject({ theme: 'dark', scheme: 'dark', background: DARK_BG });
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.en.webmanifest');
      await page.getByRole('region', { name: 'Appearance' }).scrollIntoViewIfNeeded();
      await j.shot('dark-chosen-mine-en');
      await keyScreens(j, 'dark', 'dark-chosen-en');

      await page.evaluate(() => localStorage.setItem('language', 'jp'));
      await page.goto('/api/health');
      await page.goto('/#/mine/index');
      await expectScreen(page, '/mine/index');
      const ja = page.getByRole('region', { name: '表示モード' });
      await ja.scrollIntoViewIfNeeded();
      await j.shot('dark-chosen-mine-ja');
      expect(await contrastIssues(page)).toEqual([]);
      // System again: the light phone's light
      await ja.getByText('システム設定', { exact: true }).click();
      expect(await painted(page)).toMatchObject({ theme: null, scheme: 'light', background: LIGHT_BG });
    });
  }, 300_000);
});

/** --color-brand in each mode (shared/src/ui/tokens.css): the portfolio chart's line. */
const LIGHT_BRAND = '#1a3fb8';
const DARK_BRAND = '#8aa4ff';

/** The portfolio chart's line colour as Highcharts painted it (the stroke of its series' graph). */
const chartLine = (page: Page) =>
  page
    .getByTestId('tr-portfolio-chart-JPY')
    .locator('.highcharts-series path.highcharts-graph')
    .first()
    .getAttribute('stroke');

describe('dark mode across the screens issue 35 touched (390×844, three languages)', () => {
  // A server of its own: a Tokyo trading morning (orders fill), the demonstration new shares, copy products and
  // block listings (DEMO_DATA), and an administrator for the reviews and the back office.
  let server: MoneyServer;
  let files: UploadFiles;
  let admin: Investor;
  const investors: Partial<Record<LanguageCode, Investor>> = {};

  beforeAll(async () => {
    server = await startMoneyServer({
      logName: 'server-appearance.log',
      startTimeoutMs: 240_000,
      env: { DEMO_DATA: '1' },
    });
    files = writeUploadFiles();
    // Per language a verified investor with a card and money; a second deposit waits for review (the back office's
    // list has rows, and the withdrawal is blocked by it and by the fund password not set).
    await Promise.all(
      (['cn', 'us', 'jp'] as const).map(async (language) => {
        const password = `Kabu-${Math.random().toString(36).slice(2, 10)}`;
        const { investor } = await fundInvestor(server, freshAccount(), password, files, {
          deposit: 500_000,
          toUsd: 10_000,
          toCny: 10_000,
        });
        await depositWithProof(server.baseUrl, investor, 100_000, files);
        investors[language] = investor;
      }),
    );
    admin = await adminApiSession(server);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    files?.remove();
  }, 60_000);

  /** A screenshot of the screen as shown, in dark mode, and axe-core's contrast issues on it (none expected). */
  async function darkScreen(j: MoneyJourney, issues: Record<string, ContrastIssue[]>, label: string) {
    expect((await painted(j.page)).background).toBe(DARK_BG);
    await j.shot(label);
    const found = await contrastIssues(j.page);
    if (found.length) issues[label] = found;
  }

  it.each(['cn', 'us', 'jp'] as const)(
    '%s: every screen the fixes touched reads in dark mode (AA contrast), the portfolio chart following the mode',
    (language) =>
      runMoneyJourney(
        browser,
        server.baseUrl,
        language,
        async (j) => {
          const { page, t } = j;
          const investor = investors[language];
          if (!investor) throw new Error(`the ${language} investor was not set up`);
          const issues: Record<string, ContrastIssue[]> = {};
          await page.context().addInitScript({ path: AXE });
          await page.emulateMedia({ colorScheme: 'dark' });
          await storeSession(page, investor, language);

          await page.goto('/#/home/index');
          await expectScreen(page, '/home/index');
          await settle(page);
          await darkScreen(j, issues, 'home');

          await go(page, '/home/home');
          await settle(page);
          await darkScreen(j, issues, 'quotes');

          // The stock page, its trade ticket, and an order's confirmation (the server's preview of the hold), placed.
          await go(page, '/quotes/info?code=7203&market=jpy');
          await page.getByTestId('tr-stock-chart').locator('.highcharts-container').waitFor({ timeout: 20_000 });
          await settle(page);
          await darkScreen(j, issues, 'stock');
          const sheet = orderSheet(j);
          await sheet.open('long');
          await sheet.quantity.fill('100');
          await darkScreen(j, issues, 'stock-trade-ticket');
          await sheet.submit('long').click();
          const confirm = page.getByRole('alertdialog', { name: t.trade('trade.confirm.title') });
          await confirm.waitFor();
          await eventually('the figure the order freezes', async () =>
            /\d/.test(await valueOf(confirm, t.trade('trade.hold.frozen')).innerText()),
          );
          await darkScreen(j, issues, 'order-confirm');
          await confirm.getByRole('button', { name: exactly(t.trade('trade.confirm.okLong')) }).click();
          await sheet.sheet.waitFor({ state: 'detached' });
          // the result sheet: titled with the server's message, the order's figures, then Done
          const result = page.getByRole('dialog', { name: t.msg('order_placed') });
          await result.getByText(t.trade('trade.orders.orderNo'), { exact: true }).waitFor();
          await darkScreen(j, issues, 'order-placed');
          await result.getByRole('button', { name: exactly(t.common('done')) }).click();
          await result.waitFor({ state: 'detached' });

          await go(page, '/position/index?market=jpy');
          await remoteScope(page, 'mf_trade')
            .getByRole('list', { name: t.trade('positions.kind.holdings') })
            .getByRole('listitem')
            .first()
            .waitFor();
          await settle(page);
          await darkScreen(j, issues, 'positions');

          // The portfolio: opened in a light phone's colours, the phone turns dark while it is open: the chart is
          // drawn again in the dark brand colour (it takes its colours as options, read from the tokens).
          await page.emulateMedia({ colorScheme: 'light' });
          await go(page, '/position/portfolio');
          const chart = page.getByTestId('tr-portfolio-chart-JPY');
          await eventually('the chart drawn', async () => (await chart.getAttribute('data-ready')) === 'true', 20_000);
          await eventually('the line in the light brand colour', async () => (await chartLine(page)) === LIGHT_BRAND);
          await page.emulateMedia({ colorScheme: 'dark' });
          await eventually('the line drawn again in the dark brand colour', async () => {
            const line = await chartLine(page);
            if (line === DARK_BRAND) return true;
            throw new Error(`stroke ${line}`);
          });
          await settle(page);
          await darkScreen(j, issues, 'portfolio');

          await go(page, '/mine/transactionRecords');
          await settle(page);
          await darkScreen(j, issues, 'fund-records');

          await go(page, '/mine/withdraw');
          const blockers = remoteScope(page, 'mf_funds').getByRole('list', { name: t.funds('withdraw.blocked.title') });
          await blockers.getByRole('listitem').first().waitFor();
          await blockers.scrollIntoViewIfNeeded();
          await darkScreen(j, issues, 'withdraw-blocked');

          for (const [route, label] of [
            ['/mine/security', 'security'],
            ['/home/qcList', 'copy-trading'],
            ['/home/withinDays', 'day-trading'],
            ['/home/newShare', 'new-shares'],
            ['/home/large', 'block-trades'],
          ] as const) {
            await go(page, route);
            await settle(page);
            await darkScreen(j, issues, label);
          }

          // The back office's deposit review list, as the administrator, in the same language.
          await storeSession(page, admin, language);
          await page.goto('/#/admin/deposits');
          await expectScreen(page, '/admin/deposits');
          await remoteScope(page, 'mf_admin').getByRole('row').nth(1).waitFor();
          await settle(page);
          await darkScreen(j, issues, 'admin-deposits');

          expect(issues).toEqual({});
          expect(j.cjk).toEqual({});
        },
        `appearance-dark-${language}`,
      ),
    180_000,
  );
});
