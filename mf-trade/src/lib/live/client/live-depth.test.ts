import type { StockDepth } from 'shared/contract';
import { LiveClient, type LiveIssue, type SocketLike } from './live-client';

class Socket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  onclose: SocketLike['onclose'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const book = (code: string, price: string): StockDepth => ({
  market: 'jpy',
  code,
  price,
  bids: [{ price: String(Number(price) - 1), volume: '100' }],
  asks: [{ price, volume: '200' }],
  lot: 100,
  status: 'open',
  time: '2026-11-20T01:00:00.000Z',
  simulated: true,
});

function setup() {
  const sockets: Socket[] = [];
  const issues: LiveIssue[] = [];
  const client = new LiveClient({
    url: 'ws://test/api/vue/stream',
    auth: () => ({ token: 'tok', account: 'acc', lang: 'us' }),
    connect: () => {
      const s = new Socket();
      sockets.push(s);
      return s;
    },
    retryMs: 1000,
    connectTimeoutMs: 3000,
  });
  client.onIssue((issue) => issues.push(issue));
  return { client, sockets, issues };
}

describe('order books on the live client', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks for a book once ready, once per stock however many follow it, and drops it with the last', () => {
    const { client, sockets } = setup();
    const first: StockDepth[] = [];
    const second: StockDepth[] = [];
    const stopFirst = client.subscribeDepth('jpy', '7203', (b) => first.push(b));
    const stopSecond = client.subscribeDepth('jpy', '7203', (b) => second.push(b));
    const socket = sockets[0]!;
    socket.open();
    socket.receive({ type: 'ready' });
    expect(socket.sent.filter((m) => m.op === 'depth')).toEqual([{ op: 'depth', market: 'jpy', codes: ['7203'] }]);
    socket.receive({ type: 'depth', books: [book('7203', '2500'), book('6758', '3000')] });
    expect(first.map((b) => b.code)).toEqual(['7203']);
    expect(second).toEqual(first);
    stopFirst();
    expect(socket.sent.some((m) => m.op === 'undepth')).toBe(false);
    stopSecond();
    stopSecond();
    expect(socket.sent.filter((m) => m.op === 'undepth')).toEqual([{ op: 'undepth', market: 'jpy', codes: ['7203'] }]);
  });

  it('asks again after a reconnect, and a refused book leaves the quote subscriptions alone', () => {
    const { client, sockets, issues } = setup();
    client.subscribe('jpy', ['7203']);
    client.subscribeDepth('jpy', '7203', () => undefined);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ready' });
    sockets[0]!.receive({ type: 'error', msg: 'stock_not_found', values: { code: '7203', op: 'depth' } });
    expect(issues).toContainEqual({ kind: 'refused', msg: 'stock_not_found', values: { code: '7203', op: 'depth' } });
    sockets[0]!.onclose?.({ code: 1006 });
    jest.advanceTimersByTime(1000);
    const again = sockets[1]!;
    again.open();
    again.receive({ type: 'ready' });
    expect(again.sent.filter((m) => m.op !== 'auth')).toEqual([
      { op: 'sub', market: 'jpy', codes: ['7203'] },
      { op: 'depth', market: 'jpy', codes: ['7203'] },
    ]);
  });
});
