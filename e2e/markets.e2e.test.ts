/**
 * The market screens of "Markets and trading" (issue 4), in English, Japanese and Chinese, on a server of its
 * own whose test clock starts on Tuesday 24 November 2026 at 10:00 in Tokyo (Tokyo trading,
 * Shanghai and New York closed): dashboard indices and movers, quotes of Japan, US and China (live
 * prices flash; closed markets say when they open), search by Japanese name and by code, watchlist
 * add / edit / remove / done, and the 7203 detail whose Highcharts chart draws and switches through
 * every period and every sub chart. Screenshots at 390×844 under e2e/artifacts/markets-<lang>/.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { Decimal, formatMoney } from 'shared/money';
import { eventually, expectScreen, registerAndLogIn, remoteScope, storeSession as storeSession } from './support/app';
import { ARTIFACTS_DIR } from './support/env';
import { freshAccount, launchBrowser, phoneContext } from './support/journey';
import { exactly, runMoneyJourney, type MoneyJourney } from './support/money-journey';
import { startMoneyServer, type MoneyServer } from './support/money-server';

/** 10:00 JST on a Tuesday: Tokyo open; Shanghai opens at 10:30 (its time), New York in the evening. */
const TOKYO_MORNING = '2026-11-24T01:00:00Z';
const PERIODS = ['timeShare', 'm5', 'm15', 'm30', 'm60', 'day', 'week', 'month', 'year'] as const;
const SUBS = ['macd', 'kdj', 'rsi'] as const;

let server: MoneyServer;
let browser: Browser;

