/**
 * One journey = one isolated browser context (fresh storage), a fresh account, screenshots at every
 * step, and a watch on console errors and page errors: any unexpected one fails the journey.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ARTIFACTS_DIR, CHROME_PATH, readState } from './env';

export const VIEWPORT = { width: 390, height: 844 };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless system Chromium; playwright gives each launch a fresh temp --user-data-dir. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROMIUM_ARGS });
}

let accountCounter = 0;
/** A fresh ten-digit account (spec §5), unique within and across runs. */
export function freshAccount(): string {
  accountCounter += 1;
  const n = (Date.now() * 10 + accountCounter + Math.floor(Math.random() * 1000) * 7) % 100_000_000;
  return `09${String(n).padStart(8, '0')}`;
}

export interface Journey {
  name: string;
  baseUrl: string;
  page: Page;
  context: BrowserContext;
  account: string;
  password: string;
  /** Saves e2e/artifacts/<journey>/<nn>-<step>.png. */
  shot(step: string): Promise<void>;
  /** Console errors and page errors seen so far (except allowed ones). */
  errors: string[];
  /**
   * Tolerates console errors matching `pattern` (e.g. a remote the test deliberately breaks). Page errors are never
   * tolerated.
   */
  allowConsoleErrors(pattern: RegExp): void;
}

/**
 * A browser context as an investor's phone: 390×844 at 2×, touch, Tokyo time, the given locale, no
 * service worker (each journey starts cold), and the journeys' default timeouts.
 */
export async function phoneContext(browser: Browser, baseUrl: string, locale: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    screen: VIEWPORT,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale,
    timezoneId: 'Asia/Tokyo',
    baseURL: baseUrl,
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

/**
 * Runs `body` as a journey: new context at phone size, fresh account, error watch. Fails when the
 * body fails or when any unexpected console or page error happened; a failure screenshot is saved.
 * `baseUrl`: the app it runs against (default: the one global-setup started).
 */
export async function runJourney(
  browser: Browser,
  name: string,
  body: (j: Journey) => Promise<void>,
  baseUrl: string = readState().baseUrl,
): Promise<void> {
  const dir = path.join(ARTIFACTS_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  const context = await phoneContext(browser, baseUrl, 'zh-CN');
  const page = await context.newPage();

  const errors: string[] = [];
  const allowed: RegExp[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location()?.url ?? '';
    const text = `console.error: ${msg.text()}${where ? ` (at ${where})` : ''}`;
    if (!allowed.some((re) => re.test(text))) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.name}: ${error.message}`));

  let step = 0;
  const journey: Journey = {
    name,
    baseUrl,
    page,
    context,
    account: freshAccount(),
    password: `Kabu-${Math.random().toString(36).slice(2, 10)}`,
    errors,
    allowConsoleErrors: (pattern) => allowed.push(pattern),
    async shot(label) {
      step += 1;
      const slug = label.replace(/[^a-zA-Z0-9_-]+/g, '-').replace(/^-|-$/g, '');
      const file = `${String(step).padStart(2, '0')}-${slug}.png`;
      await page.screenshot({ path: path.join(dir, file), animations: 'disabled' }).catch(() => undefined);
    },
  };

  try {
    await body(journey);
  } catch (error) {
    await journey.shot('FAILED');
    const seen = errors.length ? `\nConsole/page errors seen before the failure:\n  ${errors.join('\n  ')}` : '';
    if (error instanceof Error) error.message += `\n(at ${page.url()})${seen}`;
    throw error;
  } finally {
    await context.close().catch(() => undefined);
  }
  if (errors.length) {
    throw new Error(`The journey "${name}" logged ${errors.length} console/page error(s):\n  ${errors.join('\n  ')}`);
  }
}
