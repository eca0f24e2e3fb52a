/**
 * Market-data test helpers: a quote factory shaped like the contract, and a fake WebSocket standing
 * in for the server's quote stream (shared/src/contract/stream.ts), so screens run with the real
 * live client while the network is faked at its two boundaries (HTTP and the socket).
 */
import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { createMiniHost, renderWithHost, type RenderOptions } from 'shared/test-utils';
import { connectApi } from 'shared/remote-kit';
import { register } from '../expose/register';
import type { Quote, TradePosition } from 'shared/contract';
import { resetLiveClient } from '#lib/live';

export { liveKit } from '#lib/live';

const NAMES: Record<string, Quote['names']> = {
  '7203': { 'zh-CN': '丰田汽车', en: 'Toyota Motor', ja: 'トヨタ自動車' },
  '6758': { 'zh-CN': '索尼集团', en: 'Sony Group', ja: 'ソニーグループ' },
  '9984': { 'zh-CN': '软银集团', en: 'SoftBank Group', ja: 'ソフトバンクグループ' },
  N225: { 'zh-CN': '日经225', en: 'Nikkei 225', ja: '日経平均株価' },
  AAPL: { 'zh-CN': '苹果', en: 'Apple', ja: 'アップル' },
  SPX: { 'zh-CN': '标普500', en: 'S&P 500', ja: 'S&P 500' },
  '600519': { 'zh-CN': '贵州茅台', en: 'Kweichow Moutai', ja: '貴州茅台酒' },
  '000001': { 'zh-CN': '上证指数', en: 'SSE Composite', ja: '上海総合指数' },
};

/** A quote as /stock/detail answers it (English names unless given). */
export function quote(overrides: Partial<Quote> & { code: string }): Quote {
  const names = NAMES[overrides.code] ?? { 'zh-CN': overrides.code, en: overrides.code, ja: overrides.code };
  const market = overrides.market ?? 'jpy';
  return {
    market,
    kind: 'stock',
    name: names.en,
    names,
    currency: market === 'jpy' ? 'JPY' : market === 'usd' ? 'USD' : 'CNY',
    price: '2500.00',
    change: '25.00',
    change_ratio: '1.01',
    open: '2480.00',
    prev_close: '2475.00',
    high: '2510.00',
    low: '2470.00',
    volume: '1234500',
    amount: '3086250000.00',
    limit_up: market === 'usd' ? null : '2975.00',
    limit_down: market === 'usd' ? null : '1975.00',
    tick_size: '1',
    lot: 1,
    trade_date: '2026-11-20',
    status: 'open',
    next_open: null,
    time: '2026-11-20T01:00:00.000Z',
    simulated: true,
    ...overrides,
  };
}

/** A fake browser WebSocket; the test plays the server. */
export class FakeSocket {
  static instances: FakeSocket[] = [];
  /** `accept`: sockets open and wait for the test; `refuse`: every socket fails at once. */
  static behaviour: 'accept' | 'refuse' = 'accept';
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
    queueMicrotask(() => {
      if (FakeSocket.behaviour === 'refuse') this.fail();
      else {
        this.readyState = 1;
        this.onopen?.({});
      }
    });
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.readyState = 3;
  }

  /** Sends a server message (inside act: it updates React state). */
  serverSend(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }

  /** Accepts the session (the server's `ready`). */
  ready() {
    this.serverSend({ type: 'ready' });
  }

  fail() {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }

  static latest(): FakeSocket | undefined {
    return FakeSocket.instances.at(-1);
  }
}

/** Installs the fake WebSocket and a fresh live client; call in beforeEach. */
export function installFakeSocket(behaviour: 'accept' | 'refuse' = 'accept'): void {
  resetLiveClient();
  FakeSocket.instances = [];
  FakeSocket.behaviour = behaviour;
  (globalThis as { WebSocket?: unknown }).WebSocket = FakeSocket;
}

/** Drops the live client; call in afterEach. */
export function uninstallFakeSocket(): void {
  resetLiveClient();
}

/**
 * Renders one screen element (with props a route would not give, e.g. an injected chart) after `register` ran and the
 * shared API is connected, as a route's lazy load connects it.
 */
export async function renderScreen(element: ReactElement, options: RenderOptions & { path: string }) {
  const host = options.host ?? createMiniHost(options);
  await register(host.ctx);
  await connectApi(host.ctx);
  return renderWithHost(element, { ...options, host });
}

/**
 * A /trade/position answer as the server sends it: 100 shares of 7203 held long at market, opened
 * 2026-11-24 10:00 JST; `overrides` set what a test is about (prices, leverage, state, ...).
 */
export function tradePosition(overrides: Partial<TradePosition> = {}): TradePosition {
  return {
    id: 41,
    order_no: 'T20261124000041',
    market: 'jpy',
    currency: 'JPY',
    code: '7203',
    name: 'Toyota Motor',
    direction: 'long',
    price_type: 'market',
    leverage: 1,
    status: 0,
    state: 'holding',
    stock_num: '100',
    limit_price: null,
    buy_price: '2950.5',
    margin: '295050',
    cost: '295050',
    fee: '148',
    close_fee: null,
    nowprice: '2950.5',
    market_value: '295050',
    yingkui: '0',
    pnl_rate: '0.00',
    sell_price: null,
    protection: null,
    closed_by: null,
    created_at: '2026-11-24T01:00:00.000Z',
    buy_time: '2026-11-24T01:00:00.000Z',
    close_requested_at: null,
    sell_time: null,
    cancelled_at: null,
    closable_from: null,
    // Issue 13's advanced-order fields: a normal order, no trigger, no exits, not waiting.
    order_type: 'normal',
    trigger_price: null,
    triggered_at: null,
    filled_leg: null,
    valid_until: null,
    take_profit: null,
    stop_loss: null,
    cancel_reason: null,
    waiting_for_open: false,
    simulated: true,
    ...overrides,
  } as TradePosition;
}
