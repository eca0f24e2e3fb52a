/**
 * The foundation journey: a new investor starts the app, registers, logs in, sees an empty account,
 * walks the bottom menu and every route of the spec, reads the app in English and Japanese, and logs out.
 */
import type { Browser, Page, Route } from 'playwright-core';
import {
  BOTTOM_MENU,
  NAMES,
  SPEC_ROUTES,
  anyOf,
  chooseLanguage,
  cjkLeft,
  clickTab,
  eventually,
  expectScreen,
  hashPath,
  logOutFromPanel,
  menuLink,
  openPanel,
  openRoute,
  settle,
  storage,
} from './support/app';
import { launchBrowser, runJourney } from './support/journey';
import { sleep } from './support/servers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every money figure in `text` (2 decimals, thousands separators). */
const moneyFigures = (text: string) => text.match(/[-+]?\d{1,3}(?:,\d{3})*\.\d{2}\b/g) ?? [];

/** The post-login route: it greets while the account details load, then hands over to the home screen at once. */
const HAND_OVER_ROUTE = '/login/loginAfter';

/** Opening the post-login route with a session lands on the home screen, rendered, with the session kept. */
async function expectHandOver(page: Page): Promise<void> {
  const before = await hashPath(page);
  if (before === '/home/index') throw new Error(`${HAND_OVER_ROUTE}: opened from the home screen proves nothing`);
  await page.evaluate((r) => (location.hash = `#${r}`), HAND_OVER_ROUTE);
  await eventually(
    `${HAND_OVER_ROUTE} to hand over to #/home/index`,
    async () => (await hashPath(page)) === '/home/index',
    15_000,
  );
  await expectScreen(page, '/home/index');
  if (!(await storage(page, 'token'))) throw new Error(`${HAND_OVER_ROUTE}: the session was lost`);
}

test(
  'a new investor registers, logs in, sees zero balances, walks every screen in three languages and logs out',
  foundationJourney,
  900_000,
);

