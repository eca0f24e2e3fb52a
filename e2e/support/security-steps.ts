/**
 * Steps of the security journey (docs/decisions/0027-second-factors-and-devices.md): Chromium's virtual authenticator
 * through CDP, the app's URL on `localhost` (WebAuthn refuses an IP address as RP ID), logging in on the login screen,
 * the session the app stored, and the investor's devices, inbox and JPY balance as the server answers them.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { Decimal } from 'shared/money';
import { api, eventually, expectScreen, hashPath } from './app';
import type { MoneyJourney, Texts } from './money-journey';
import { accountScope } from './money-steps';
import type { Mailbox } from './mailbox';
import { call, type Investor } from './trading';

/**
 * The server's URL as the browser opens it. The money server listens on 127.0.0.1, and Chromium refuses an IP
 * address as a WebAuthn RP ID (navigator.credentials answers SecurityError "This is an invalid domain"); the
 * server takes the RP ID from the Host header (WEBAUTHN_RP_ID unset), so the browser goes to `localhost`, which
 * Chromium resolves to the loopback address itself and treats as a secure context over http.
 */
export const onLocalhost = (baseUrl: string) => baseUrl.replace('//127.0.0.1:', '//localhost:');

/**
 * A platform authenticator with user verification on this page's browser (Chromium's virtual authenticator, CDP
 * WebAuthn domain): creates discoverable passkeys and answers every prompt at once, as a phone's screen lock would.
 */
export async function addVirtualAuthenticator(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/** Opens the app with `language` chosen and no session (a same-origin page that is not the app first). */
export async function openLoggedOut(page: Page, language: string): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((lang) => {
    localStorage.removeItem('token');
    localStorage.setItem('language', lang);
  }, language);
  await page.goto('/#/login/login');
  await expectScreen(page, '/login/login');
}

/** Logs in with the password on the login screen (no second step: the investor has no TOTP). */
export async function logInWithPassword(page: Page, t: Texts, account: string, password: string): Promise<void> {
  const scope = accountScope(page);
  await scope.getByLabel(t.account('login.account'), { exact: true }).fill(account);
  await scope.getByLabel(t.account('login.password'), { exact: true }).fill(password);
  await scope.getByRole('button', { name: t.account('login.submit'), exact: true }).click();
  await arriveHome(page);
}

export async function arriveHome(page: Page): Promise<void> {
  await eventually('#/home/index after logging in', async () => (await hashPath(page)) === '/home/index', 20_000);
  await expectScreen(page, '/home/index');
}

/** The session the app stored after logging in (localStorage token/account/is_admin) and its device id. */
export async function storedSession(page: Page): Promise<Investor & { deviceId: string }> {
  const s = await page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    account: localStorage.getItem('account') ?? '',
    is_admin: localStorage.getItem('is_admin') ?? '',
    deviceId: localStorage.getItem('device_id') ?? '',
  }));
  if (!s.token) throw new Error('no session token stored after logging in');
  return s;
}

export interface DeviceRow {
  id: number;
  device: string;
  ip: string;
  current: boolean;
}

export async function devicesOf(baseUrl: string, who: Investor): Promise<DeviceRow[]> {
  return ((await call(baseUrl, who, '/user/devices', {})) as { list: DeviceRow[] }).list;
}

export interface PasskeyRow {
  id: number;
  name: string;
  last_used_at: string | null;
}

export async function passkeysOf(baseUrl: string, who: Investor): Promise<PasskeyRow[]> {
  return ((await call(baseUrl, who, '/user/passkeys', {})) as { list: PasskeyRow[] }).list;
}

export interface InboxMessage {
  id: number;
  title: string;
  body: string;
}

/** The inbox as the app lists it in `lang` (newest first). */
export async function inboxOf(baseUrl: string, who: Investor, lang: string): Promise<InboxMessage[]> {
  return ((await call(baseUrl, who, '/user/messages', { size: '50', lang })) as { list: InboxMessage[] }).list;
}

/** The HTTP status a token gets now (a signed-out session answers 401). */
export async function httpOf(baseUrl: string, who: Investor): Promise<number> {
  return (await api(baseUrl, '/user/getUserinfo', {}, who)).http;
}

/** JPY available and frozen, and the part frozen for withdrawals, from /user/assets. */
export async function jpyBalance(baseUrl: string, who: Investor) {
  const data = (await call(baseUrl, who, '/user/assets', { display: 'JPY' })) as {
    currencies: Array<{ currency: string; available: string; frozen: string; frozen_parts: Record<string, string> }>;
  };
  const jpy = data.currencies.find((c) => c.currency === 'JPY');
  if (!jpy) throw new Error(`/user/assets has no JPY: ${JSON.stringify(data)}`);
  return { available: new Decimal(jpy.available), frozen: new Decimal(jpy.frozen), parts: jpy.frozen_parts };
}

/** A second phone (another browser context: its own localStorage, so its own device id) logged in with the password. */
export async function secondPhone(
  j: MoneyJourney,
  context: BrowserContext,
): Promise<{ page: Page; session: Investor & { deviceId: string } }> {
  const page = await context.newPage();
  await openLoggedOut(page, j.language);
  await logInWithPassword(page, j.t, j.account, j.password);
  return { page, session: await storedSession(page) };
}

/**
 * Answers the step-up dialog (issue 33) of an investor with no second factor, as they would: the password, then the
 * six-digit code mailed to `email` (read from the server's mailbox), then Confirm. `since`: the mailbox's count of
 * mails before the dialog opened. Screenshot `step-up` when `shot` is given.
 */
export async function stepUpOnScreen(
  j: MoneyJourney,
  mailbox: Mailbox,
  email: string,
  since: number,
  shot?: string,
): Promise<void> {
  const { page, t } = j;
  const dialog = page.getByRole('dialog', { name: t.account('stepUp.title'), exact: true });
  await dialog.waitFor();
  await dialog.getByLabel(t.account('stepUp.password'), { exact: true }).fill(j.password);
  const code = await mailbox.codeFor(email, since);
  await dialog.getByLabel(t.account('stepUp.emailCode'), { exact: true }).fill(code);
  if (shot) await j.shot(shot);
  await dialog.getByRole('button', { name: t.account('stepUp.confirm'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}
