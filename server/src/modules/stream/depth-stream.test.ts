import '../../testing/setup';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { STREAM_PATH, stockDepth, streamServerMessage, type StreamServerMessage } from 'shared/contract';
import { testBackends } from '../../testing/backends';
import { startTestApp, type TestApp } from '../../testing/app';
import { post, registerAndLogin, type LoggedIn } from '../../testing/users';
import type { MarketSimulator } from '../market/simulator';

// Wednesday 2025-03-12, 11:00 in Tokyo (open).
const START = new Date('2025-03-12T02:00:00Z');

/** A socket that keeps every server message (checked against the contract) and waits for the next ones. */
class Socket {
  readonly messages: StreamServerMessage[] = [];
  private cursor = 0;
  private wake: (() => void) | undefined;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(streamServerMessage.parse(JSON.parse(data.toString())));
      this.wake?.();
    });
    ws.on('close', () => this.wake?.());
  }

  send(message: object): void {
    this.ws.send(JSON.stringify(message));
  }

  async next(): Promise<StreamServerMessage> {
    while (this.cursor >= this.messages.length) {
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('socket closed while waiting');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    return this.messages[this.cursor++]!;
  }

  async nextOf<T extends StreamServerMessage['type']>(type: T): Promise<Extract<StreamServerMessage, { type: T }>> {
    for (;;) {
      const message = await this.next();
      if (message.type === type) return message as Extract<StreamServerMessage, { type: T }>;
    }
  }

  /** Every message not yet taken, up to the pong of a ping (the server answers in order). */
  async drain(): Promise<StreamServerMessage[]> {
    this.send({ op: 'ping' });
    const taken: StreamServerMessage[] = [];
    for (;;) {
      const message = await this.next();
      if (message.type === 'pong') return taken;
      taken.push(message);
    }
  }
}

describe.each(testBackends())('order books on the stream on $name', (backend) => {
  let t: TestApp;
  let now = START;
  let url = '';
  let sim: MarketSimulator;
  const sockets: Socket[] = [];

  const ready = async (user: LoggedIn): Promise<Socket> => {
    const ws = new WebSocket(url);
    const socket = new Socket(ws);
    sockets.push(socket);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    socket.send({ op: 'auth', token: user.token, account: user.account, lang: 'us' });
    expect(await socket.next()).toEqual({ type: 'ready' });
    return socket;
  };
  const tick = (): void => {
    now = new Date(now.getTime() + 1000);
    sim.step();
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => now, stream: { redisUrl: null } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${STREAM_PATH}`;
    sim = t.app.market.provider as MarketSimulator;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.ws.close();
  });
  afterAll(() => t.close());

  it('sends a book at once and with each tick, only to the socket that asked, equal to /stock/depth', async () => {
    const user = await registerAndLogin(t.app);
    const watcher = await ready(user);
    const quotesOnly = await ready(user);
    for (const socket of [watcher, quotesOnly]) {
      socket.send({ op: 'sub', market: 'jpy', codes: ['7203'] });
      await socket.nextOf('snapshot');
    }
    watcher.send({ op: 'depth', market: 'jpy', codes: ['7203'] });
    const first = await watcher.nextOf('depth');
    expect(first.books.map((b) => [b.code, b.status, b.bids.length, b.asks.length])).toEqual([['7203', 'open', 5, 5]]);
    const rest = await post(t.app, '/stock/depth', { market: 'jpy', code: '7203' }, user.headers);
    expect(first.books[0]).toEqual(stockDepth.parse(rest.body.data));

    tick();
    const ticks = await watcher.nextOf('ticks');
    const book = (await watcher.nextOf('depth')).books[0]!;
    // The book straddles exactly the price that the ticks frame carried.
    expect(book).toMatchObject({ code: '7203', price: ticks.quotes[0]!.price, time: ticks.quotes[0]!.time });
    expect(Number(book.bids[0]!.price)).toBeLessThan(Number(book.price));
    expect(Number(book.asks[0]!.price)).toBeGreaterThanOrEqual(Number(book.price));
    await quotesOnly.nextOf('ticks');
    expect((await quotesOnly.drain()).some((m) => m.type === 'depth')).toBe(false);

    watcher.send({ op: 'undepth', market: 'jpy', codes: ['7203'] });
    await watcher.drain();
    tick();
    await watcher.nextOf('ticks');
    expect((await watcher.drain()).some((m) => m.type === 'depth')).toBe(false);
  });

  it('refuses an index, an unknown code and a sixth book, naming the depth op', async () => {
    const user = await registerAndLogin(t.app);
    const socket = await ready(user);
    socket.send({ op: 'depth', market: 'jpy', codes: ['N225', 'ZZZZ'] });
    expect(await socket.next()).toEqual({
      type: 'error',
      msg: 'stock_not_found',
      values: { code: 'N225,ZZZZ', op: 'depth' },
    });
    socket.send({ op: 'depth', market: 'jpy', codes: ['7203', '6758', '9984', '8306', '6861'] });
    expect((await socket.nextOf('depth')).books).toHaveLength(5);
    socket.send({ op: 'depth', market: 'jpy', codes: ['7974'] });
    expect(await socket.next()).toMatchObject({ type: 'error', msg: 'field_invalid', values: { op: 'depth' } });
    socket.send({ op: 'depth', market: 'jpy', codes: ['1', '2', '3', '4', '5', '6'] });
    expect(await socket.next()).toMatchObject({ type: 'error', msg: 'field_invalid', values: { field: 'codes' } });
  });
});
