/**
 * The accounts-and-money journeys: one language each (cn, us, jp), the app's own words for every
 * locator (read from the locale files, so each language is driven by what it shows), tiny real ID
 * and proof images on disk, and a journey runner bound to this file's own server (support/journey.ts
 * runs against the shared global-setup server, whose clock and administrator this journey cannot set).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES, type MessageKey } from 'shared/messages';
import { CJK, cjkLeft } from './app';
import { ARTIFACTS_DIR, REPO_ROOT } from './env';
import { freshAccount, phoneContext } from './journey';

export type LanguageCode = 'cn' | 'us' | 'jp';
export const I18N: Record<LanguageCode, 'zh-CN' | 'en' | 'ja'> = { cn: 'zh-CN', us: 'en', jp: 'ja' };

type Tree = { [key: string]: string | Tree };
const readLocale = (folder: string, lang: string): Tree =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, folder, 'src/locales', `${lang}.json`), 'utf8')) as Tree;

/** i18next-style lookup with {{placeholders}}; throws on a missing key so a renamed key is caught here. */
function lookup(tree: Tree, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`locale key ${key} is missing`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    name in values ? String(values[name]) : `{{${name}}}`,
  );
}

/**
 * What each remote says in one language: account (mf_account), funds (mf_funds), trade (mf_trade), admin (mf_admin),
 * common (shell), msg (catalogue).
 */
export function textsOf(language: LanguageCode) {
  const lang = I18N[language];
  const account = readLocale('mf-account', lang);
  const funds = readLocale('mf-funds', lang);
  const trade = readLocale('mf-trade', lang);
  const admin = readLocale('mf-admin', lang);
  // The shell's `common` namespace lives in shared (shared/src/i18n/common), not in shell/src/locales.
  const common = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'shared/src/i18n/common', `${lang}.json`), 'utf8'),
  ) as Tree;
  return {
    lang,
    account: (key: string, values?: Record<string, string | number>) => lookup(account, key, values),
    funds: (key: string, values?: Record<string, string | number>) => lookup(funds, key, values),
    trade: (key: string, values?: Record<string, string | number>) => lookup(trade, key, values),
    admin: (key: string, values?: Record<string, string | number>) => lookup(admin, key, values),
    common: (key: string, values?: Record<string, string | number>) => lookup(common, key, values),
    msg: (key: MessageKey, values: Record<string, string> = {}) =>
      MESSAGES[key][lang].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`),
  };
}
export type Texts = ReturnType<typeof textsOf>;

/** An exact accessible name (the whole label, spaces trimmed). */
export const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/**
 * The side panel's total assets (shell layout/side-panel.tsx): the converted total, the line naming
 * the mid rates, and one currency's section of the breakdown, opened first when it is closed.
 */
export async function panelAssets(panel: Locator, t: Texts, currency: string) {
  const summary = panel.locator('summary', { hasText: t.common('assets.breakdown') });
  if (!(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open))) await summary.click();
  return {
    total: panel.getByTestId('panel-total'),
    rates: panel.getByTestId('panel-rates'),
    section: panel.getByRole('region', { name: t.common('assets.currency', { currency }) }),
  };
}

/** A 1×1 PNG and JPEG (real files, as server/src/testing/accounts.ts), written where setInputFiles can take them. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQ' +
    'CgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

export interface UploadFiles {
  idFront: string;
  idBack: string;
  proof: string;
  remove(): void;
}

export function writeUploadFiles(): UploadFiles {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kabu-e2e-uploads-'));
  const idFront = path.join(dir, 'id-front.png');
  const idBack = path.join(dir, 'id-back.jpg');
  const proof = path.join(dir, 'transfer-proof.jpg');
  writeFileSync(idFront, TINY_PNG);
  writeFileSync(idBack, TINY_JPEG);
  writeFileSync(proof, TINY_JPEG);
  return { idFront, idBack, proof, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Chinese/Japanese text shown as the chosen option of a visible <select> (cjkLeft skips <option>
 * text, which is not "visible" to checkVisibility although the closed select displays it).
 */
async function cjkInSelects(page: Page, root?: Locator): Promise<string[]> {
  const scope = root ?? page.locator('body');
  return scope
    .evaluate((el, source) => {
      const re = new RegExp(source);
      return [...el.querySelectorAll('select')]
        .filter((s) => s.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((s) => s.selectedOptions[0]?.textContent ?? '')
        .filter((text) => re.test(text))
        .map((text) => `select: ${text.trim().slice(0, 40)}`);
    }, CJK.source)
    .catch(() => []);
}

export interface MoneyJourney {
  name: string;
  language: LanguageCode;
  t: Texts;
  page: Page;
  account: string;
  password: string;
  /**
   * Saves e2e/artifacts/<name>/<nn>-<step>.png (what the phone shows); in English also records any Chinese/Japanese
   * text left on the screen.
   */
  shot(step: string, root?: Locator): Promise<void>;
  /** Chinese/Japanese text found in English mode, by step. */
  cjk: Record<string, string[]>;
}

/**
 * Runs `body` in a fresh phone-sized context (as support/journey.ts) against `baseUrl`. Fails when
 * the body fails or when any console error or page error happened; a failure screenshot is saved.
 */
export async function runMoneyJourney(
  browser: Browser,
  baseUrl: string,
  language: LanguageCode,
  body: (j: MoneyJourney) => Promise<void>,
  journeyName?: string,
): Promise<void> {
  const name = journeyName ?? `accounts-money-${language}`;
  const dir = path.join(ARTIFACTS_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const context = await phoneContext(browser, baseUrl, I18N[language]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location()?.url ?? '';
    errors.push(`console.error: ${msg.text()}${where ? ` (at ${where})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.name}: ${error.message}`));

  let step = 0;
  const journey: MoneyJourney = {
    name,
    language,
    t: textsOf(language),
    page,
    account: freshAccount(),
    password: `Kabu-${Math.random().toString(36).slice(2, 10)}`,
    cjk: {},
    async shot(label, root) {
      step += 1;
      const slug = label.replace(/[^a-zA-Z0-9_-]+/g, '-').replace(/^-|-$/g, '');
      const file = `${String(step).padStart(2, '0')}-${slug}.png`;
      await page.screenshot({ path: path.join(dir, file), animations: 'disabled' }).catch(() => undefined);
      if (language === 'us') {
        const left = [...(await cjkLeft(page, root).catch(() => [])), ...(await cjkInSelects(page, root))];
        if (left.length) journey.cjk[file] = left;
      }
    },
  };

  try {
    await body(journey);
  } catch (error) {
    await journey.shot('FAILED');
    const seen = errors.length ? `\nConsole/page errors seen before the failure:\n  ${errors.join('\n  ')}` : '';
    if (error instanceof Error) error.message = `[${name}] ${error.message}\n(at ${page.url()})${seen}`;
    throw error;
  } finally {
    await context.close().catch(() => undefined);
  }
  if (errors.length)
    throw new Error(`The journey "${name}" logged ${errors.length} console/page error(s):\n  ${errors.join('\n  ')}`);
}
