/**
 * Steps of the back-office journey (docs/decisions/0026, 0027, 0028): an administrator's console in a desktop-sized
 * browser context (screenshots at 1280×800 and 768×1024), the login screen's TOTP second step, the side panel's
 * back-office entry, the queue screens' rows and decisions, and the users' requests made through the API.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { api, eventually, expectScreen, hashPath, openPanel, remoteScope, settle } from './app';
import { ARTIFACTS_DIR } from './env';
import { exactly, textsOf, type Texts, type UploadFiles } from './money-journey';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, type MoneyServer } from './money-server';
import { accountScope } from './money-steps';
import { freshTotp } from './second-factor';
import { arriveHome, openLoggedOut } from './security-steps';
import { call, type Investor } from './trading';
import { sleep } from './servers';

export const WIDE = { width: 1280, height: 800 };
export const TABLET = { width: 768, height: 1024 };

export interface ConsoleSession {
  page: Page;
  context: BrowserContext;
  t: Texts;
  /** Saves e2e/artifacts/<name>/<nn>-<step>-1280.png and -768.png (the console at both sizes). */
  shot(step: string): Promise<void>;
  /** Console and page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** A desktop browser context for an administrator (English, Tokyo time, no service worker), screenshots in `name`. */
export async function consoleSession(browser: Browser, baseUrl: string, name: string): Promise<ConsoleSession> {
  const dir = path.join(ARTIFACTS_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const context = await browser.newContext({
    viewport: WIDE,
    locale: 'en',
    timezoneId: 'Asia/Tokyo',
    baseURL: baseUrl,
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (at ${msg.location()?.url ?? ''})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.name}: ${error.message}`));
  let step = 0;
  return {
    page,
    context,
    t: textsOf('us'),
    errors,
    async shot(label) {
      step += 1;
      const slug = `${String(step).padStart(2, '0')}-${label.replace(/[^a-zA-Z0-9_-]+/g, '-')}`;
      await settle(page);
      await page.screenshot({ path: path.join(dir, `${slug}-1280.png`), animations: 'disabled' });
      await page.setViewportSize(TABLET);
      await sleep(300);
      await page.screenshot({ path: path.join(dir, `${slug}-768.png`), animations: 'disabled' });
      await page.setViewportSize(WIDE);
      await sleep(200);
    },
    close: () => context.close().catch(() => undefined),
  };
}

/** Signs in on the login screen: account and password, then the authenticator's code on the second step. */
export async function adminLogIn(s: ConsoleSession, account: string, password: string, secret: string) {
  const { page, t } = s;
  await openLoggedOut(page, 'us');
  const scope = accountScope(page);
  await scope.getByLabel(t.account('login.account'), { exact: true }).fill(account);
  await scope.getByLabel(t.account('login.password'), { exact: true }).fill(password);
  await scope.getByRole('button', { name: t.account('login.submit'), exact: true }).click();
  const code = scope.getByLabel(t.account('twoStep.code'), { exact: true });
  await code.waitFor();
  await code.fill(await freshTotp(secret));
  await s.shot('login-second-step');
  await scope.getByRole('button', { name: exactly(t.account('twoStep.verify')) }).click();
  await arriveHome(page);
}

/**
 * An administrator's first sign-in on the screens: the password, then the one-time set-up code the CLI printed
 * (`enrolCode`), then the new authenticator's key read off the screen, a code of it, and the recovery codes kept.
 * Answers the key (base32) for later TOTP sign-ins.
 */
export async function adminFirstSignIn(s: ConsoleSession, account: string, password: string, enrolCode: string) {
  const { page, t } = s;
  await openLoggedOut(page, 'us');
  const scope = accountScope(page);
  await scope.getByLabel(t.account('login.account'), { exact: true }).fill(account);
  await scope.getByLabel(t.account('login.password'), { exact: true }).fill(password);
  await scope.getByRole('button', { name: t.account('login.submit'), exact: true }).click();
  const setUp = scope.getByLabel(t.account('twoStep.enrolCode'), { exact: true });
  await setUp.waitFor();
  await setUp.fill(enrolCode);
  await s.shot('login-enrol-code');
  await scope.getByRole('button', { name: exactly(t.account('twoStep.enrolStart')) }).click();
  const key = scope.getByLabel(t.account('twoStep.secret'), { exact: true });
  await key.waitFor();
  const secret = (await key.innerText()).replace(/\s+/g, '');
  await scope.getByLabel(t.account('twoStep.code'), { exact: true }).fill(await freshTotp(secret));
  await scope.getByRole('button', { name: exactly(t.account('twoStep.verify')) }).click();
  await scope.getByLabel(t.account('twoStep.codesSaved'), { exact: true }).check();
  await s.shot('login-recovery-codes');
  await scope.getByRole('button', { name: exactly(t.account('twoStep.continue')) }).click();
  await arriveHome(page);
  return secret;
}

/** Opens the console from the side panel's back-office entry. */
export async function openConsoleFromPanel(s: ConsoleSession): Promise<void> {
  const panel = await openPanel(s.page);
  await panel.getByRole('link', { name: exactly(s.t.common('panel.backOffice')) }).click();
  await eventually('#/admin/index', async () => (await hashPath(s.page)) === '/admin/index');
  await expectScreen(s.page, '/admin/index');
}

export const adminScope = (page: Page) => remoteScope(page, 'mf_admin');

/** Opens a queue (or the audit log) from the console's navigation. */
export async function openFromNav(s: ConsoleSession, label: string, route: string): Promise<Locator> {
  const nav = adminScope(s.page).getByRole('navigation', { name: s.t.admin('nav.label') });
  await nav.getByRole('link', { name: exactly(label) }).click();
  await eventually(`#${route}`, async () => (await hashPath(s.page)) === route);
  await expectScreen(s.page, route);
  return adminScope(s.page);
}

/** Opens row `id` in the detail pane; answers the pane. */
export async function openRow(s: ConsoleSession, id: number): Promise<Locator> {
  const scope = adminScope(s.page);
  await scope.getByRole('button', { name: exactly(s.t.admin('table.open', { id })) }).click();
  const pane = scope.getByRole('region', { name: s.t.admin('detail.title') });
  await pane.waitFor();
  return pane;
}

/** Waits until every image of the pane has loaded (a real picture, not a broken one). */
export async function imagesLoaded(pane: Locator, alts: string[]): Promise<void> {
  for (const alt of alts) {
    const img = pane.getByRole('img', { name: alt, exact: true });
    await img.waitFor();
    await eventually(`image ${alt} loaded`, () => img.evaluate((el: HTMLImageElement) => el.naturalWidth > 0));
  }
}

/** Approves (or rejects with `reason`) the pane's item; answers the notice the screen shows. */
export async function decide(s: ConsoleSession, pane: Locator, action: 'approve' | 'reject', reason = '') {
  const { t } = s;
  if (reason) await pane.getByLabel(t.admin('review.reason'), { exact: true }).fill(reason);
  await pane.getByRole('button', { name: exactly(t.admin(`review.${action}`)) }).click();
  const notice = adminScope(s.page).getByRole('status').first();
  await notice.waitFor();
  return notice;
}

type Row = Record<string, unknown> & { id: number; status?: string };

/** The rows of a back-office list (`/admin/deposits`, …) whose fields equal `match`, as the server answers them. */
export async function rowsOf(
  server: MoneyServer,
  list: string,
  match: Record<string, string>,
  status = 'all',
): Promise<Row[]> {
  const data = (await server.admin(list, { status })) as { list: Row[] };
  return data.list.filter((row) => Object.entries(match).every(([key, value]) => row[key] === value));
}

/** The one row of `list` matching `match` in `status`. */
export async function onlyRow(
  server: MoneyServer,
  list: string,
  match: Record<string, string>,
  status: string,
): Promise<Row> {
  const rows = await rowsOf(server, list, match, status);
  if (rows.length !== 1)
    throw new Error(`${list}: expected one ${status} row of ${JSON.stringify(match)}: ${JSON.stringify(rows)}`);
  return rows[0]!;
}

/** A multipart POST (identity images, deposit proof) as a user; throws unless status 1. */
export async function uploadAs(
  baseUrl: string,
  who: Investor,
  apiPath: string,
  fields: Record<string, string>,
  files: Record<string, string>,
): Promise<unknown> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, file] of Object.entries(files)) {
    const type = file.endsWith('.png') ? 'image/png' : 'image/jpeg';
    form.append(k, new Blob([readFileSync(file)], { type }), path.basename(file));
  }
  const headers = { token: who.token, account: who.account, 'idempotency-key': randomUUID() };
  const res = await fetch(`${baseUrl}/api/vue${apiPath}`, { method: 'POST', headers, body: form });
  const answer = (await res.json()) as { status?: number; data?: unknown };
  if (answer.status !== 1) throw new Error(`POST ${apiPath} (multipart): HTTP ${res.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Retries a money call the server refuses as too_frequent (one per action every 2 s per user). */
export async function money<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 4 || !String(error).includes('too_frequent')) throw error;
      await sleep(2_200);
    }
  }
}

/** A JPY deposit with a proof image, pending review. */
export async function depositWithProof(baseUrl: string, who: Investor, amount: number, files: UploadFiles) {
  const channels = (await call(baseUrl, who, '/funds/channels', { lang: 'us' })) as {
    channels: Array<{ id: string; currency: string }>;
  };
  const jpy = channels.channels.find((c) => c.currency === 'JPY')!;
  return money(() =>
    uploadAs(
      baseUrl,
      who,
      '/funds/deposit',
      { amount: String(amount), currency: 'JPY', channel_id: jpy.id },
      { proof: files.proof },
    ),
  );
}

/** The day-trading risk disclosure acknowledged through the API (its current version). */
export async function acknowledgeDayTradeRisk(baseUrl: string, who: Investor): Promise<void> {
  const { version } = (await call(baseUrl, who, '/trade/riskDisclosure', { kind: 'day_trade', lang: 'us' })) as {
    version: number;
  };
  await call(baseUrl, who, '/trade/riskAck', { kind: 'day_trade', version: String(version) });
}

/** The inbox on the screen: the message titled `title` opened, showing `body`. */
export async function inboxMessageShown(page: Page, title: string, body: string): Promise<void> {
  const scope = accountScope(page);
  const message = scope.getByRole('link').filter({ hasText: title }).first();
  await message.waitFor();
  await message.click();
  await eventually('#/mine/messageInfo', async () => (await hashPath(page)) === '/mine/messageInfo');
  await scope.getByText(body).first().waitFor();
}

/**
 * The seeded administrator's session through the API, as the app stores it (storeSession): the password, then the
 * authenticator's code (the secret `startMoneyServer` enrolled). One session serves several browser contexts.
 */
export async function adminApiSession(server: MoneyServer): Promise<Investor> {
  const login = await api(server.baseUrl, '/user/login', { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  const challenge = (login.data as { challenge?: string } | undefined)?.challenge;
  if (login.status !== 1 || !challenge) throw new Error(`admin login: ${JSON.stringify(login)}`);
  const answer = await api(server.baseUrl, '/user/loginSecondFactor', {
    challenge,
    code: await freshTotp(server.adminSecret),
  });
  const data = answer.data as { token?: string; account?: string; is_admin?: string } | undefined;
  if (answer.status !== 1 || !data?.token) throw new Error(`admin second factor: ${JSON.stringify(answer)}`);
  return { token: data.token, account: data.account ?? ADMIN_ACCOUNT, is_admin: data.is_admin ?? '1' };
}
