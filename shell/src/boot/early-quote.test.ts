/**
 * index.html's early quote (docs/decisions/0030-early-quote-from-html.md), run as the page runs it: the inline script
 * taken from the template, in jsdom, with a recorded fetch. It asks exactly what the stock screen would ask, paints
 * figures formatted as the screen formats them (shared/money formatMoney, shared/ui PriceChange), paints nothing
 * for a refusal, a failure, a missing session or another route, and is gone (with its answer) once released.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { formatMoney } from 'shared/money';
import { PriceChange } from 'shared/ui';
import { earlyAnswer, releaseEarlyPaint, takeEarlyChart } from './early-answers';

const STRINGS = {
  'zh-CN': {
    label: '报价',
    simulated: '模拟价格',
    asOf: 'as-of-zh',
    chart: '日K线',
    chartSimulated: '模拟行情数据',
    high: '最高',
    low: '最低',
  },
  en: {
    label: 'Quote',
    simulated: 'Simulated price',
    asOf: 'as-of-en',
    chart: 'Day chart',
    chartSimulated: 'Simulated market data',
    high: 'High',
    low: 'Low',
  },
  ja: {
    label: '株価',
    simulated: 'シミュレーション価格',
    asOf: 'as-of-ja',
    chart: '日足チャート',
    chartSimulated: 'シミュレーション相場',
    high: '高値',
    low: '安値',
  },
};

const SCRIPTS = [
  ...readFileSync(path.join(__dirname, '../index.html'), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g),
].map((m) => m[1]!);
const scriptWith = (marker: string) => {
  const script = SCRIPTS.find((s) => s.includes(marker));
  if (!script) throw new Error(`index.html has no script with ${marker}`);
  return script;
};
/** The site config's script, which defines the page's API call (`__apiPost`) the early quote uses. */
const CONFIG_SCRIPT = scriptWith('__apiPost = apiPost');
/** The template's early-quote script, its one template value (the strings) filled in. */
const SCRIPT = scriptWith('__earlyQuoteDone').replace(/<%=[^%]*startup\.quote[^%]*%>/, JSON.stringify(STRINGS));

interface Call {
  url: string;
  init: RequestInit;
}

type PageWindow = Window & {
  __earlyAnswers?: unknown[];
  __earlyQuoteDone?: () => void;
  __earlyChartTake?: unknown;
};

const quote = (fields: Record<string, unknown> = {}) => ({
  code: '7203',
  name: 'Toyota Motor',
  market: 'jpy',
  currency: 'JPY',
  price: '2429.5',
  change: '-7',
  change_ratio: '-0.287',
  simulated: true,
  ...fields,
});

/** Day candles as /stock/candles answers them: `n` bars, oldest first, day i opening at 1000 + i. */
const candles = (n: number, fields: (i: number) => Record<string, unknown> = () => ({})) => ({
  market: 'jpy',
  code: '7203',
  period: 'day',
  simulated: true,
  list: Array.from({ length: n }, (_, i) => ({
    time: Date.UTC(2026, 0, 1) + i * 86_400_000,
    date: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    open: String(1000 + i),
    high: `${1010 + i}.5`,
    low: String(990 + i),
    close: i % 2 === 0 ? String(1005 + i) : String(995 + i),
    volume: String(1000 * (i + 1)),
    amount: '0',
    ...fields(i),
  })),
});

let calls: Call[];
let answer: () => Promise<unknown>;
let candleAnswer: () => Promise<unknown>;

async function run(hash: string, storage: Record<string, string> = { token: 't1', account: 'a1', language: 'us' }) {
  localStorage.clear();
  for (const [k, v] of Object.entries(storage)) localStorage.setItem(k, v);
  window.location.hash = hash;
  // the page as served: the site config embedded (so its script asks nothing), then the early quote's script
  document.head.innerHTML = '<script id="site-config" type="application/json">{"status":1,"data":[]}</script>';
  new Function(CONFIG_SCRIPT)();
  new Function(SCRIPT)();
  // the answer's promise chain
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const card = () => document.querySelector<HTMLElement>('section[data-early-quote]');
const text = (selector: string) => card()?.querySelector(selector)?.textContent;
/** The screen's PriceChange as text (arrow and figure). */
const priceChange = (value: string, percent = false) => {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(createElement(PriceChange, { value, percent }));
  return host.textContent;
};

beforeEach(() => {
  calls = [];
  answer = async () => ({ status: 1, msg: '', data: quote() });
  candleAnswer = async () => ({ status: 1, msg: '', data: candles(3) });
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const body = await (url.endsWith('/stock/candles') ? candleAnswer() : answer());
    return { ok: true, json: async () => body } as Response;
  });
});

