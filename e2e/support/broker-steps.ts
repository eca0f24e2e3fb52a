/**
 * Steps of the broker journeys (issue 13: add margin, price alerts, securities lending and borrowing) that are not
 * the investor's screens, or that several of them share: the trade form of the stock page and its order steps, the
 * server's view of a position (/trade/position), the lendings (/lending/overview), the borrowings
 * (/lending/borrowings, /lending/borrowQuote), the alerts (/stock/alerts) and the JPY balance (/user/assets), a clock
 * that only moves forward, and the toasts a screen showed (a 2-second toast is easy to miss between two reads).
 */
import type { Locator, Page } from 'playwright-core';
import type { BorrowOrder, BorrowQuote, LendingOverview, PriceAlert, TradePosition } from 'shared/contract';
import { Decimal } from 'shared/money';
import { eventually, expectScreen, remoteScope } from './app';
import { exactly, type MoneyJourney } from './money-journey';
import { call, moveClock, type Investor } from './trading';

/** "1234.5" → "1,234.50", as the screens show money. */
export const shown = (value: Decimal.Value) =>
  Number(new Decimal(value).toFixed(2)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A catalogue or locale template as a pattern: every {{value}} matches any text. */
export function templatePattern(template: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    template
      .split(/\{\{\s*\w+\s*\}\}/)
      .map(escape)
      .join('.+?'),
  );
}

/** Opens a route with its query as a link would (a hash change), and waits for its screen. */
export async function go(page: Page, route: string): Promise<void> {
  const [routePath] = route.split('?');
  await page.evaluate((r) => (location.hash = `#${r}`), route);
  await eventually(`#${route}`, async () => page.evaluate((r) => location.hash === `#${r}`, route));
  await expectScreen(page, routePath!);
}

/** The server's clock now (a move of 0 ms, which also runs the matcher and the due jobs). */
export async function clockNow(baseUrl: string): Promise<Date> {
  return new Date((await moveClock(baseUrl, { advance_ms: 0 })).now);
}

/** Moves the test clock to `to` unless it is already there or later (journeys run alone or in file order). */
export async function clockAtLeast(baseUrl: string, to: string): Promise<void> {
  if ((await clockNow(baseUrl)).getTime() < Date.parse(to)) await moveClock(baseUrl, { to });
}

/**
 * The trade form of the stock page: the Buy / Sell bar (a group named like the form) opens it in a bottom sheet
 * (a dialog); its controls by their translated names.
 */
export function tradeForm(j: MoneyJourney) {
  const { page, t } = j;
  const scope = remoteScope(page, 'mf_trade');
  const form = scope
    .getByRole('dialog', { name: t.trade('trade.title') })
    .getByRole('form', { name: t.trade('trade.title') });
  return {
    form,
    buy: scope
      .getByRole('group', { name: t.trade('trade.title') })
      .getByRole('button', { name: exactly(t.trade('trade.long')) }),
    quantity: form.getByLabel(t.trade('trade.quantity'), { exact: true }),
    choose: (text: string) =>
      form
        .locator('label')
        .filter({ hasText: exactly(text) })
        .click(),
    submit: () => form.getByRole('button', { name: exactly(t.trade('trade.submitLong')) }),
  };
}

/**
 * On the stock page: Buy → the sheet → a market buy of `quantity` at `leverage`× → (the risk disclosure once, when
 * leveraged) → the confirmation → placed (the sheet closes with a toast). Answers the new order's number, as
 * /trade/orders has it.
 */
export async function buyAtMarket(
  j: MoneyJourney,
  who: Investor,
  baseUrl: string,
  code: string,
  quantity: string,
  leverage: number,
  shot: string,
): Promise<string> {
  const { page, t } = j;
  await go(page, `/quotes/info?code=${code}&market=jpy`);
  const before = new Set((await ordersOfJpy(baseUrl, who)).map((o) => o.order_no));
  const f = tradeForm(j);
  await f.buy.click();
  await f.form.getByText(t.trade('trade.status.openShort'), { exact: true }).waitFor();
  await f.quantity.fill(quantity);
  await f.choose(t.trade('trade.multiple', { value: leverage }));
  await j.shot(`${shot}-form`);
  await f.submit().click();
  if (leverage > 1) {
    const risk = page
      .getByRole('alertdialog')
      .filter({ has: page.getByRole('button', { name: exactly(t.common('riskDisclosure.accept')) }) });
    const accept = risk.getByRole('button', { name: exactly(t.common('riskDisclosure.accept')) });
    await accept.waitFor();
    await eventually('the risk disclosure text', async () => (await risk.innerText()).length > 200);
    await accept.click();
  }
  const sheet = page.getByRole('alertdialog', { name: t.trade('trade.confirm.title') });
  await sheet.waitFor();
  await sheet.getByRole('button', { name: exactly(t.trade('trade.confirm.okLong')) }).click();
  await f.form.waitFor({ state: 'detached' });
  const orderNo = await eventually(
    'the new order',
    async () => (await ordersOfJpy(baseUrl, who)).find((o) => !before.has(o.order_no))?.order_no,
  );
  // The result sheet (issue 35): the server's message and the order's number, until Done.
  const result = page.getByRole('dialog', { name: t.msg('order_placed') });
  await result.getByText(orderNo!, { exact: true }).waitFor();
  await j.shot(`${shot}-placed`);
  await result.getByRole('button', { name: exactly(t.common('done')) }).click();
  await result.waitFor({ state: 'detached' });
  return orderNo;
}

