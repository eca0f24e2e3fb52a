#!/usr/bin/env node
/**
 * Stock page bench (issue 15): the 7203 page `#/quotes/info?code=7203&market=jpy`, logged in, in headless Chromium
 * (playwright-core, CHROME_PATH) at 390×844 under Lighthouse's mobile profile applied for real through CDP (slow 4G
 * and 4× CPU, as bench/lib/measure.mjs coldLoad). The built server (embedded PGlite) runs on a test clock inside
 * Tokyo hours, so prices move and the quote stream sends ticks.
 *  - Cold: a fresh browser context (empty cache) per run, the session in localStorage before any script (as e2e's
 *    storeSession). Time to the price (the first price on screen: index.html's early quote of the deep link,
 *    docs/decisions/0030-early-quote-from-html.md, or the screen's quote header, whichever shows a number first; the
 *    screen's own header is printed beside it) and to the drawn chart (the first chart on screen: index.html's early
 *    chart of the deep link's day candles, a candle body in the card, the screen's drawing of its candles answer while
 *    Highcharts makes its chart from it, or the screen's Highcharts chart, its candlestick series' first point path;
 *    the screen's own Highcharts chart is printed beside it), each the next animation
 *    frame after the DOM change that made it true, from navigation start. Reference: the bare React page's LCP
 *    (PerformanceObserver "largest-contentful-paint") under identical throttling, measured alternately in the same
 *    run. Goals: price ≤ 1.3× bare LCP, chart ≤ 2× bare LCP (medians).
 *  - Warm: a fresh context loads the quotes list (#/home/home) under the same throttling, waits for it to settle,
 *    then taps the 7203 row: tap (the click event's timeStamp) to price and to chart (the first chart on screen, as
 *    above; the Highcharts chart printed beside it). Goals ≤ 300 ms and ≤ 800 ms.
 *  - Where the cold time goes: the median run's requests (resource timing, same clock as the marks) before the
 *    price and before the chart, grouped, and the quote stream's socket open and first frame.
 * Never fails on a figure.
 *
 *   npm run build && node bench/stockpage.bench.mjs
 *   env: CHROME_PATH (/usr/bin/chromium), STOCKPAGE_BENCH_RUNS (5)
 */
import { chromium } from 'playwright-core';
import {
  CHROME,
  CHROMIUM_ARGS,
  CLOCK_START,
  MOBILE_TEXT,
  PHONE,
  bareReact,
  fmt,
  goalLine,
  loadLine,
  log,
  missingBuild,
  registerInvestor,
  sessionContext,
  sleep,
  startServer,
  throttle,
} from './lib/stock-app.mjs';
import { median, ratio } from './lib/stats.cjs';

const RUNS = Math.max(1, Number.parseInt(process.env.STOCKPAGE_BENCH_RUNS ?? '5', 10));
const STOCK = '/#/quotes/info?code=7203&market=jpy';
const LIST = '/#/home/home';
const GOALS = { priceRatio: 1.3, chartRatio: 2, warmPriceMs: 300, warmChartMs: 800 };
const TIMEOUT = 120_000;

/**
 * Runs in the page before its scripts: records when the price and the chart first show (the animation frame after the
 * DOM change), the largest contentful paint, the quote socket's open and first frame, and taps.
 */
function probe() {
  const p = {
    price: Number.NaN,
    screenPrice: Number.NaN,
    chart: Number.NaN,
    screenChart: Number.NaN,
    lcp: Number.NaN,
    wsOpen: Number.NaN,
    wsFirst: Number.NaN,
  };
  p.tap = Number.NaN;
  window.__probe = p;
  const hasDigit = (el) => Boolean(el && /\d/.test(el.textContent ?? ''));
  // the screen's quote header (mf-trade, inside its remote's scope)
  const screenPriceShown = () =>
    hasDigit(document.querySelector('[data-remote] section[aria-label="Quote"]')?.children[1]?.firstElementChild);
  // the first price on screen: index.html's early quote of the deep link (docs/decisions/0030), or the screen's
  const priceShown = () =>
    hasDigit(document.querySelector('section[data-early-quote] .sh-early-quote__price')) || screenPriceShown();
  // the screen's Highcharts chart: the candlestick series' first point path
  const screenChartShown = () =>
    Boolean(
      document.querySelector('[data-testid="tr-stock-chart"] .highcharts-candlestick-series path.highcharts-point'),
    );
  // the screen's drawing of its candles answer while Highcharts makes the chart from it (stock-chart.tsx)
  const screenPreviewShown = () => Boolean(document.querySelector('[data-testid="tr-chart-preview"] rect'));
  // the first chart on screen: index.html's early chart of the deep link's day candles (docs/decisions/0030), or the
  // screen's drawing of its candles, or the screen's Highcharts chart
  const chartShown = () =>
    Boolean(document.querySelector('section[data-early-quote] .sh-early-chart rect.sh-early-chart__candle')) ||
    screenPreviewShown() ||
    screenChartShown();
  const pending = new Set();
  const check = () => {
    for (const [key, test] of [
      ['price', priceShown],
      ['screenPrice', screenPriceShown],
      ['chart', chartShown],
      ['screenChart', screenChartShown],
    ]) {
      if (Number.isNaN(p[key]) && !pending.has(key) && test()) {
        pending.add(key);
        requestAnimationFrame(() => {
          p[key] = performance.now();
        });
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) p.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // no LCP in this browser
  }
  addEventListener('click', (e) => (p.tap = e.timeStamp), true);
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => (p.wsOpen = Number.isNaN(p.wsOpen) ? performance.now() : p.wsOpen));
      this.addEventListener('message', () => (p.wsFirst = Number.isNaN(p.wsFirst) ? performance.now() : p.wsFirst));
    }
  };
}