afterEach(() => {
  (window as PageWindow).__earlyQuoteDone?.();
  delete (window as PageWindow).__earlyAnswers;
  delete (window as PageWindow).__earlyQuoteDone;
  delete (window as PageWindow).__earlyChartTake;
  delete (globalThis as { fetch?: unknown }).fetch;
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  window.location.hash = '';
});

describe('index.html early quote', () => {
  it('asks what the stock screen asks (POST form, the session’s headers and language), paints the answer', async () => {
    await run('#/quotes/info?code=7203&market=jpy', {
      token: 't1',
      account: 'a1',
      language: 'en',
      device_id: 'd'.repeat(22),
    });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.url).toBe('/api/vue/stock/detail');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('code=7203&market=jpy&lang=us');
    expect(calls[0]!.init.headers).toEqual({
      'content-type': 'application/x-www-form-urlencoded',
      token: 't1',
      account: 'a1',
      'device-id': 'd'.repeat(22),
    });
    expect(card()?.getAttribute('aria-label')).toBe('Quote');
    expect(card()?.getAttribute('data-early-quote')).toBe('jpy:7203');
    expect(text('.sh-early-quote__price')).toBe('2,429.50');
    expect(text('.sh-early-quote__name')).toBe('Toyota Motor');
    expect(text('.sh-early-quote__note')).toBe('Simulated price · as-of-en');
    // the host kit hands the same answer to the screen asking exactly this
    expect(earlyAnswer('/stock/detail', { code: '7203', market: 'jpy', lang: 'us' })).toEqual(quote());
    expect(earlyAnswer('/stock/detail', { code: '7203', market: 'jpy', lang: 'cn' })).toBeUndefined();
    expect(earlyAnswer('/stock/detail', { code: '6758', market: 'jpy', lang: 'us' })).toBeUndefined();
    expect(earlyAnswer('/stock/depth', { code: '7203', market: 'jpy', lang: 'us' })).toBeUndefined();
  });

  it.each([
    ['2429.5', '-7', '-0.287'],
    ['1234567.005', '12.345', '1.005'],
    ['999.995', '0', '0'],
    ['0.004', '-0.004', '0.001'],
    ['15', '+3.5', '30'],
    ['188.1', '-1234.56', '-99.999'],
  ])('formats price %s, change %s, ratio %s as the screen does', async (price, change, ratio) => {
    answer = async () => ({ status: 1, data: quote({ price, change, change_ratio: ratio }) });
    await run('#/quotes/info?code=7203&market=jpy');
    expect(text('.sh-early-quote__price')).toBe(formatMoney(price));
    const changes = [...card()!.querySelectorAll('.sh-early-quote__change')].map((e) => e.textContent);
    expect(changes).toEqual([priceChange(change), priceChange(ratio, true)]);
  });

  it('colours the change by direction (the page’s up/down convention)', async () => {
    await run('#/quotes/info?code=7203&market=jpy');
    const classes = [...card()!.querySelectorAll('.sh-early-quote__change')].map((e) => e.className);
    expect(classes).toEqual([
      'sh-early-quote__change sh-early-quote__change--down',
      'sh-early-quote__change sh-early-quote__change--down',
    ]);
  });

  it('falls back to the session’s market and language as the screen does; shows Chinese by default', async () => {
    await run('#/quotes/info?code=AAPL', { token: 't1', market: 'usd' });
    expect(calls[0]!.init.body).toBe('code=AAPL&market=usd&lang=cn');
    expect(card()?.getAttribute('aria-label')).toBe('报价');
  });

  it('leaves out the simulated label for a real quote', async () => {
    answer = async () => ({ status: 1, data: quote({ simulated: false }) });
    await run('#/quotes/info?code=7203&market=jpy');
    expect(text('.sh-early-quote__note')).toBe('as-of-en');
  });

  it.each([
    ['a refusal', async () => ({ status: 0, msg: 'stock_not_found', data: null })],
    ['a failure', async () => Promise.reject(new Error('offline'))],
    ['an answer without a price', async () => ({ status: 1, data: quote({ price: 'n/a' }) })],
  ])('paints nothing for %s, and hands the screen nothing', async (_name, next) => {
    answer = next;
    await run('#/quotes/info?code=7203&market=jpy');
    expect(card()).toBeNull();
    if (_name !== 'an answer without a price')
      expect(earlyAnswer('/stock/detail', { code: '7203', market: 'jpy', lang: 'us' })).toBeUndefined();
  });

  it.each([
    ['another route', '#/home/index', { token: 't1' }],
    ['no session', '#/quotes/info?code=7203&market=jpy', {}],
    ['no code', '#/quotes/info?market=jpy', { token: 't1' }],
    ['a code the contract refuses', '#/quotes/info?code=%3Cb%3E&market=jpy', { token: 't1' }],
  ])('asks nothing on %s', async (_name, hash, storage) => {
    await run(hash, storage as Record<string, string>);
    expect(calls).toHaveLength(0);
    expect(card()).toBeNull();
  });

  it('is removed once the first screen shows, and an answer arriving later paints nothing', async () => {
    await run('#/quotes/info?code=7203&market=jpy');
    expect(card()).not.toBeNull();
    releaseEarlyPaint();
    expect(card()).toBeNull();
    expect(earlyAnswer('/stock/detail', { code: '7203', market: 'jpy', lang: 'us' })).toBeUndefined();

    let arrive: (body: unknown) => void = () => undefined;
    answer = () => new Promise((resolve) => (arrive = resolve));
    await run('#/quotes/info?code=7203&market=jpy');
    releaseEarlyPaint();
    arrive({ status: 1, data: quote() });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(card()).toBeNull();
  });
});