beforeAll(async () => {
  server = await startMoneyServer({ clockStart: TOKYO_MORNING, logName: 'server-markets.log' });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function go(page: Page, route: string): Promise<void> {
  const [path] = route.split('?');
  await page.evaluate((r) => (location.hash = `#${r}`), route);
  await eventually(`#${route}`, async () => page.evaluate((r) => location.hash === `#${r}`, route));
  await expectScreen(page, path!);
}

/** A live price changed on screen (stream, or polling when the stream is down). */
async function seesAFlash(scope: Locator): Promise<void> {
  await eventually('a live price flash', async () => (await scope.locator('[data-flash]').count()) > 0, 20_000);
}

/** The chart's main series has drawn an SVG path (candlesticks, or the time-share line). */
async function chartDrawn(page: Page, period: string, sub: string): Promise<void> {
  const chart = page.getByTestId('tr-stock-chart');
  await eventually(
    `the ${period} chart with ${sub}`,
    async () =>
      (await chart.getAttribute('data-period')) === period &&
      (await chart.getAttribute('data-sub')) === sub &&
      (await chart.getAttribute('data-ready')) === 'true',
    30_000,
  );
  const main =
    period === 'timeShare'
      ? '.highcharts-area-series path.highcharts-graph'
      : '.highcharts-candlestick-series path.highcharts-point';
  await eventually(`a ${period} main series path`, async () => (await chart.locator(main).count()) > 0, 30_000);
  // MACD needs 34 candles and RSI 15 before it has a value (the year chart has a handful of candles).
  const candles =
    period === 'timeShare'
      ? Infinity
      : await chart.locator('.highcharts-candlestick-series path.highcharts-point').count();
  const needed = sub === 'macd' ? 34 : sub === 'rsi' ? 15 : 1;
  const subSeries = `.tr-sub-${sub}`;
  await eventually(
    `the ${sub} sub chart series`,
    async () => (await chart.locator(subSeries).count()) >= (sub === 'rsi' ? 1 : 3),
    30_000,
  );
  if (candles >= needed)
    await eventually(
      `the ${sub} sub chart drawn`,
      async () => (await chart.locator(`${subSeries} path`).count()) > 0,
      30_000,
    );
  await eventually(
    `volume columns`,
    async () => (await chart.locator('.highcharts-column-series .highcharts-point').count()) > 0,
  );
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Scroll (issue 10): a stock opened from half way down the list starts at its top with the price in view; Back
 * returns to the list where it was (within a few px).
 */
async function scrollIsKept(j: MoneyJourney, list: Locator): Promise<void> {
  const { page, t } = j;
  await page.mouse.wheel(0, 700);
  await eventually('the list scrolled down', async () => (await scrollY(page)) > 300);
  const listY = await scrollY(page);
  await j.shot('quotes-scrolled');
  const rows = await list.getByRole('link').all();
  let row: Locator | undefined;
  for (const link of rows) {
    const box = await link.boundingBox();
    if (box && box.y > 300 && box.y < 600) row = row ?? link;
  }
  if (!row) throw new Error('no quote row in the middle of the screen');
  // The list's address, with the sort the journey chose (?sort=…&order=…): Back must return to exactly it.
  const listHash = await page.evaluate(() => location.hash);
  expect(listHash.startsWith('#/home/home')).toBe(true);
  await row.click();
  await eventually('#/quotes/info', async () => page.evaluate(() => location.hash.startsWith('#/quotes/info')));
  await expectScreen(page, '/quotes/info');
  const header = remoteScope(page, 'mf_trade').getByRole('region', { name: t.trade('detail.quote') });
  await header.waitFor();
  expect(await scrollY(page)).toBe(0);
  const box = await header.boundingBox();
  // The quote (name and price first) is in the upper half of the screen, not scrolled away.
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeLessThan(page.viewportSize()!.height / 2);
  await j.shot('detail-opened-at-top');
  await page.goBack();
  await eventually(`${listHash} after Back`, async () => (await page.evaluate(() => location.hash)) === listHash);
  await eventually(`the list back at ${listY} px`, async () => Math.abs((await scrollY(page)) - listY) <= 4);
  await j.shot('quotes-back-scroll-kept');
}

async function journey(j: MoneyJourney): Promise<void> {
  const { page, t } = j;
  const trade = remoteScope(page, 'mf_trade');
  const investor = await registerAndLogIn(server.baseUrl, j.account, j.password);
  await storeSession(page, investor, j.language);
  await page.goto('/#/home/index');
  await expectScreen(page, '/home/index');

  // Dashboard: the three main indices with prices, the top movers of Japan.
  const indices = trade
    .getByRole('region', { name: t.trade('dashboard.indices') })
    .or(trade.locator('section').filter({ has: page.getByRole('heading', { name: t.trade('dashboard.indices') }) }));
  await eventually('three index prices', async () => (await indices.locator('[data-flash], .ds-num').count()) >= 6);
  const gainers = trade.getByRole('list', { name: t.trade('dashboard.gainers') });
  await eventually('five gainers', async () => (await gainers.getByRole('link').count()) === 5);
  await trade.getByText(t.common('simulatedData')).first().waitFor();
  await j.shot('dashboard');
  await trade
    .locator('label')
    .filter({ hasText: exactly(t.trade('dashboard.losers')) })
    .click();
  await eventually(
    'five losers',
    async () =>
      (await trade
        .getByRole('list', { name: t.trade('dashboard.losers') })
        .getByRole('link')
        .count()) === 5,
  );
  await j.shot('dashboard-losers');

  // Quotes: Japan by default (trading: prices flash), then US and China (closed: when they open).
  await go(page, '/home/home');
  const japan = trade.getByRole('list', { name: t.trade('quotes.listLabel', { market: t.trade('market.jpy') }) });
  await eventually('20 Japanese quotes', async () => (await japan.getByRole('link').count()) === 20);
  await seesAFlash(japan);
  await j.shot('quotes-japan');
  await trade.getByRole('button', { name: new RegExp(t.trade('quotes.column.change')) }).click();
  await eventually('sorted by change', async () => {
    const figures = await japan.locator('.ds-num').allInnerTexts();
    const values = figures.map((s) => Number(s.replace(/[^\d.-]/g, '')));
    return values.length >= 20 && values.every((v, i) => i === 0 || v <= values[i - 1]! + 0.001);
  });
  await j.shot('quotes-japan-by-change');
  await scrollIsKept(j, japan);
  for (const market of ['usd', 'cny'] as const) {
    await trade.getByRole('tab', { name: t.trade(`market.${market}`) }).click();
    const list = trade.getByRole('list', {
      name: t.trade('quotes.listLabel', { market: t.trade(`market.${market}`) }),
    });
    await eventually(`${market} quotes`, async () => (await list.getByRole('link').count()) > 0);
    const opens = t.trade('live.status.closedUntil', { time: 'TIME' }).split('TIME')[0]!;
    const closedNote = trade.getByText(new RegExp(escapeRegExp(opens))).first();
    await closedNote.waitFor();
    // The banner names the market's zone and, the browser being in Tokyo, the device's time too (issue 10).
    const zone = market === 'usd' ? 'E[SD]T' : 'CST';
    // Spaces inside each clock are no-break spaces (\s matches them).
    const device = t.common('marketTime.device', { time: 'TIME' }).split('TIME').map(escapeRegExp).join('[-\\d:\\s]+');
    expect(await closedNote.innerText()).toMatch(new RegExp(`\\d{2}:\\d{2}\\s${zone} · ${device}`));
    await j.shot(`quotes-${market}`);
  }
  await trade.getByRole('tab', { name: t.trade('market.jpy') }).click();

  // Search: by the Japanese name, then by code; add Toyota to the watchlist.
  await go(page, '/quotes/search');
  const input = trade.getByLabel(t.trade('quotes.searchLabel'));
  await input.fill('トヨタ');
  const byName = trade.getByRole('list', { name: t.trade('quotes.results', { query: 'トヨタ' }) });
  await byName.locator('a[href*="code=7203"]').waitFor();
  await j.shot('search-by-name');
  await input.fill('7203');
  const byCode = trade.getByRole('list', { name: t.trade('quotes.results', { query: '7203' }) });
  const toyota = byCode.getByRole('listitem').filter({ has: page.locator('a[href*="code=7203"]') });
  await toyota.waitFor();
  const add = toyota.getByRole('button', { pressed: false });
  await eventually('the watch button ready', async () => add.isEnabled());
  await add.click();
  await toyota.getByRole('button', { pressed: true }).waitFor();
  await j.shot('search-added');

  // Watchlist: Toyota with a live price; edit → remove → done → empty state with a way to add.
  await go(page, '/quotes/self');
  const watchlist = trade.getByRole('list', { name: t.trade('watchlist.title') });
  await watchlist.locator('a[href*="code=7203"]').waitFor();
  await j.shot('watchlist');
  await trade.getByRole('button', { name: exactly(t.trade('watchlist.edit')) }).click();
  await j.shot('watchlist-editing');
  // The remove button by its whole name around the stock's (the row also has move up/down buttons now).
  const [before, after] = t.trade('watchlist.removeNamed', { name: '\u0000' }).split('\u0000') as [string, string];
  const quote = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await watchlist
    .getByRole('button', { name: new RegExp(`^${quote(before)}.+${quote(after)}$`) })
    .first()
    .click();
  await trade.getByText(t.trade('watchlist.empty.title')).waitFor();
  await trade.getByRole('button', { name: exactly(t.trade('watchlist.done')) }).click();
  await trade.getByRole('link', { name: t.trade('watchlist.empty.action') }).waitFor();
  await j.shot('watchlist-empty');

  // 7203: header quote, the chart draws; every period and every sub chart.
  await go(page, '/quotes/info?code=7203&market=jpy');
  const header = trade.getByRole('region', { name: t.trade('detail.quote') });
  await header.waitFor();
  await chartDrawn(page, 'day', 'macd');
  await trade.getByText(t.trade('detail.chartSimulated')).waitFor();
  await seesAFlash(header);
  await j.shot('detail-7203-day-macd');
  // Turnover is shortened by language (万/億, 万/亿, K/M/B); its name is the full figure, shown on tap (issue 10).
  const turnover = header.getByRole('button', { name: /^\d{1,3}(,\d{3})+\.\d{2} JPY$/ });
  expect(await turnover.innerText()).toMatch(/^[\d.,]+(万|亿|億|K|M|B|T) JPY$/);
  await turnover.click();
  await eventually('the full turnover', async () => /^\d{1,3}(,\d{3})+\.\d{2} JPY$/.test(await turnover.innerText()));
  await j.shot('detail-7203-turnover-full');
  await turnover.click();
  for (const period of PERIODS) {
    await trade.getByRole('tab', { name: exactly(t.trade(`detail.period.${period}`)) }).click();
    await chartDrawn(page, period, 'macd');
    if (period === 'timeShare' || period === 'm60' || period === 'week' || period === 'year')
      await j.shot(`detail-7203-${period}`);
  }
  await trade.getByRole('tab', { name: exactly(t.trade('detail.period.day')) }).click();
  for (const sub of SUBS) {
    await trade
      .locator('label')
      .filter({ hasText: exactly(t.trade(`detail.sub.${sub}`)) })
      .click();
    await chartDrawn(page, 'day', sub);
    await j.shot(`detail-7203-day-${sub}`);
  }
  // At 360 px wide (the narrowest phone of STYLE.md) nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 780 });
  for (const route of ['/home/index', '/home/home', '/quotes/search', '/quotes/info?code=7203&market=jpy']) {
    await go(page, route);
    if (route.startsWith('/quotes/info')) await chartDrawn(page, 'day', 'macd');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect([route, overflow]).toEqual([route, 0]);
    await j.shot(`360px-${route.split('?')[0]!.replace(/\//g, '-')}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // Highcharts came in chunks of their own, fetched by this screen only.
  const chunks = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => /highcharts/.test(n)),
  );
  expect(chunks.length).toBeGreaterThan(0);
}

test(
  'English: dashboard, quotes JP/US/CN, search, watchlist edit, 7203 chart through every period and sub chart',
  englishJourney,
  300_000,
);

async function englishJourney(): Promise<void> {
  await runMoneyJourney(
    browser,
    server.baseUrl,
    'us',
    async (j) => {
      await journey(j);
      expect(j.cjk).toEqual({});
    },
    'markets-us',
  );
}

test('Japanese: the same screens in Japanese', async () => {
  await runMoneyJourney(browser, server.baseUrl, 'jp', journey, 'markets-jp');
}, 300_000);

test('Chinese: the same screens in Chinese', async () => {
  await runMoneyJourney(browser, server.baseUrl, 'cn', journey, 'markets-cn');
}, 300_000);

/**
 * A deep link to a stock's page shows its price from the HTML before any of the app's JavaScript
 * (docs/decisions/0030-early-quote-from-html.md): with every script held back, the early quote shows the
 * /stock/detail answer the page itself asked for, formatted as the screen formats it; once the scripts run, the
 * page's own quote header replaces it. A code the server refuses paints nothing.
 */
test('A deep link to 7203 shows its price before the app’s code, then the page takes over', async () => {
  const dir = path.join(ARTIFACTS_DIR, 'early-quote');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const session = await registerAndLogIn(server.baseUrl, freshAccount(), `Kabu-${Date.now().toString(36)}`);
  const context = await phoneContext(browser, server.baseUrl, 'en-US');
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
    await storeSession(page, session, 'us');

    const held: Route[] = [];
    let holding = true;
    // Highcharts (its own named chunks) is held longer: until then the screen's chart shows the early drawing
    const charting: Route[] = [];
    let holdingCharts = true;
    await page.route(/\.js(\?|$)/, (route) => {
      if (holdingCharts && /\/highcharts-[^/]*\.js/.test(route.request().url())) charting.push(route);
      else if (holding) held.push(route);
      else void route.continue();
    });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/vue/stock/detail'));
    const candleAnswer = page.waitForResponse((r) => r.url().endsWith('/api/vue/stock/candles'));
    await page.goto('/#/quotes/info?code=7203&market=jpy', { waitUntil: 'commit' });
    const quote = (await (await answer).json()).data as { code: string; name: string; price: string; currency: string };
    const bars = (await (await candleAnswer).json()).data as { list: { high: string; low: string }[] };
    const early = page.locator('section[data-early-quote="jpy:7203"]');
    await early.waitFor();
    expect(await early.getAttribute('aria-label')).toBe('Quote');
    expect(await early.locator('.sh-early-quote__price').textContent()).toBe(formatMoney(quote.price));
    expect(await early.locator('.sh-early-quote__name').textContent()).toBe(quote.name);
    expect(await early.locator('.sh-early-quote__currency').textContent()).toBe(quote.currency);
    await expect(early.locator('.sh-early-quote__note').textContent()).resolves.toMatch(/^Simulated price · /);
    // the early chart: the latest 100 of the day candles the page got, their high and low as the screen formats them
    const shown = bars.list.slice(-100);
    const highest = shown.reduce((a, b) => (new Decimal(b.high).gt(a) ? b.high : a), shown[0]!.high);
    const lowest = shown.reduce((a, b) => (new Decimal(b.low).lt(a) ? b.low : a), shown[0]!.low);
    const chart = early.locator('.sh-early-chart');
    await chart.locator('svg').waitFor();
    expect(await chart.locator('rect.sh-early-chart__candle').count()).toBe(shown.length);
    expect(await chart.locator('.sh-early-chart__high').textContent()).toBe(formatMoney(highest));
    expect(await chart.locator('.sh-early-chart__low').textContent()).toBe(formatMoney(lowest));
    expect(await chart.locator('.sh-early-chart__caption').textContent()).toBe('Day chart · Simulated market data');
    // drawn inside the phone's width
    const box = await chart.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // nothing of the app has run: every script is still held, React has not rendered
    expect(held.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => Boolean(document.querySelector('[data-remote]')))).toBe(false);
    await page.screenshot({ path: path.join(dir, '01-early-quote-before-scripts.png'), animations: 'disabled' });

    // the scripts run: the page's own header shows the price and the early copy is gone
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    const header = remoteScope(page, 'mf_trade').getByRole('region', { name: 'Quote' });
    await header.waitFor();
    await eventually('the early quote removed', async () => (await early.count()) === 0);
    expect(await header.textContent()).toMatch(/\d/);
    // the drawing moved into the screen's chart, in place of its skeleton, while Highcharts is on its way
    const chartScope = remoteScope(page, 'mf_trade').getByTestId('tr-stock-chart').locator('..');
    const adopted = chartScope.locator('[data-preview] .sh-early-chart--adopted');
    await adopted.waitFor();
    expect(await adopted.locator('rect.sh-early-chart__candle').count()).toBe(shown.length);
    expect(await chartScope.locator('.ds-skeleton').count()).toBe(0);
    await page.screenshot({ path: path.join(dir, '02-page-took-over.png'), animations: 'disabled' });
    // Highcharts draws: the early drawing goes
    holdingCharts = false;
    for (const route of charting.splice(0)) await route.continue();
    await remoteScope(page, 'mf_trade').locator('[data-testid="tr-stock-chart"][data-ready]').waitFor();
    expect(await page.locator('.sh-early-chart').count()).toBe(0);
    await page.screenshot({ path: path.join(dir, '03-chart-drawn.png'), animations: 'disabled' });

    // a code the server refuses: no early quote, the page says the stock was not found
    const second = await context.newPage();
    second.on('pageerror', (error) => errors.push(error.message));
    const refused = second.waitForResponse((r) => r.url().endsWith('/api/vue/stock/detail'));
    await second.goto('/#/quotes/info?code=ZZZZ9&market=jpy', { waitUntil: 'commit' });
    expect((await (await refused).json()).status).not.toBe(1);
    await remoteScope(second, 'mf_trade').getByRole('heading', { name: /ZZZZ9/ }).first().waitFor();
    expect(await second.locator('section[data-early-quote]').count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