const readProbe = (page) =>
  page.evaluate(() => ({
    ...window.__probe,
    resources: performance.getEntriesByType('resource').map((r) => ({
      name: r.name,
      type: r.initiatorType,
      start: r.startTime,
      end: r.responseEnd,
      bytes: r.transferSize,
    })),
    doc: (() => {
      const n = performance.getEntriesByType('navigation')[0];
      return n ? { end: n.responseEnd, dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd } : undefined;
    })(),
  }));

/** Waits for the probe's `key`; a timeout names what never showed and where (the page's address). */
async function waitFor(page, key) {
  try {
    await page.waitForFunction((k) => Number.isFinite(window.__probe?.[k]), key, { timeout: TIMEOUT, polling: 200 });
  } catch (error) {
    throw new Error(`${key} not shown within ${TIMEOUT} ms at ${page.url()}: ${error.message.split('\n')[0]}`);
  }
}

async function coldStock(browser, base, session) {
  const context = await sessionContext(browser, base, session);
  try {
    await context.addInitScript(probe);
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(STOCK, { waitUntil: 'commit', timeout: TIMEOUT });
    await waitFor(page, 'price');
    await waitFor(page, 'screenPrice');
    await waitFor(page, 'chart');
    await waitFor(page, 'screenChart');
    await sleep(500);
    return await readProbe(page);
  } finally {
    await context.close();
  }
}

async function bareLcp(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(probe);
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
    await waitFor(page, 'lcp');
    await sleep(500);
    return (await readProbe(page)).lcp;
  } finally {
    await context.close();
  }
}

async function warmFromList(browser, base, session) {
  const context = await sessionContext(browser, base, session);
  try {
    await context.addInitScript(probe);
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(LIST, { waitUntil: 'load', timeout: TIMEOUT });
    const row = page.locator('a[href*="quotes/info?code=7203&market=jpy"]').first();
    await row.waitFor({ timeout: TIMEOUT });
    const listShown = await page.evaluate(() => performance.now());
    // The list settles: its own requests and the idle-time work after first paint.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await sleep(2_000);
    await row.click();
    await waitFor(page, 'price');
    await waitFor(page, 'chart');
    const p = await readProbe(page);
    await waitFor(page, 'screenChart');
    // no early copy on a tap within the app: the first chart is the screen's (its candles drawn, then Highcharts)
    return { listShown, price: p.price - p.tap, chart: p.chart - p.tap, highcharts: p.screenChart - p.tap };
  } finally {
    await context.close();
  }
}

const shortName = (url) => {
  const u = new URL(url);
  return `${u.pathname}${u.search ? '?…' : ''}`.replace(/^\/api\/vue/, 'API ');
};

function kind(r) {
  const u = new URL(r.name);
  if (/\/(remoteEntry\.js|mf-manifest\.json)$/.test(u.pathname)) return 'remote entries / manifests';
  if (u.pathname.startsWith('/api/')) return 'API calls';
  if (u.pathname.endsWith('.js')) return 'JS chunks';
  if (u.pathname.endsWith('.css')) return 'CSS';
  if (u.pathname.endsWith('.json')) return 'JSON (translations, config)';
  return 'other';
}

function breakdown(run) {
  log(`\nWhere the cold time goes (the median run: price ${fmt(run.price)} ms, chart ${fmt(run.chart)} ms)`);
  log(
    `  document: response end ${fmt(run.doc?.end)} ms, DOMContentLoaded ${fmt(run.doc?.dcl)} ms, ` +
      `load ${fmt(run.doc?.load)} ms`,
  );
  for (const [label, until] of [
    ['before the price', run.price],
    ['before the chart', run.chart],
  ]) {
    const before = run.resources.filter((r) => r.start < until);
    const groups = new Map();
    for (const r of before) {
      const g = groups.get(kind(r)) ?? { n: 0, first: Infinity, last: 0, bytes: 0 };
      g.n += 1;
      g.first = Math.min(g.first, r.start);
      g.last = Math.max(g.last, r.end);
      g.bytes += r.bytes || 0;
      groups.set(kind(r), g);
    }
    log(`  requests started ${label}: ${before.length}`);
    for (const [k, g] of groups)
      log(
        `    ${k.padEnd(30)} ${String(g.n).padStart(3)}  first start ${fmt(g.first).padStart(6)} ms, ` +
          `last end ${fmt(g.last).padStart(6)} ms, ${fmt(g.bytes / 1024, 1)} KB transferred`,
      );
  }
  log('  each request started before the chart (start → end ms, KB):');
  for (const r of run.resources.filter((x) => x.start < run.chart).sort((a, b) => a.start - b.start))
    log(
      `    ${fmt(r.start).padStart(6)} → ${fmt(r.end).padStart(6)}  ${fmt(r.bytes / 1024, 1).padStart(6)}  ` +
        `${shortName(r.name)}${r.end > run.price && r.start < run.price ? '  (in flight at the price)' : ''}`,
    );
  log(`  quote stream: socket open ${fmt(run.wsOpen)} ms, first frame ${fmt(run.wsFirst)} ms`);
}

