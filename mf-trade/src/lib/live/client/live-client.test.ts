import { quote } from '#testing';
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
  /** The server closes the socket (4401: the session was refused). */
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** A quote of the stream (the contract's shape: the client drops anything else). */
const tick = (code: string, price: string) => quote({ code, price });

function setup(options: { maxCodes?: number } = {}) {
  const sockets: Socket[] = [];
  const issues: LiveIssue[] = [];
  const client = new LiveClient({
    ...options,
    url: 'ws://test/api/vue/stream',
    auth: () => ({ token: 'tok', account: 'acc', lang: 'us' }),
    connect: () => {
      const s = new Socket();
      sockets.push(s);
      return s;
    },
    retryMs: 1000,
    maxRetryMs: 4000,
    connectTimeoutMs: 3000,
  });
  client.onIssue((issue) => issues.push(issue));
  return { client, sockets, issues };
}

/** A client whose socket is open and ready. */
function live(options: { maxCodes?: number } = {}) {
  const made = setup(options);
  const stop = made.client.subscribe('jpy', ['7203']);
  const socket = made.sockets[0]!;
  socket.open();
  socket.receive({ type: 'ready' });
  return { ...made, socket, stop };
}

describe('live quote client', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('authenticates in the first message, then subscribes once the session is accepted', () => {
    const { client, sockets } = setup();
    client.subscribe('jpy', ['7203', '6758']);
    const socket = sockets[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ op: 'auth', token: 'tok', account: 'acc', lang: 'us' }]);
    socket.receive({ type: 'ready' });
    expect(socket.sent[1]).toEqual({ op: 'sub', market: 'jpy', codes: ['7203', '6758'] });
    expect(client.getMode()).toBe('live');
  });

  it('hands snapshots and ticks of followed codes to listeners and keeps the latest', () => {
    const { client, sockets } = setup();
    const seen: string[] = [];
    client.onQuotes((quotes) => seen.push(...quotes.map((q) => `${q.code}@${q.price}`)));
    client.subscribe('jpy', ['7203']);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ready' });
    sockets[0]!.receive({ type: 'snapshot', quotes: [tick('7203', '2500')] });
    sockets[0]!.receive({ type: 'ticks', time: 'x', quotes: [tick('7203', '2501'), tick('9984', '9000')] });
    expect(seen).toEqual(['7203@2500', '7203@2501']);
    expect(client.getQuote('jpy', '7203')?.price).toBe('2501');
  });

  it('counts subscribers: a code shared by two screens is unsubscribed only when both leave', () => {
    const { client, sockets } = setup();
    const a = client.subscribe('jpy', ['7203']);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ready' });
    const b = client.subscribe('jpy', ['7203', '6758']);
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'sub', market: 'jpy', codes: ['6758'] });
    a();
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'sub', market: 'jpy', codes: ['6758'] });
    b();
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'unsub', market: 'jpy', codes: ['7203', '6758'] });
  });

  it('falls back to polling when the socket fails, and retries with a growing delay', () => {
    const { client, sockets } = setup();
    const modes: string[] = [];
    client.onMode((m) => modes.push(m));
    client.subscribe('jpy', ['7203']);
    sockets[0]!.onerror?.({});
    expect(client.getMode()).toBe('polling');
    jest.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.onclose?.({ code: 1006 });
    jest.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    // The third attempt connects: live again, with the subscriptions restored.
    sockets[2]!.open();
    sockets[2]!.receive({ type: 'ready' });
    expect(sockets[2]!.sent.at(-1)).toEqual({ op: 'sub', market: 'jpy', codes: ['7203'] });
    expect(modes).toEqual(['polling', 'live']);
  });

  it('gives up on a socket that never says ready and polls meanwhile', () => {
    const { client, sockets } = setup();
    client.subscribe('jpy', ['7203']);
    sockets[0]!.open();
    jest.advanceTimersByTime(3000);
    expect(client.getMode()).toBe('polling');
  });

  it('polls without trying a socket when there is no session', () => {
    const connect = jest.fn();
    const client = new LiveClient({ url: 'ws://x', auth: () => ({ token: '', account: '' }), connect });
    client.subscribe('jpy', ['7203']);
    expect(connect).not.toHaveBeenCalled();
    expect(client.getMode()).toBe('polling');
    client.dispose();
  });

  it('drops and counts a frame that does not match the contract, reporting only the first', () => {
    const { client, socket, issues } = live();
    const seen: string[] = [];
    client.onQuotes((quotes) => seen.push(...quotes.map((q) => `${q.code}@${q.price}`)));
    socket.receive({ type: 'ticks', time: 'x', quotes: [{ market: 'jpy', code: '7203', price: '2501' }] });
    socket.onmessage?.({ data: 'not json' });
    socket.receive({ type: 'quote', quotes: [] });
    socket.receive({ type: 'ticks', time: 'x', quotes: [tick('7203', '2502')] });
    expect(seen).toEqual(['7203@2502']);
    expect(client.malformedFrames).toBe(3);
    expect(issues).toEqual([{ kind: 'malformed' }]);
    expect(client.getMode()).toBe('live');
  });

  it('stops retrying when the server refuses the session, and tries again with a new one', () => {
    let token = 'tok';
    const sockets: Socket[] = [];
    const issues: LiveIssue[] = [];
    const client = new LiveClient({
      url: 'ws://x',
      auth: () => ({ token, account: 'acc' }),
      connect: () => {
        sockets.push(new Socket());
        return sockets.at(-1)!;
      },
      retryMs: 1000,
    });
    client.onIssue((issue) => issues.push(issue));
    client.subscribe('jpy', ['7203']);
    sockets[0]!.open();
    sockets[0]!.serverClose(4401);
    expect(client.getMode()).toBe('polling');
    expect(issues).toEqual([{ kind: 'unauthorized' }]);
    jest.advanceTimersByTime(120_000);
    client.subscribe('jpy', ['6758']);
    expect(sockets).toHaveLength(1);
    token = 'tok2';
    client.subscribe('jpy', ['9984']);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    sockets[1]!.receive({ type: 'ready' });
    expect(sockets[1]!.sent.at(-1)).toEqual({ op: 'sub', market: 'jpy', codes: ['7203', '6758', '9984'] });
    client.dispose();
  });

  it('never asks for more codes than the per-socket cap; waiting codes follow when others leave', () => {
    const { client, socket, issues } = live({ maxCodes: 3 });
    const leave = client.subscribe('usd', ['AAPL', 'MSFT']);
    client.subscribe('jpy', ['6758', '9984']);
    const subs = socket.sent.filter((m) => m.op === 'sub');
    expect(subs).toEqual([
      { op: 'sub', market: 'jpy', codes: ['7203'] },
      { op: 'sub', market: 'usd', codes: ['AAPL', 'MSFT'] },
    ]);
    expect(issues.at(-1)).toEqual({ kind: 'capped', max: 3, waiting: 2 });
    leave();
    expect(socket.sent.slice(-2)).toEqual([
      { op: 'unsub', market: 'usd', codes: ['AAPL', 'MSFT'] },
      { op: 'sub', market: 'jpy', codes: ['6758', '9984'] },
    ]);
  });

  it('follows a lower cap the server states, asking again within it', () => {
    const { client, socket, issues } = live();
    client.subscribe('jpy', ['6758', '9984']);
    socket.receive({ type: 'error', msg: 'watchlist_full', values: { max: '2' } });
    expect(socket.sent.slice(-2)).toEqual([
      { op: 'unsub', market: 'jpy', codes: ['7203', '6758', '9984'] },
      { op: 'sub', market: 'jpy', codes: ['7203', '6758'] },
    ]);
    expect(issues.at(-1)).toEqual({ kind: 'capped', max: 2, waiting: 0 });
    expect(client.getMode()).toBe('live');
  });

  it('starts over at most once per socket when the server refuses a sub at the same cap', () => {
    const { socket } = live();
    socket.receive({ type: 'error', msg: 'watchlist_full', values: { max: '200' } });
    const sent = socket.sent.length;
    socket.receive({ type: 'error', msg: 'watchlist_full', values: { max: '200' } });
    expect(socket.sent).toHaveLength(sent);
    expect(sent).toBeGreaterThan(2);
  });

  it('does not ask again for a code the server does not know, and asks again after too_frequent', () => {
    const { client, socket, issues } = live();
    client.subscribe('jpy', ['ZZZZ']);
    socket.receive({ type: 'error', msg: 'stock_not_found', values: { code: 'ZZZZ' } });
    expect(issues.at(-1)).toEqual({ kind: 'refused', msg: 'stock_not_found', values: { code: 'ZZZZ' } });
    socket.receive({ type: 'error', msg: 'too_frequent' });
    socket.receive({ type: 'error', msg: 'too_frequent' });
    const sent = socket.sent.length;
    jest.advanceTimersByTime(1000);
    expect(socket.sent.slice(sent)).toEqual([{ op: 'sub', market: 'jpy', codes: ['7203'] }]);
  });
});
