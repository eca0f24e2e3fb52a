/**
 * Failure drill: one remote (mf-ipo) is broken — its server answers 500, or its files are gone (404).
 * The shell still starts, every other tab works, the broken remote's screen shows a translated
 * fallback with Retry inside the layout, and Retry recovers once the remote is back.
 */
import type { Browser } from 'playwright-core';
import {
  BOTTOM_MENU,
  NAMES,
  clickTab,
  eventually,
  expectScreen,
  hashPath,
  openRoute,
  registerAndLogIn,
  settle,
  storeSession,
} from './support/app';
import { launchBrowser, runJourney, type Journey } from './support/journey';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const BROKEN = '**/remotes/mf-ipo/**';

async function drill(j: Journey, status: 500 | 404) {
  const { page } = j;
  // The console may report the failed mf-ipo requests and the caught load error; nothing else.
  j.allowConsoleErrors(/mf[-_]ipo|RUNTIME-0\d\d/i);
  await page.route(BROKEN, (route) =>
    route.fulfill({ status, contentType: 'text/plain', body: status === 500 ? 'Internal Server Error' : 'Not Found' }),
  );
  const session = await registerAndLogIn(j.baseUrl, j.account, j.password);
  await storeSession(page, session);

  // The shell starts and every tab (none of them mf-ipo's) works.
  await page.goto('/#/home/index');
  await expectScreen(page, '/home/index');
  await j.shot(`${status}-home`);
  for (const tab of BOTTOM_MENU) {
    await clickTab(page, tab.path);
    await settle(page);
    await j.shot(`${status}-tab${tab.path}`);
  }

  // The broken remote's screen: a translated fallback with Retry, inside the layout.
  await openRoute(page, '/home/newShare');
  const retry = page.getByRole('button', { name: NAMES.retry });
  await retry.waitFor({ state: 'visible', timeout: 60_000 });
  await j.shot(`${status}-newShare-fallback`);
  expect(await hashPath(page)).toBe('/home/newShare');
  expect(await page.getByRole('navigation').first().isVisible()).toBe(true);
  const container = page.locator('[role=alert], [role=status]').filter({ has: retry }).last();
  const text = (
    (await container.count()) ? await container.innerText() : await retry.locator('xpath=..').innerText()
  ).trim();
  expect(text).toMatch(/[\u3400-\u9fff]/); // the default language is Chinese: translated, not a raw key
  expect(text).not.toMatch(/\b[a-z][a-zA-Z]+[._][a-zA-Z_.]+\b/); // no i18n key such as remote.loadFailed
  // The menu still works while the fallback is shown.
  await clickTab(page, '/news/index');
  await openRoute(page, '/home/newShare');
  await retry.waitFor({ state: 'visible', timeout: 60_000 });

  // The remote is back: Retry recovers the screen.
  await page.unroute(BROKEN);
  await retry.click();
  await eventually(
    'Retry to bring the mf-ipo screen back (fallback gone)',
    async () => (await retry.count()) === 0,
    30_000,
  );
  await expectScreen(page, '/home/newShare');
  await settle(page);
  await j.shot(`${status}-newShare-recovered`);
}

test('when the mf-ipo server answers 500, the other tabs work and its screen offers Retry that recovers', async () => {
  await runJourney(browser, 'failure-drill-500', (j) => drill(j, 500));
}, 300_000);

test(
  'when the mf-ipo files are gone (404), the other tabs work and its screen offers Retry that recovers',
  gone404Journey,
  300_000,
);

async function gone404Journey(): Promise<void> {
  await runJourney(browser, 'failure-drill-404', (j) => drill(j, 404));
}
