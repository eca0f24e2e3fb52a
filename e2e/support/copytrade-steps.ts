/**
 * Steps of the copy-trading journey that are not the investor's screens: mf-copytrade's words in the three
 * languages, products created through the back-office API, the server's view of a product and of the reader's
 * follow orders (/copy/info, /trade/userproductlist, /user/assets) to check the screens by, and the daily and
 * total profit recomputed from a product's unit-value history (docs/decisions/0018-copy-trading.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { CopyOrder, CopyProduct } from 'shared/contract';
import { Decimal, formatMoney, roundMoney } from 'shared/money';
import { eventually, remoteScope } from './app';
import { REPO_ROOT } from './env';
import { ipoLookup, type Tree } from './ipo-steps';
import type { MoneyServer } from './money-server';
import { exactly, textsOf, type LanguageCode } from './money-journey';
import { call, type Investor } from './trading';

/** What the remotes say in one language (support/money-journey.ts textsOf), plus mf-copytrade (`copy`). */
export function copyTextsOf(language: LanguageCode) {
  const base = textsOf(language);
  const tree = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'mf-copytrade/src/locales', `${base.lang}.json`), 'utf8'),
  ) as Tree;
  // Text as shown: the <tags> of a <Trans> string (e.g. the <time> of each date) are elements, not words.
  const copy = (key: string, values?: Record<string, string | number>) =>
    ipoLookup(tree, key, values).replace(/<\/?[a-z]+>/g, '');
  return { ...base, copy };
}
export type CopyTexts = ReturnType<typeof copyTextsOf>;

export const copyScope = (page: Page) => remoteScope(page, 'mf_copytrade');

export interface ProductSpec {
  names: { zh: string; en: string; ja: string };
  /** CODE:WEIGHT pairs, weights summing to 1 ("7203:0.5,6758:0.5"). */
  holdings: string;
  lockupDays: number;
  min: number;
  capacity: number;
  /** ISO instant. */
  deadline: string;
}

/**
 * Creates a Japanese product through the back office (/admin/copyProductCreate, approved by a second
 * administrator): facts only, never a return.
 */
export async function createProduct(server: MoneyServer, s: ProductSpec): Promise<CopyProduct> {
  return (await server.adminApproved('/admin/copyProductCreate', {
    market: 'jpy',
    name_zh: s.names.zh,
    name_en: s.names.en,
    name_ja: s.names.ja,
    issuer_zh: '端到端资管',
    issuer_en: 'End-to-End Asset Management',
    issuer_ja: 'E2Eアセット',
    strategy_zh: '按固定权重持有所列股票，不调整。',
    strategy_en: 'The listed names in fixed weights, held unchanged.',
    strategy_ja: '記載の銘柄を固定比率で保有し、入替えはしません。',
    holdings: s.holdings,
    lockup_days: String(s.lockupDays),
    min_investment: String(s.min),
    capacity: String(s.capacity),
    deadline: s.deadline,
  })) as CopyProduct;
}

export interface ProductInfo {
  product: CopyProduct;
  holdings: Array<{ code: string; name: string; weight: string; base_close: string; last_close: string }>;
  history: Array<{ date: string; nav: string }>;
  orders: CopyOrder[];
}

export const productInfo = (baseUrl: string, who: Investor, id: number, lang = 'us') =>
  call(baseUrl, who, '/copy/info', { id: String(id), lang }) as Promise<ProductInfo>;

/** The reader's follow orders of the Japanese market as spec §7's /trade/userproductlist answers them. */
export const userProductList = (baseUrl: string, who: Investor) =>
  call(baseUrl, who, '/trade/userproductlist', { type: 'jpy', lang: 'us' }) as Promise<CopyOrder[]>;

/** One follow order by its number; throws when the server has none. */
export async function followOrderOf(baseUrl: string, who: Investor, orderNo: string): Promise<CopyOrder> {
  const order = (await userProductList(baseUrl, who)).find((o) => o.order_no === orderNo);
  if (!order) throw new Error(`${who.account} has no follow order ${orderNo}`);
  return order;
}

/** JPY available and the active copy-trades part of frozen (spec §4), from /user/assets. */
export async function jpyCopyAssets(baseUrl: string, who: Investor): Promise<{ available: number; copy: number }> {
  const data = (await call(baseUrl, who, '/user/assets', { display: 'JPY' })) as {
    currencies: Array<{ currency: string; available: string; frozen_parts: Record<string, string> }>;
  };
  const jpy = data.currencies.find((c) => c.currency === 'JPY');
  if (!jpy) throw new Error(`/user/assets has no JPY: ${JSON.stringify(data)}`);
  return { available: Number(jpy.available), copy: Number(jpy.frozen_parts.copy_trades) };
}

