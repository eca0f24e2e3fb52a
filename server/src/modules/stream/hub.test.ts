/**
 * The hub's fan-out with stand-in sockets whose send buffer the test controls: shared frames,
 * slow readers skipped then caught up, stuck readers dropped. (The protocol over real sockets is
 * in stream.test.ts.)
 */
import { EventEmitter } from 'node:events';
import type WebSocket from 'ws';
import type { Quote } from 'shared/contract';
import { StreamHub, type HubOptions } from './hub';

class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: Array<string | Buffer> = [];
  closedWith: number | undefined;
  terminated = false;
  send(data: string | Buffer): void {
    this.sent.push(data);
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
  ping(): void {}
  /** A client message. */
  say(message: object): void {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
  frames(): Array<{ type: string; quotes?: Quote[] }> {
    return this.sent.map((data) => JSON.parse(data.toString()) as { type: string; quotes?: Quote[] });
  }
}

const OPTIONS: HubOptions = {
  maxCodes: 10,
  maxConnectionsPerSession: 100,
  maxConnectionsPerIp: 100,
  maxBufferedBytes: 1000,
  authTimeoutMs: 60_000,
  heartbeatMs: 60_000,
  sessionCheckMs: 60_000,
  frameIntervalMs: 0,
  messageRate: { burst: 100, perSecond: 100 },
};

let version = 0;
function quote(code: string): Quote {
  version += 1;
  return {
    market: 'jpy',
    code,
    kind: 'stock',
    name: `${code} en`,
    names: { 'zh-CN': `${code} zh`, en: `${code} en`, ja: `${code} ja` },
    currency: 'JPY',
    price: `${1000 + version}`,
    change: '0',
    change_ratio: '0.00',
    open: '1000',
    prev_close: '1000',
    high: '1000',
    low: '1000',
    volume: '0',
    amount: '0.00',
    limit_up: null,
    limit_down: null,
    tick_size: '1',
    lot: 100,
    trade_date: '2025-03-12',
    status: 'open',
    next_open: null,
    time: new Date(version * 1000).toISOString(),
    simulated: true,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('stream hub fan-out', () => {
  let hub: StreamHub;
  beforeEach(() => {
    hub = new StreamHub(OPTIONS, {
      quote: (_market, code) => (['7203', '6758'].includes(code) ? quote(code) : undefined),
      authenticate: async () => ({ userId: 1n }),
      liveSessions: async (hashes) => new Set(hashes),
      now: () => new Date('2025-03-12T02:00:00Z'),
      log: { warn: () => undefined },
    });
  });
  afterEach(() => hub.close());

  async function connect(codes: string[], lang = 'us'): Promise<FakeSocket> {
    const ws = new FakeSocket();
    hub.accept(ws as unknown as WebSocket, '127.0.0.1');
    ws.say({ op: 'auth', token: 'x'.repeat(43), account: 'a', lang });
    await tick();
    ws.say({ op: 'sub', market: 'jpy', codes });
    expect(ws.frames().map((f) => f.type)).toEqual(['ready', 'snapshot']);
    ws.sent.length = 0;
    return ws;
  }
  async function publish(...codes: string[]): Promise<void> {
    hub.receiveBatch({ origin: 'test', time: '', quotes: codes.map(quote) });
    await tick();
    await tick();
  }

  it('builds one frame per (language, codes) and writes the same buffer to every member', async () => {
    const a = await connect(['7203', '6758']);
    const b = await connect(['6758', '7203']);
    const ja = await connect(['7203', '6758'], 'jp');
    await publish('7203');
    expect(a.sent).toHaveLength(1);
    expect(b.sent[0]).toBe(a.sent[0]);
    expect(ja.sent[0]).not.toBe(a.sent[0]);
    expect(a.frames()[0]!.quotes!.map((q) => [q.code, q.name])).toEqual([['7203', '7203 en']]);
    expect(ja.frames()[0]!.quotes!.map((q) => [q.code, q.name])).toEqual([['7203', '7203 ja']]);
  });

  it('skips a socket whose send buffer is full, then sends it every code it follows once drained', async () => {
    const slow = await connect(['7203', '6758']);
    const fast = await connect(['7203', '6758']);
    slow.bufferedAmount = 5000;
    await publish('7203', '6758');
    expect([slow.sent.length, fast.sent.length]).toEqual([0, 1]);
    slow.bufferedAmount = 0;
    await publish('7203');
    expect(fast.frames()[1]!.quotes!.map((q) => q.code)).toEqual(['7203']);
    expect(
      slow
        .frames()[0]!
        .quotes!.map((q) => q.code)
        .sort(),
    ).toEqual(['6758', '7203']);
  });

  it('limits sockets per address until a closed one is really gone', async () => {
    hub.close();
    hub = new StreamHub(
      { ...OPTIONS, maxConnectionsPerIp: 2 },
      {
        quote: () => undefined,
        authenticate: async () => ({ userId: 1n }),
        liveSessions: async () => new Set(),
        now: () => new Date(),
        log: { warn: () => undefined },
      },
    );
    const accept = (ip: string) => {
      const ws = new FakeSocket();
      hub.accept(ws as unknown as WebSocket, ip);
      return ws;
    };
    const [first] = [accept('10.0.0.1'), accept('10.0.0.1')];
    expect(accept('10.0.0.1').closedWith).toBe(4429);
    expect(accept('10.0.0.2').closedWith).toBeUndefined();
    first!.say({ op: 'ping' });
    expect(first!.closedWith).toBe(4401);
    // Closed by us, but the peer has not finished closing: its slot is still taken.
    expect(accept('10.0.0.1').closedWith).toBe(4429);
    first!.emit('close');
    expect(accept('10.0.0.1').closedWith).toBeUndefined();
  });

  it('drops a socket that stays full for 60 fan-outs in a row', async () => {
    const stuck = await connect(['7203']);
    stuck.bufferedAmount = 5000;
    for (let i = 0; i < 200 && !stuck.terminated; i += 1) await publish('7203');
    expect(stuck.terminated).toBe(true);
    expect(hub.stats()).toMatchObject({ framesSkipped: 60, framesSent: 0, connections: 0 });
    expect(stuck.sent).toEqual([]);
  });
});
