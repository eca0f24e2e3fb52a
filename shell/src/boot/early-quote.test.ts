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
import { earlyAnswer, releaseEarlyPaint } from './early-answers';

const STRINGS = {
  'zh-CN': { label: '报价', simulated: '模拟价格', asOf: 'as-of-zh' },
  en: { label: 'Quote', simulated: 'Simulated price', asOf: 'as-of-en' },
  ja: { label: '株価', simulated: 'シミュレーション価格', asOf: 'as-of-ja' },
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

type PageWindow = Window & { __earlyAnswers?: unknown[]; __earlyQuoteDone?: () => void };

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

let calls: Call[];
let answer: () => Promise<unknown>;

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
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const body = await answer();
    return { ok: true, json: async () => body } as Response;
  });
});

afterEach(() => {
  (window as PageWindow).__earlyQuoteDone?.();
  delete (window as PageWindow).__earlyAnswers;
  delete (window as PageWindow).__earlyQuoteDone;
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
    expect(calls).toHaveLength(1);
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
