import { LiveClient, type SocketLike } from './live-client';

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

const tick = (code: string, price: string) => ({ market: 'jpy', code, price });

function setup() {
  const sockets: Socket[] = [];
  const client = new LiveClient({
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
  return { client, sockets };
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
});