async function main() {
  const missing = missingBuild();
  if (missing.length) {
    log(`stock page bench: build output missing (${missing.join(', ')}); run \`npm run build\`. Nothing measured.`);
    return;
  }
  log(
    `Stock page bench: ${STOCK} logged in, headless Chromium ${CHROME} at 390×844, ${MOBILE_TEXT}; ` +
      `server test clock ${CLOCK_START} (Tokyo open); ${RUNS} runs, each a fresh browser context (cold cache).`,
  );
  const server = await startServer();
  const bare = await bareReact();
  const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: CHROMIUM_ARGS });
  try {
    const session = await registerInvestor(server.base, 'stockpage');
    const cold = [];
    const bareRuns = [];
    const warm = [];
    for (let i = 0; i < RUNS; i += 1) {
      bareRuns.push(await bareLcp(browser, bare.url));
      cold.push(await coldStock(browser, server.base, session));
      warm.push(await warmFromList(browser, server.base, session));
      const c = cold.at(-1);
      const w = warm.at(-1);
      log(
        `  run ${i + 1}/${RUNS}: bare LCP ${fmt(bareRuns.at(-1))} ms | cold price ${fmt(c.price)} ms ` +
          `(in the screen ${fmt(c.screenPrice)} ms), ` +
          `chart ${fmt(c.chart)} ms (in the screen ${fmt(c.screenChart)} ms), app LCP ${fmt(c.lcp)} ms | ` +
          `warm tap→price ${fmt(w.price)} ms, ` +
          `tap→chart ${fmt(w.chart)} ms (Highcharts' ${fmt(w.highcharts)} ms; list shown at ${fmt(w.listShown)} ms)`,
      );
    }
    const bareMed = median(bareRuns);
    const price = median(cold.map((c) => c.price));
    const chart = median(cold.map((c) => c.chart));
    const warmPrice = median(warm.map((w) => w.price));
    const warmChart = median(warm.map((w) => w.chart));
    log('');
    log(loadLine());
    log(`Cold, medians of ${RUNS} (ms from navigation start; ${MOBILE_TEXT}):`);
    log(`  bare React LCP (reference)                     ${fmt(bareMed)} ms`);
    const priceRatio = ratio(price, bareMed);
    const chartRatio = ratio(chart, bareMed);
    log(`  stock page: price shown                        ${fmt(price)} ms = ${fmt(priceRatio, 2)}× bare LCP`);
    log(
      `    (the early quote from the HTML; the screen's own header ${fmt(median(cold.map((c) => c.screenPrice)))} ms)`,
    );
    log(`  stock page: chart drawn                        ${fmt(chart)} ms = ${fmt(chartRatio, 2)}× bare LCP`);
    log(
      `    (the early chart from the HTML; the screen's own Highcharts chart ` +
        `${fmt(median(cold.map((c) => c.screenChart)))} ms)`,
    );
    log(`  stock page: LCP (informational)                ${fmt(median(cold.map((c) => c.lcp)))} ms`);
    log(`Warm, from the quotes list (#/home/home, same throttling), medians of ${RUNS}, ms from the tap:`);
    log(`  tap → price                                    ${fmt(warmPrice)} ms`);
    log(`  tap → chart                                    ${fmt(warmChart)} ms`);
    log(
      `    (the screen's drawing of its candles answer; its Highcharts chart ` +
        `${fmt(median(warm.map((w) => w.highcharts)))} ms)`,
    );
    log('Goals');
    log(goalLine('cold price ÷ bare React LCP', priceRatio, GOALS.priceRatio, '×'));
    log(goalLine('cold chart ÷ bare React LCP', chartRatio, GOALS.chartRatio, '×'));
    log(goalLine('warm tap → price', warmPrice, GOALS.warmPriceMs));
    log(goalLine('warm tap → chart', warmChart, GOALS.warmChartMs));
    const mid = [...cold].sort((a, b) => a.price - b.price)[Math.floor(cold.length / 2)];
    breakdown(mid);
  } finally {
    await browser.close().catch(() => undefined);
    await bare.stop().catch(() => undefined);
    await server.stop().catch(() => undefined);
  }
}

main().catch((error) => {
  log(`stock page bench: ${error instanceof Error ? error.message : String(error)} (nothing more measured)`);
});
