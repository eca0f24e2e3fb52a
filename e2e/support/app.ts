/**
 * What the journeys know about the app: accessible names in the three languages (cn, us, jp), the
 * route table from shared, and steps several journeys share (log in through the API, check a screen).
 */
import type { Locator, Page } from 'playwright-core';
import { BOTTOM_MENU, ownerOf, SPEC_ROUTES } from 'shared/routes';

export { BOTTOM_MENU, ownerOf, SPEC_ROUTES };

/** Accessible names, zh-CN | en | ja (the journeys switch languages). */
export const NAMES = {
  register:
    /^\s*(注册|注冊|开户注册|立即注册|register|sign up|open an account|open one|create account|登録|登録する|新規登録|口座開設)\s*$/i,
  login: /^\s*(登录|登錄|立即登录|log ?in|sign in|ログイン)\s*$/i,
  account: /账号|帳號|账户|手机|account|mobile|phone|アカウント|携帯|電話/i,
  email: /邮箱|電子郵件|e-?mail|メール/i,
  password: /密码|密碼|password|パスワード/i,
  invite: /邀请|邀請|invit|招待/i,
  agree: /同意|协议|協議|agree|terms|規約/i,
  panel: /打开个人中心|个人中心|账户面板|open my account|account panel|my account|マイアカウント|アカウントパネル/i,
  language: /语言|語言|language|言語/i,
  english: /^\s*(english|英语|英文|英語)\s*$/i,
  japanese: /^\s*(日本語|日语|日文|japanese)\s*$/i,
  logout: /退出|登出|log ?out|sign out|ログアウト/i,
  confirm: /^\s*(确定|确认|確定|確認|ok|confirm|yes|はい)\s*$/i,
  retry: /重试|重新加载|retry|try again|再試行|再読み込み/i,
  notFound: /页面不存在|找不到页面|页面未找到|page not found|not found|ページが見つかりません/i,
  loading: /启动中|正在启动|检查.*版本|starting|checking app version|起動中|バージョン/i,
};

/** Chinese and Japanese script (kana, CJK ideographs). */
export const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;

/** Polls `check` until it returns true (or a truthy value); throws `what` with the last value. */
export async function eventually<T>(what: string, check: () => Promise<T> | T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      last = await check();
      if (last) return last as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${what} (last: ${detail})`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The first visible of several alternatives (e.g. a link or a button with the same name). */
export function anyOf(...locators: Locator[]): Locator {
  return locators.reduce((a, b) => a.or(b)).first();
}

export const hashPath = (page: Page) => page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0] || '/');
export const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Opens a route: a full load the first time, then a client-side hash change (as a link would). */
export async function openRoute(page: Page, route: string): Promise<void> {
  const loaded = await page.evaluate(() => Boolean(document.querySelector('[data-remote], nav'))).catch(() => false);
  if (!loaded) await page.goto(`/#${route}`);
  else await page.evaluate((r) => (location.hash = `#${r}`), route);
  await eventually(`the location to become #${route}`, async () => (await hashPath(page)) === route, 10_000);
}

/** The scope element the shell renders around a remote's screens. */
export const remoteScope = (page: Page, remote: string) => page.locator(`[data-remote="${remote}"]`);

/**
 * Asserts the screen of `route` rendered inside the frame: its owner's scope element holds a visible
 * level-1 heading, and neither a not-found screen nor a remote error (retry) is shown. Returns the heading.
 */
export async function expectScreen(page: Page, route: string): Promise<string> {
  const owner = ownerOf(route);
  if (!owner) throw new Error(`${route} has no owner in shared/src/routes.ts`);
  const heading = remoteScope(page, owner).getByRole('heading', { level: 1 }).first();
  try {
    await heading.waitFor({ state: 'visible', timeout: 15_000 });
  } catch {
    const retry = await page.getByRole('button', { name: NAMES.retry }).count();
    const scopes = await page
      .locator('[data-remote]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-remote')));
    throw new Error(
      `${route}: no visible level-1 heading inside [data-remote="${owner}"]` +
        ` (scope elements present: ${JSON.stringify(scopes)}; retry buttons: ${retry}; ` +
        `location ${await hashPath(page)})`,
    );
  }
  const path = await hashPath(page);
  if (path !== route) throw new Error(`${route}: the app moved to ${path}`);
  if ((await page.getByRole('button', { name: NAMES.retry }).count()) > 0)
    throw new Error(`${route}: a remote error (retry) is shown`);
  const notFound = await page.getByRole('heading', { name: NAMES.notFound }).count();
  if (notFound > 0) throw new Error(`${route}: the not-found screen is shown`);
  return (await heading.innerText()).trim();
}

/** Waits for the network to settle (lists loaded); a websocket quote stream does not count. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

/** Calls the API as the app does: POST, form-encoded, token/account headers. */
export async function api(
  baseUrl: string,
  path: string,
  body: Record<string, string>,
  session?: { token: string; account: string },
) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (session) Object.assign(headers, { token: session.token, account: session.account });
  const res = await fetch(`${baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(body).toString(),
  });
  const text = await res.text();
  let json: { status?: number; msg?: string; data?: unknown } = {};
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`POST ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return { http: res.status, ...json };
}

/**
 * Registers `account` through the API; the register answer is the new account's session (as login's),
 * which this returns as the app stores it.
 */
