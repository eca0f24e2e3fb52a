/**
 * Steps of the day-trading journeys that are not the investor's screens: mf-copytrade's words in the three
 * languages, the back office's review of an application through its API, and the server's view of an investor's
 * applications (/daytrade/list, /daytrade/current), positions and fund records, to check the screens by.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { DayTrade, DayTradeCurrent } from 'shared/contract';
import { Decimal } from 'shared/money';
import { remoteScope } from './app';
import { REPO_ROOT } from './env';
import type { MoneyServer } from './money-server';
import { textsOf, type LanguageCode } from './money-journey';
import { call, type Investor } from './trading';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-copytrade locale key ${key} is missing`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    name in values ? String(values[name]) : `{{${name}}}`,
  );
}

/** What the remotes say in one language (support/money-journey.ts textsOf), plus mf-copytrade's `day.*` (`day`). */
export function dayTextsOf(language: LanguageCode) {
  const base = textsOf(language);
  const tree = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'mf-copytrade/src/locales', `${base.lang}.json`), 'utf8'),
  ) as Tree;
  return {
    ...base,
    /** Any key of mf-copytrade (e.g. products.market.jpy). */
    ct: (key: string, values?: Record<string, string | number>) => lookup(tree, key, values),
    day: (key: string, values?: Record<string, string | number>) => lookup(tree, `day.${key}`, values),
  };
}
export type DayTexts = ReturnType<typeof dayTextsOf>;

export const dayScope = (page: Page) => remoteScope(page, 'mf_copytrade');

/** A message of the catalogue with one value left as a pattern: the number the screen shows there. */
export function messagePattern(template: string, name: string): RegExp {
  const [before, after] = template.split(`{{${name}}}`) as [string, string | undefined];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(before)}([\\d,]+(?:\\.\\d+)?)\\s*[A-Z]{3}${escape(after ?? '')}`);
}

/** "1,234.50" (or "+1,234.50 JPY") → a Decimal, for comparing what a screen shows with the server's figures. */
export const decimalOf = (text: string) => new Decimal(text.replace(/[^\d.+-]/g, '') || 'NaN');

/** Approves the investor's submitted application `orderNo` through the back office (/admin/dayTradeReview). */
export async function approveDayTrade(server: MoneyServer, orderNo: string): Promise<DayTrade> {
  const data = (await server.admin('/admin/dayTrades', { status: 'submitted' })) as {
    list: Array<{ id: number; order_no: string }>;
  };
  const row = data.list.find((r) => r.order_no === orderNo);
  if (!row) throw new Error(`/admin/dayTrades: no submitted application ${orderNo}: ${JSON.stringify(data.list)}`);
  return (await server.admin('/admin/dayTradeReview', {
    id: String(row.id),
    action: 'approve',
    reason: '',
  })) as DayTrade;
}

/** The investor's applications as /daytrade/list answers them, newest first. */
export async function dayTradesOf(baseUrl: string, who: Investor): Promise<DayTrade[]> {
  const data = (await call(baseUrl, who, '/daytrade/list', { size: '50', lang: 'us' })) as { list: DayTrade[] };
  return data.list;
}

/** The investor's Japanese trade date with its application and positions (/daytrade/current). */
export async function dayCurrentOf(
  baseUrl: string,
  who: Investor,
  options: { market?: string; lang?: LanguageCode } = {},
): Promise<DayTradeCurrent> {
  const market = options.market ?? 'jpy';
  const data = (await call(baseUrl, who, '/daytrade/current', { lang: options.lang ?? 'us' })) as DayTradeCurrent[];
  const day = data.find((d) => d.market === market);
  if (!day) throw new Error(`/daytrade/current has no ${market}: ${JSON.stringify(data)}`);
  return day;
}

/** The JPY balance (available + frozen) of /user/assets, exact. */
export async function jpyBalance(baseUrl: string, who: Investor): Promise<{ available: Decimal; frozen: Decimal }> {
  const data = (await call(baseUrl, who, '/user/assets', { display: 'JPY' })) as {
    currencies: Array<{ currency: string; available: string; frozen: string }>;
  };
  const jpy = data.currencies.find((c) => c.currency === 'JPY');
  if (!jpy) throw new Error(`/user/assets has no JPY: ${JSON.stringify(data)}`);
  return { available: new Decimal(jpy.available), frozen: new Decimal(jpy.frozen) };
}

/** The application's card on the Today tab (a region named after its market). */
export const todayCard = (page: Page, t: DayTexts, market = 'jpy') =>
  dayScope(page).getByRole('region', {
    name: t.day('today.cardLabel', { market: t.ct(`products.market.${market}`) }),
  });

/** The row of a day-trade position (its order number) in the Today card's list. */
export const positionRow = (card: Locator, t: DayTexts, orderNo: string) =>
  card
    .getByRole('list', { name: t.day('positions.title') })
    .getByRole('listitem')
    .filter({ hasText: orderNo });