async function ordersOfJpy(baseUrl: string, who: Investor): Promise<TradePosition[]> {
  const data = (await call(baseUrl, who, '/trade/orders', { market: 'jpy', status: 'all', lang: 'us' })) as {
    list: TradePosition[];
  };
  return data.list;
}

/** The investor's position of order `orderNo` as /trade/position answers it. */
export async function positionByOrder(baseUrl: string, who: Investor, orderNo: string): Promise<TradePosition> {
  const data = (await call(baseUrl, who, '/trade/orders', { market: 'jpy', status: 'all', lang: 'us' })) as {
    list: TradePosition[];
  };
  const row = data.list.find((p) => p.order_no === orderNo);
  if (!row) throw new Error(`/trade/orders has no ${orderNo}`);
  return positionOf(baseUrl, who, row.id);
}

export const positionOf = (baseUrl: string, who: Investor, id: number) =>
  call(baseUrl, who, '/trade/position', { id: String(id), lang: 'us' }) as Promise<TradePosition>;

/** The JPY balance (available, frozen and its parts) of /user/assets, exact. */
export async function jpyOf(baseUrl: string, who: Investor) {
  const data = (await call(baseUrl, who, '/user/assets', { display: 'JPY' })) as {
    currencies: Array<{ currency: string; available: string; frozen: string; frozen_parts: Record<string, string> }>;
  };
  const jpy = data.currencies.find((c) => c.currency === 'JPY');
  if (!jpy) throw new Error(`/user/assets has no JPY: ${JSON.stringify(data)}`);
  return {
    available: new Decimal(jpy.available),
    frozen: new Decimal(jpy.frozen),
    creditOrders: new Decimal(jpy.frozen_parts.credit_orders ?? '0'),
  };
}

export const lendingOverviewOf = (baseUrl: string, who: Investor) =>
  call(baseUrl, who, '/lending/overview', { lang: 'en' }) as Promise<LendingOverview>;

export async function borrowingsOf(baseUrl: string, who: Investor): Promise<BorrowOrder[]> {
  return ((await call(baseUrl, who, '/lending/borrowings', { lang: 'en' })) as { list: BorrowOrder[] }).list;
}

export const borrowQuoteOf = (baseUrl: string, who: Investor, body: Record<string, string> = {}) =>
  call(baseUrl, who, '/lending/borrowQuote', body) as Promise<BorrowQuote>;

export async function alertsOf(baseUrl: string, who: Investor, code: string): Promise<PriceAlert[]> {
  return ((await call(baseUrl, who, '/stock/alerts', { code, market: 'jpy', lang: 'us' })) as { list: PriceAlert[] })
    .list;
}

/**
 * Records every text the shell's toast region shows from now on (window.__toasts): the toast lives 2 s, the
 * journey may be moving the clock then.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts?: string[] };
    if (w.__toasts) return;
    const seen: string[] = [];
    w.__toasts = seen;
    const read = () =>
      document.querySelectorAll('.sh-toast-region').forEach((el) => {
        const text = (el.textContent ?? '').trim();
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      });
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);

/** The home dashboard's JPY section of the total assets (opened), as mf-trade's card shows it. */
export async function homeJpy(j: MoneyJourney): Promise<Locator> {
  const card = remoteScope(j.page, 'mf_trade');
  const summary = card.locator('summary', { hasText: j.t.common('assets.breakdown') });
  await summary.waitFor();
  if (!(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open))) await summary.click();
  const region = card.getByRole('region', { name: j.t.common('assets.currency', { currency: 'JPY' }) });
  await region.waitFor();
  return region;
}

/** The "credit orders" line of frozen funds in a JPY section (absent when nothing is frozen for them). */
export const creditOrdersPart = (j: MoneyJourney, region: Locator) =>
  region
    .getByRole('list', { name: j.t.common('assets.frozen') })
    .getByRole('listitem')
    .filter({ hasText: j.t.common('assets.frozenParts.credit_orders') });

/** Brings `el` to the middle of the phone's screen for the screenshot. */
export const centre = (el: Locator) => el.evaluate((e) => e.scrollIntoView({ block: 'center' }));