/**
 * An in-progress order's daily and total profit on the last day of `history`, recomputed from the unit values
 * alone: units × (NAV today − NAV the trading day before) and units × NAV today − amount, each rounded to the yen
 * (half even, as the server's money). The daily profit is 0 on the units' first day.
 */
export function expectedProfits(order: CopyOrder, history: ProductInfo['history']) {
  const units = new Decimal(order.units ?? 0);
  const last = history[history.length - 1]!;
  const previous = history[history.length - 2];
  const daily =
    !previous || last.date <= (order.started_on ?? '')
      ? new Decimal(0)
      : roundMoney(units.times(new Decimal(last.nav).minus(previous.nav)), 'JPY');
  const total = roundMoney(units.times(last.nav), 'JPY').minus(order.amount);
  return { date: last.date, daily: daily.toFixed(0), total: total.toFixed(0) };
}

/** "200000" → "200,000.00" as a Money shows it; signed → "+1,234.00" / "-1,234.00" / "0.00". */
export const shown = (value: string | number, signed = false) => formatMoney(String(value), { sign: signed });

/** The list of products and one product's link in it, by its name in the reader's language. */
export function productLink(page: Page, t: CopyTexts, name: string): Locator {
  return copyScope(page)
    .getByRole('list', { name: t.copy('products.listLabel') })
    .getByRole('link')
    .filter({ hasText: name });
}

/** The follow form of the product screen (one per page), its fields by their labels. */
export function followForm(page: Page, t: CopyTexts, currency = 'JPY') {
  const form = copyScope(page).getByRole('form', { name: t.copy('follow.title') });
  return {
    form,
    amount: form.getByLabel(t.copy('follow.amountIn', { currency }), { exact: true }),
    fundPassword: form.getByLabel(t.copy('follow.fundPassword'), { exact: true }),
    submit: form.getByRole('button', { name: exactly(t.copy('follow.submit')) }),
  };
}

/** Brings an element to the middle of the screen (for a screenshot that shows it). */
export async function centre(locator: Locator): Promise<void> {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' })).catch(() => undefined);
}

/** Waits for a refusal (role alert) saying `text` inside `scope`, and brings it to the middle of the screen. */
export async function refusalShown(scope: Locator, text: string): Promise<void> {
  const alert = scope.getByRole('alert').filter({ hasText: text });
  await alert.first().waitFor();
  await centre(alert.first());
}

/** The follow-record row of an order on /mine/followOrder, by its order number. */
export function followRecord(page: Page, t: CopyTexts, orderNo: string): Locator {
  return copyScope(page)
    .getByRole('list', { name: t.copy('orders.title') })
    .getByRole('listitem')
    .filter({ hasText: orderNo });
}

/** Waits until `locator`'s text includes every one of `parts` (a list that refetches after a clock move). */
export async function showsAll(locator: Locator, parts: string[], what: string): Promise<void> {
  await eventually(what, async () => {
    const text = (await locator.innerText()).replace(/\s+/g, ' ');
    const missing = parts.filter((p) => !text.includes(p));
    if (missing.length) throw new Error(`missing ${JSON.stringify(missing)} in "${text}"`);
    return true;
  });
}

/**
 * A product's unit value on each trading day from its base date, recomputed from the market data alone
 * (/stock/candles, daily): Σ weight × close ÷ close on the base date, 6 decimals half up (ADR 0018).
 */
export async function navFromCandles(
  baseUrl: string,
  who: Investor,
  holdings: string,
  baseDate: string,
): Promise<Array<{ date: string; nav: string }>> {
  const weighted = await Promise.all(
    holdings.split(',').map(async (pair) => {
      const [code, weight] = pair.split(':') as [string, string];
      const data = (await call(baseUrl, who, '/stock/candles', {
        code,
        market: 'jpy',
        period: 'day',
        limit: '30',
      })) as { list: Array<{ date: string; close: string }> };
      const closes = data.list.filter((c) => c.date >= baseDate);
      return { weight: new Decimal(weight), base: closes[0]!, closes: new Map(closes.map((c) => [c.date, c.close])) };
    }),
  );
  const dates = [...weighted[0]!.closes.keys()].filter((d) => weighted.every((w) => w.closes.has(d))).sort();
  return dates.map((date) => ({
    date,
    nav: weighted
      .reduce((sum, w) => sum.plus(w.weight.times(w.closes.get(date)!).dividedBy(w.base.close)), new Decimal(0))
      .toFixed(6, Decimal.ROUND_HALF_UP),
  }));
}
