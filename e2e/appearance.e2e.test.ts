/**
 * An app on the home screen (issue 35, docs/decisions/0037-installable-app-and-dark-mode.md): the web app manifests
 * and icons as served (fields, types, the CSP's manifest-src), the page linking its language's manifest, and the app
 * in dark mode: followed from the system (prefers-color-scheme), chosen in Appearance on the mine screen (Light on a
 * dark phone, Dark on a light one) and applied before the first paint of the next visit. Key screens (login, home,
 * a stock with its chart, mine) are screenshotted at 390×844 and checked by axe-core's color-contrast rule in both
 * modes: no text below WCAG AA.
 */
import type { Browser, Page } from 'playwright-core';
import { expectScreen, registerAndLogIn, settle, storeSession } from './support/app';
import { launchBrowser, runJourney, type Journey } from './support/journey';
import { readState } from './support/env';

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
