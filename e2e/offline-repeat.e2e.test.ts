/**
 * Repeat visit with the service worker (shell/src/sw/service-worker.ts): after a first visit of
 * #/login/start, a second visit boots with every content-hashed file (all JavaScript and CSS
 * chunks of the shell and of mf-account) blocked on the network: they come from the worker's
 * cache. No-cache files (the page, remotes.json, manifests, remote entries) and the API still come
 * from the network, so a redeployed remote is seen on reload (remote-swap).
 * The other journeys block service workers (support/journey.ts); this one allows them.
 */
import type { Browser, Response } from 'playwright-core';
import { eventually, expectScreen } from './support/app';
import { readState } from './support/env';
import { VIEWPORT, launchBrowser } from './support/journey';

const HASHED = /[.-][0-9a-f]{8,}\.(js|css)(\?|$)/i;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('a second visit boots with the network to hashed JavaScript and CSS blocked', async () => {
  const { baseUrl } = readState();
  const context = await browser.newContext({
    viewport: VIEWPORT,
    isMobile: true,
    locale: 'zh-CN',
    baseURL: baseUrl,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // First visit: the worker installs (precaching the shell) and is handed what the page loaded.
    await page.goto('/#/login/start');
    await expectScreen(page, '/login/start');
    const firstVisitHashed = await page.evaluate((source) => {
      const re = new RegExp(source, 'i');
      return performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => re.test(new URL(n).pathname) && !n.includes('/api/'));
    }, HASHED.source);
    expect(firstVisitHashed.some((u) => u.includes('/remotes/mf-account/'))).toBe(true);
    await eventually(
      'the service worker to control the page and cache every hashed file of the first visit',
      async () =>
        page.evaluate(async (urls) => {
          if (!navigator.serviceWorker.controller) return false;
          for (const url of urls) if (!(await caches.match(url))) return false;
          return true;
        }, firstVisitHashed),
      30_000,
    );

    // Second visit: hashed files cannot come from the network.
    const blocked: string[] = [];
    await context.route(
      (url) => HASHED.test(url.pathname),
      (route) => {
        blocked.push(route.request().url());
        return route.abort('internetdisconnected');
      },
    );
    const fromWorker: string[] = [];
    page.on('response', (response: Response) => {
      if (HASHED.test(new URL(response.url()).pathname) && response.fromServiceWorker())
        fromWorker.push(response.url());
    });
    await page.reload();
    await expectScreen(page, '/login/start');
    await eventually(
      'the start-up screen to have gone',
      async () => (await page.getByRole('progressbar').count()) === 0,
    );
    expect(blocked).toEqual([]);
    expect(fromWorker.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
