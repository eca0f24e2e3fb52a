/**
 * Steps of the new-shares and block-trade journeys that are not the investor's screens: mf-ipo's words in the
 * three languages, issues and listings created through the back-office API, fund passwords set through the API,
 * and the ledger's view of an investor (assets, subscriptions, holdings, fund records) to check the screens by.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { NewShareApplication, NewShareIssue } from 'shared/contract';
import { eventually, expectScreen } from './app';
import { REPO_ROOT } from './env';
import type { MoneyServer } from './money-server';
import { textsOf, type LanguageCode } from './money-journey';
import { call, type Investor } from './trading';

export type Tree = { [key: string]: string | Tree };

/**
 * mf-ipo's text of `key` in one language, {{placeholders}} filled; throws on a missing key (a rename is caught). A
 * numeric `count` picks a plural key's `_one` / `_other` form, as i18next does.
 */
export function ipoLookup(tree: Tree, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = tree;
  const parts = key.split('.');
  if (typeof values.count === 'number') parts.push(`${parts.pop()!}_${values.count === 1 ? 'one' : 'other'}`);
  for (const part of parts) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-ipo locale key ${key} is missing`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    name in values ? String(values[name]) : `{{${name}}}`,
  );
}

/** What the remotes say in one language (support/money-journey.ts textsOf), plus mf-ipo (`ipo`). */
export function ipoTextsOf(language: LanguageCode) {
  const base = textsOf(language);
  const tree = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'mf-ipo/src/locales', `${base.lang}.json`), 'utf8'),
  ) as Tree;
  return { ...base, ipo: (key: string, values?: Record<string, string | number>) => ipoLookup(tree, key, values) };
}
export type IpoTexts = ReturnType<typeof ipoTextsOf>;

/** The six-digit fund password every investor of these journeys sets (through the API, as the trading journey). */
export const FUND_PASSWORD = '246810';

export async function setFundPassword(baseUrl: string, who: Investor, loginPassword: string): Promise<void> {
  await call(baseUrl, who, '/user/setFundPassword', {
    login_password: loginPassword,
    password: FUND_PASSWORD,
    password2: FUND_PASSWORD,
  });
}

export interface IssueSpec {
  code: string;
  names: { zh: string; en: string; ja: string };
  price: string;
  lot: number;
  cap: number;
  size: number;
  lockupDays: number;
  opens: string;
  closes: string;
  draw: string;
  payDeadline: string;
  listing: string;
}

/**
 * Creates a Japanese new-share issue through the back office (/admin/newShareCreate, approved by a second
 * administrator); answers it as published.
 */
export async function createIssue(server: MoneyServer, s: IssueSpec): Promise<NewShareIssue> {
  return (await server.adminApproved('/admin/newShareCreate', {
    market: 'jpy',
    code: s.code,
    name_zh: s.names.zh,
    name_en: s.names.en,
    name_ja: s.names.ja,
    price: s.price,
    pe: '18.5',
    lot_size: String(s.lot),
    subscription_cap: String(s.cap),
    issue_size: String(s.size),
    underwriter: 'Nomura Securities',
    lockup_days: String(s.lockupDays),
    opens_at: s.opens,
    closes_at: s.closes,
    draw_at: s.draw,
    pay_deadline: s.payDeadline,
    listing_at: s.listing,
    distribution_at: s.listing,
  })) as NewShareIssue;
}

export interface IssueInfo {
  issue: NewShareIssue;
  application: NewShareApplication | null;
  verification: {
    seed: string | null;
    seed_hash: string | null;
    applications: number | null;
    list_root: string | null;
    final_seed: string | null;
  };
}

export const issueInfo = (baseUrl: string, who: Investor, id: number) =>
  call(baseUrl, who, '/ipo/info', { id: String(id), lang: 'us' }) as Promise<IssueInfo>;

/** The investor's subscription to issue `id`, as the server has it now; throws when there is none. */
export async function subscriptionOf(baseUrl: string, who: Investor, id: number): Promise<NewShareApplication> {
  const info = await issueInfo(baseUrl, who, id);
  if (!info.application) throw new Error(`${who.account} has no subscription to issue ${id}`);
  return info.application;
}

export interface JpyAssets {
  available: number;
  frozen: number;
  newShares: number;
  holdings: number;
  pendingOrders: number;
}

/** The investor's JPY figures from /user/assets (spec §4: frozen by its parts). */
export async function jpyAssets(baseUrl: string, who: Investor): Promise<JpyAssets> {
  const data = (await call(baseUrl, who, '/user/assets', { display: 'JPY' })) as {
    currencies: Array<{
      currency: string;
      available: string;
      frozen: string;
      frozen_parts: Record<string, string>;
    }>;
  };
  const jpy = data.currencies.find((c) => c.currency === 'JPY');
  if (!jpy) throw new Error(`/user/assets has no JPY: ${JSON.stringify(data)}`);
  return {
    available: Number(jpy.available),
    frozen: Number(jpy.frozen),
    newShares: Number(jpy.frozen_parts.new_shares),
    holdings: Number(jpy.frozen_parts.holdings),
    pendingOrders: Number(jpy.frozen_parts.pending_orders),
  };
}

export interface Holding {
  id: string;
  code: string;
  stock_num: string;
  buy_price: string;
  status: number;
  closable?: boolean;
  closable_from?: string | null;
  source?: string;
}

/** The investor's open holdings of one market (/trade/userstocklist, keyed by id). */
export async function holdingsOf(baseUrl: string, who: Investor, market: string): Promise<Holding[]> {
  const data = (await call(baseUrl, who, '/trade/userstocklist', { type: market, lang: 'us' })) as {
    list: Record<string, Holding>;
  };
  return Object.entries(data.list).map(([id, h]) => ({ ...h, id: String(h.id ?? id) }));
}

export interface LedgerRecord {
  type: string;
  order_no: string;
  amount: string;
  frozen: string;
  balance: string;
  currency: string;
}

/** Fund records of one type as the ledger has them (/funds/records), newest first. */
export async function ledgerRecords(baseUrl: string, who: Investor, type: string): Promise<LedgerRecord[]> {
  const data = (await call(baseUrl, who, '/funds/records', { type, size: '50' })) as { list: LedgerRecord[] };
  return data.list;
}

/** ISO instant of a Tokyo wall-clock time ("2026-11-25T10:00" → 01:00Z). */
export const tokyo = (local: string) => new Date(`${local}:00+09:00`).toISOString();

/** Opens a route with its query as a link would (a hash change), and waits for its screen. */
export async function go(page: Page, route: string): Promise<void> {
  const [routePath] = route.split('?');
  await page.evaluate((r) => (location.hash = `#${r}`), route);
  await eventually(`#${route}`, async () => page.evaluate((r) => location.hash === `#${r}`, route));
  await expectScreen(page, routePath!);
}

/** A labelled value of a DetailList / stat row (<dt> label → its <dd>) inside `scope`. */
export const valueOf = (scope: Locator, label: string) =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