async function foundationJourney(): Promise<void> {
  await runJourney(browser, 'foundation', async (j) => {
    const { page } = j;

    // Start-up: hold the first remotes.json and site-config calls back a moment so the loading
    // screen can be seen (the site config usually comes embedded in the page, docs/decisions/0011).
    const held = new Set<string>();
    const holdFirst = (name: string) => async (route: Route) => {
      if (!held.has(name)) {
        held.add(name);
        await sleep(1500);
      }
      await route.fallback();
    };
    await page.route('**/api/vue/common/config', holdFirst('config'));
    await page.route('**/remotes.json', holdFirst('remotes'));
    await page.goto('/');
    const loading = anyOf(page.getByRole('progressbar'), page.getByText(NAMES.loading));
    await loading.waitFor({ state: 'visible', timeout: 10_000 });
    await j.shot('startup-loading');
    await eventually('/ to redirect to #/login/start', async () => (await hashPath(page)) === '/login/start');
    await expectScreen(page, '/login/start');
    await loading.waitFor({ state: 'hidden' });
    const title = await page.title();
    expect(title.trim()).not.toBe('');
    await j.shot('login-start');

    // The first paint comes from the HTML alone: what downloads before it is only the entry and the
    // small chunks preloaded in <head>; react-dom (the page's `first-paint-js` list), stage 2's files
    // (its `next` list) and the first screen's remote start once the start-up screen is painted
    // (docs/decisions/0013).
    const early = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      const list = JSON.parse(document.getElementById('first-paint-js')!.textContent!) as {
        entries: string[];
        chunks: string[];
        next: string[];
      };
      const requests = performance
        .getEntriesByType('resource')
        .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime }));
      const later = new Set([...list.chunks, ...list.next]);
      const logo = JSON.parse(document.getElementById('site-logo')?.textContent ?? 'null') as { src?: string } | null;
      return {
        // the default logo, the first paint's largest element, comes inlined with the page (not requested)
        logoInlined: Boolean(logo?.src?.startsWith('data:image/svg+xml')),
        logoRequested: requests.some((r) => r.path === '/img/logo.svg' && r.start < fcp),
        chunks: list.chunks,
        beforePaint: requests
          .filter((r) => r.start < fcp && (later.has(r.path) || r.path.startsWith('/remotes/')))
          .map((r) => r.path),
        started: list.chunks.filter((c) => requests.some((r) => r.path === c)),
        // stage 2's files: preloaded with react-dom, each fetched once (the preload is what its import() used)
        next: list.next,
        nextPreloaded: list.next.filter((c) => document.querySelector(`link[rel="preload"][href="${c}"]`)),
        nextFetches: list.next.map((c) => requests.filter((r) => r.path === c).length),
      };
    });
    expect(early.chunks.length).toBeGreaterThan(0);
    expect(early.started).toEqual(early.chunks);
    expect(early.beforePaint).toEqual([]);
    expect(early.next.length).toBeGreaterThan(0);
    expect(early.nextPreloaded).toEqual(early.next);
    expect(early.nextFetches).toEqual(early.next.map(() => 1));
    expect(early.logoInlined).toBe(true);
    expect(early.logoRequested).toBe(false);

    // Register: account, email, password twice, invite code left empty, agreement ticked.
    await anyOf(
      page.getByRole('link', { name: NAMES.register }),
      page.getByRole('button', { name: NAMES.register }),
    ).click();
    await eventually('#/login/register', async () => (await hashPath(page)) === '/login/register');
    await expectScreen(page, '/login/register');
    const form = page.locator('[data-remote="mf_account"]');
    await form.getByLabel(NAMES.account).and(page.locator('input')).first().fill(j.account);
    await form.getByLabel(NAMES.email).and(page.locator('input')).first().fill(`${j.account}@example.test`);
    const passwords = form.getByLabel(NAMES.password).and(page.locator('input'));
    expect(await passwords.count()).toBe(2);
    await passwords.nth(0).fill(j.password);
    await passwords.nth(1).fill(j.password);
    const invite = form.getByLabel(NAMES.invite).and(page.locator('input')).first();
    expect(await invite.inputValue()).toBe('');
    await form.getByRole('checkbox', { name: NAMES.agree }).check();
    await j.shot('register-filled');
    await form.getByRole('button', { name: NAMES.register }).click();

    // Log in (the app may log a new account in by itself; otherwise it offers the login screen).
    await eventually(
      'registration to finish (login screen or a session)',
      async () => (await hashPath(page)) === '/login/login' || Boolean(await storage(page, 'token')),
    );
    await j.shot('registered');
    if (!(await storage(page, 'token'))) {
      await expectScreen(page, '/login/login');
      const login = page.locator('[data-remote="mf_account"]');
      await login.getByLabel(NAMES.account).and(page.locator('input')).first().fill(j.account);
      await login.getByLabel(NAMES.password).and(page.locator('input')).first().fill(j.password);
      await j.shot('login-filled');
      await login.getByRole('button', { name: NAMES.login }).click();
    }
    await eventually('a session token in localStorage', async () => Boolean(await storage(page, 'token')));
    expect(await storage(page, 'account')).toBe(j.account);
    await eventually('leaving the login screens', async () => !(await hashPath(page)).startsWith('/login/login'));
    await settle(page);
    await j.shot('logged-in');

    // The side panel: the account and zero balances.
    await openRoute(page, '/home/index');
    await expectScreen(page, '/home/index');
    const panel = await openPanel(page);
    await eventually('the panel to show the account', async () => (await panel.innerText()).includes(j.account));
    // The total, then each currency's figures one tap away (the breakdown opens from its summary).
    await panel.locator('summary').first().click();
    const figures = await eventually('the panel to show its money figures', async () => {
      const found = moneyFigures(await panel.innerText());
      return found.length >= 6 ? found : undefined;
    });
    expect(figures!.filter((f) => !/^[-+]?0\.00$/.test(f))).toEqual([]);
    await j.shot('panel-zero-balances');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // Every bottom tab shows its screen and is the highlighted tab.
    for (const tab of BOTTOM_MENU) {
      await clickTab(page, tab.path);
      expect(await menuLink(page, tab.path).getAttribute('aria-current')).toBe('page');
      for (const other of BOTTOM_MENU.filter((t) => t.path !== tab.path)) {
        expect(await menuLink(page, other.path).getAttribute('aria-current')).not.toBe('page');
      }
      await settle(page);
      await j.shot(`tab${tab.path}`);
    }

    // Every route of the spec renders inside the frame (login screens last: they may end the session).
    const routes = [...SPEC_ROUTES].sort((a, b) => Number(a.startsWith('/login/')) - Number(b.startsWith('/login/')));
    const failures: string[] = [];
    for (const route of routes) {
      try {
        if (route === HAND_OVER_ROUTE) await expectHandOver(page);
        else {
          await openRoute(page, route);
          await expectScreen(page, route);
        }
      } catch (error) {
        failures.push((error as Error).message.split('\n')[0]!);
      }
      await j.shot(`route${route}`);
    }

    // English: no Chinese or Japanese left on any tab or in the panel (collected, asserted at the end
    // so the rest of the journey still runs).
    const cjk: Record<string, string[]> = {};
    await openRoute(page, '/home/index');
    if (!(await storage(page, 'token'))) throw new Error('Visiting the login routes ended the session');
    await expectScreen(page, '/home/index');
    await chooseLanguage(page, 'us', NAMES.english);
    for (const tab of BOTTOM_MENU) {
      await clickTab(page, tab.path);
      await settle(page);
      await j.shot(`en-tab${tab.path}`);
      const left = await cjkLeft(page);
      if (left.length) cjk[tab.path] = left;
    }
    await clickTab(page, '/home/index'); // the panel opens from the home header
    const enPanel = await openPanel(page);
    await eventually('the panel to show the account', async () => (await enPanel.innerText()).includes(j.account));
    await settle(page);
    await j.shot('en-panel');
    const leftInPanel = await cjkLeft(page, enPanel);
    if (leftInPanel.length) cjk.panel = leftInPanel;

    // Japanese.
    await chooseLanguage(page, 'jp', NAMES.japanese);
    await openRoute(page, '/home/index');
    await expectScreen(page, '/home/index');
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^ja/);
    expect(await page.evaluate(() => /[\u3040-\u30ff]/.test(document.body.innerText))).toBe(true);
    await j.shot('ja-home');
    const jaPanel = await openPanel(page);
    await jaPanel.locator('summary').first().click();
    await eventually('the panel figures in Japanese', async () => moneyFigures(await jaPanel.innerText()).length >= 6);
    await j.shot('ja-panel');

    // Log out: back at the login screen with the token gone.
    await logOutFromPanel(page);
    await eventually('#/login/login after logging out', async () => (await hashPath(page)) === '/login/login', 5_000);
    await expectScreen(page, '/login/login');
    expect(await storage(page, 'token')).toBeFalsy();
    expect(await storage(page, 'account')).toBeFalsy();
    await j.shot('logged-out');

    expect({ 'routes that did not render': failures }).toEqual({ 'routes that did not render': [] });
    expect({ 'Chinese/Japanese text in English mode': cjk }).toEqual({ 'Chinese/Japanese text in English mode': {} });
  });
}