export async function registerAndLogIn(baseUrl: string, account: string, password: string) {
  const reg = await api(baseUrl, '/user/register', {
    account,
    email: `${account}@example.test`,
    password,
    password2: password,
    invite_code: '',
    agree: '1',
  });
  const data = reg.data as { token?: string; account?: string; is_admin?: string } | undefined;
  if (reg.status !== 1 || !data?.token) throw new Error(`register ${account}: HTTP ${reg.http} ${JSON.stringify(reg)}`);
  return { token: data.token, account: data.account ?? account, is_admin: data.is_admin ?? '' };
}

/**
 * Puts a session into localStorage (keys of spec §3) from a same-origin page that is not the app
 * (/api/health), so the next page.goto('/#...') starts the app already logged in.
 */
export async function storeSession(
  page: Page,
  session: { token: string; account: string; is_admin: string },
  language = 'cn',
) {
  await page.goto('/api/health');
  await page.evaluate(
    ({ s, lang }) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('account', s.account);
      localStorage.setItem('is_admin', s.is_admin);
      localStorage.setItem('language', lang);
    },
    { s: session, lang: language },
  );
}

/** The bottom menu link of a tab (hash-router links point at "#<path>"). */
export const menuLink = (page: Page, path: string) =>
  page.getByRole('navigation').locator(`a[href$="#${path}"]`).first();

/** Taps a bottom-menu tab and waits for its screen. */
export async function clickTab(page: Page, path: string): Promise<string> {
  await menuLink(page, path).click();
  await eventually(`#${path} after tapping its tab`, async () => (await hashPath(page)) === path);
  return expectScreen(page, path);
}

/** Opens the user side panel from the header and returns it. */
export async function openPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('dialog');
  if (await panel.isVisible().catch(() => false)) return panel.first();
  await page.getByRole('button', { name: NAMES.panel }).first().click();
  await panel.first().waitFor({ state: 'visible' });
  return panel.first();
}

/**
 * Chinese/Japanese text left in the page or in `root` (with context), for the English-mode checks.
 * Text inside an element whose own `lang` marks it as another language (WCAG 3.1.2, e.g. the
 * language choices "简体中文" and "日本語" written in their own language) is not counted.
 */
export async function cjkLeft(page: Page, root?: Locator): Promise<string[]> {
  const scope = root ?? page.locator('body');
  return scope.evaluate((el, source) => {
    const re = new RegExp(source, 'g');
    const found: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && found.length < 8; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const lang = parent.closest('[lang]')?.getAttribute('lang') ?? '';
      if (lang && !/^en\b/i.test(lang) && parent.closest('[lang]') !== document.documentElement) continue;
      const text = node.textContent ?? '';
      for (const m of text.matchAll(re)) {
        const i = m.index ?? 0;
        found.push(`${parent.tagName.toLowerCase()}: ${text.slice(Math.max(0, i - 15), i + 15).replace(/\s+/g, ' ')}`);
        break;
      }
    }
    return found;
  }, CJK.source);
}

/**
 * The rows of the page's cards whose value runs past the card's right edge (a long order number, a name), as
 * "label: value" texts: what a document-wide scroll width does not show, since a card overflows inside the page.
 */
export async function valuesOutsideCards(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.ds-card .ds-stat__value')].flatMap((value) => {
      const card = value.closest('.ds-card')!.getBoundingClientRect();
      const right = Math.max(...[...value.querySelectorAll('*'), value].map((e) => e.getBoundingClientRect().right));
      const label = value.previousElementSibling?.textContent ?? '';
      return right > card.right + 0.5 ? [`${label}: ${value.textContent ?? ''}`] : [];
    }),
  );
}

/**
 * Switches the language from the side panel (spec §2: stores it locally and reloads) and waits for
 * the reloaded app. `name` is the language's accessible name in any language.
 */
export async function chooseLanguage(page: Page, code: 'cn' | 'us' | 'jp', name: RegExp): Promise<void> {
  const panel = await openPanel(page);
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  const select = panel.getByRole('combobox', { name: NAMES.language });
  if (await select.count()) {
    await select.selectOption(code).catch(async () =>
      select.selectOption({
        label: (await select.locator('option').filter({ hasText: name }).first().innerText()).trim(),
      }),
    );
  } else {
    const option = (scope: Page | Locator) =>
      anyOf(
        scope.getByRole('radio', { name }),
        scope.getByRole('option', { name }),
        scope.getByRole('menuitemradio', { name }),
        scope.getByRole('menuitem', { name }),
        scope.getByRole('button', { name }),
        scope.getByRole('link', { name }),
      );
    if (
      !(await option(page)
        .isVisible()
        .catch(() => false))
    ) {
      await anyOf(
        panel.getByRole('button', { name: NAMES.language }),
        panel.getByRole('link', { name: NAMES.language }),
      ).click();
    }
    await option(page).click();
  }
  await eventually(
    `localStorage.language to become ${code}`,
    async () => (await storage(page, 'language').catch(() => null)) === code,
  );
  await reloaded;
  await page.locator('[data-remote]').first().waitFor({ state: 'visible' });
}

/** Logs out from the side panel, confirming when the app asks. */
export async function logOutFromPanel(page: Page): Promise<void> {
  const panel = await openPanel(page);
  await anyOf(
    panel.getByRole('button', { name: NAMES.logout }),
    panel.getByRole('link', { name: NAMES.logout }),
  ).click();
  const confirm = page
    .getByRole('alertdialog')
    .getByRole('button', { name: new RegExp(`${NAMES.confirm.source}|${NAMES.logout.source}`, 'i') });
  const asked = await confirm
    .first()
    .waitFor({ state: 'visible', timeout: 1500 })
    .then(
      () => true,
      () => false,
    );
  if (asked) await confirm.first().click();
}