describe('index.html early chart', () => {
  const chart = () => card()?.querySelector<HTMLElement>('.sh-early-chart') ?? null;
  const bodies = () => [...(chart()?.querySelectorAll('rect.sh-early-chart__candle') ?? [])];
  const volumes = () => [...(chart()?.querySelectorAll('rect.sh-early-chart__volume') ?? [])];

  it('asks for what the screen’s chart asks first (day candles, its 200-bar limit), as the session', async () => {
    await run('#/quotes/info?code=7203&market=jpy', { token: 't1', account: 'a1', language: 'en' });
    const asked = calls.find((c) => c.url === '/api/vue/stock/candles');
    expect(asked?.init.method).toBe('POST');
    expect(asked?.init.body).toBe('code=7203&market=jpy&period=day&limit=200');
    expect(asked?.init.headers).toEqual({
      'content-type': 'application/x-www-form-urlencoded',
      token: 't1',
      account: 'a1',
    });
  });

  it('draws the latest 100 bars under the quote, their high and low formatted from the strings', async () => {
    candleAnswer = async () => ({ status: 1, data: candles(130) });
    await run('#/quotes/info?code=7203&market=jpy');
    expect(bodies()).toHaveLength(100);
    expect(volumes()).toHaveLength(100);
    expect(chart()!.querySelectorAll('line')).toHaveLength(100);
    // bars 30..129: the highest high is bar 129's, the lowest low bar 30's (the older bars are not in view)
    expect(chart()!.querySelector('.sh-early-chart__high')?.textContent).toBe(formatMoney('1139.5'));
    expect(chart()!.querySelector('.sh-early-chart__low')?.textContent).toBe(formatMoney('1020'));
    expect(chart()!.querySelector('svg')?.getAttribute('aria-label')).toBe('Day chart · High 1,139.50 · Low 1,020.00');
    expect(chart()!.querySelector('.sh-early-chart__caption')?.textContent).toBe('Day chart · Simulated market data');
    // the chart follows the quote inside the card, and goes with it
    expect(card()!.lastElementChild).toBe(chart());
  });

  it('places and colours each candle as the screen’s chart does (up above its open; volume at or above)', async () => {
    candleAnswer = async () => ({
      status: 1,
      data: {
        ...candles(3),
        simulated: false,
        list: [
          { ...candles(1).list[0], open: '100', high: '110', low: '90', close: '105', volume: '50' },
          { ...candles(1).list[0], open: '105', high: '106', low: '95', close: '96', volume: '100' },
          { ...candles(1).list[0], open: '96', high: '100', low: '94', close: '96', volume: '0' },
        ],
      },
    });
    await run('#/quotes/info?code=7203&market=jpy');
    expect(bodies().map((b) => b.getAttribute('class'))).toEqual([
      'sh-early-chart__candle sh-early-chart__up',
      'sh-early-chart__candle sh-early-chart__down',
      'sh-early-chart__candle sh-early-chart__down',
    ]);
    expect(volumes().map((b) => b.getAttribute('class'))).toEqual([
      'sh-early-chart__volume sh-early-chart__up',
      'sh-early-chart__volume sh-early-chart__down',
      'sh-early-chart__volume sh-early-chart__up',
    ]);
    // price pane 4..146 of the 200-unit box for 110..90: the first body spans 105 → 100
    const y = (v: number) => 4 + ((110 - v) / 20) * 142;
    expect(Number(bodies()[0]!.getAttribute('y'))).toBeCloseTo(y(105));
    expect(Number(bodies()[0]!.getAttribute('height'))).toBeCloseTo(y(100) - y(105));
    const wick = chart()!.querySelector('line')!;
    expect([Number(wick.getAttribute('y1')), Number(wick.getAttribute('y2'))]).toEqual([y(110), y(90)]);
    // volume pane 160..200, scaled to the largest volume shown
    expect(volumes().map((v) => Number(v.getAttribute('height')))).toEqual([20, 40, 0]);
    expect(chart()!.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 30 200');
    expect(chart()!.querySelector('.sh-early-chart__caption')?.textContent).toBe('Day chart');
  });

  it('draws when the candles arrive before the quote', async () => {
    let arrive: (body: unknown) => void = () => undefined;
    answer = () => new Promise((resolve) => (arrive = resolve));
    await run('#/quotes/info?code=7203&market=jpy');
    expect(card()).toBeNull();
    arrive({ status: 1, data: quote() });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bodies()).toHaveLength(3);
  });

  it.each([
    ['a refusal', async () => ({ status: 0, msg: 'stock_not_found', data: null })],
    ['a failure', async () => Promise.reject(new Error('offline'))],
    ['no bars', async () => ({ status: 1, data: candles(0) })],
    [
      'a bar without a decimal price',
      async () => ({ status: 1, data: candles(3, (i) => (i === 1 ? { high: 'NaN' } : {})) }),
    ],
    ['a bar without a whole volume', async () => ({ status: 1, data: candles(3, () => ({ volume: '1.5' })) })],
  ])('draws nothing for %s, the quote stays', async (_name, next) => {
    candleAnswer = next;
    await run('#/quotes/info?code=7203&market=jpy');
    expect(text('.sh-early-quote__price')).toBe('2,429.50');
    expect(chart()).toBeNull();
  });

  it('hands its drawing to the screen’s chart once, for the same stock, out of the card', async () => {
    await run('#/quotes/info?code=7203&market=jpy');
    const drawn = chart();
    expect(drawn).not.toBeNull();
    expect(takeEarlyChart('jpy', '6758')).toBeUndefined();
    expect(takeEarlyChart('usd', '7203')).toBeUndefined();
    expect(chart()).toBe(drawn);
    const taken = takeEarlyChart('jpy', '7203');
    expect(taken).toBe(drawn);
    expect(taken!.classList.contains('sh-early-chart--adopted')).toBe(true);
    // out of the card: the card's release leaves it to whoever took it
    expect(chart()).toBeNull();
    document.body.appendChild(taken!);
    expect(takeEarlyChart('jpy', '7203')).toBeUndefined();
    releaseEarlyPaint();
    expect(card()).toBeNull();
    expect(taken!.isConnected).toBe(true);
    expect(taken!.querySelectorAll('rect.sh-early-chart__candle')).toHaveLength(3);
  });

  it('hands over nothing before it has drawn, nor once released; the code’s case does not matter', async () => {
    let arrive: (body: unknown) => void = () => undefined;
    candleAnswer = () => new Promise((resolve) => (arrive = resolve));
    await run('#/quotes/info?code=aapl&market=usd');
    expect(takeEarlyChart('usd', 'AAPL')).toBeUndefined();
    arrive({ status: 1, data: candles(3) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const drawn = document.querySelector('.sh-early-chart');
    expect(drawn).not.toBeNull();
    expect(takeEarlyChart('usd', 'AAPL')).toBe(drawn);

    await run('#/quotes/info?code=7203&market=jpy');
    releaseEarlyPaint();
    expect(takeEarlyChart('jpy', '7203')).toBeUndefined();
  });

  it('draws nothing without a quote, and nothing once released', async () => {
    answer = async () => ({ status: 0, msg: 'stock_not_found', data: null });
    await run('#/quotes/info?code=7203&market=jpy');
    expect(document.querySelector('.sh-early-chart')).toBeNull();

    let arrive: (body: unknown) => void = () => undefined;
    answer = async () => ({ status: 1, data: quote() });
    candleAnswer = () => new Promise((resolve) => (arrive = resolve));
    await run('#/quotes/info?code=7203&market=jpy');
    releaseEarlyPaint();
    arrive({ status: 1, data: candles(3) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('.sh-early-chart')).toBeNull();
  });
});
