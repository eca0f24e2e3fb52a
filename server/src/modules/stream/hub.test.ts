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
  /** Pings and sends in the order they were made. */
  readonly log: string[] = [];
  closedWith: number | undefined;
  terminated = false;
  send(data: string | Buffer): void {
    this.sent.push(data);
    this.log.push('send');
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
  ping(): void {
    this.log.push('ping');
  }
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

describe('stream hub heartbeat', () => {
  const deps = {
    quote: (_market: string, code: string) => (['7203', '6758'].includes(code) ? quote(code) : undefined),
    authenticate: async () => ({ userId: 1n }),
    liveSessions: async (hashes: string[]) => new Set(hashes),
    now: () => new Date('2025-03-12T02:00:00Z'),
    log: { warn: () => undefined },
  };
  const connect = async (hub: StreamHub, codes: string[]) => {
    const ws = new FakeSocket();
    hub.accept(ws as unknown as WebSocket, '127.0.0.1');
    ws.say({ op: 'auth', token: 'x'.repeat(43), account: 'a', lang: 'us' });
    await tick();
    ws.say({ op: 'sub', market: 'jpy', codes });
    ws.log.length = 0;
    return ws;
  };
  const publish = async (hub: StreamHub, code: string) => {
    hub.receiveBatch({ origin: 'test', time: '', quotes: [quote(code)] });
    await tick();
    await tick();
  };
  beforeEach(() =>
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'performance', 'Date'] }),
  );
  afterEach(() => jest.useRealTimers());

  it('pings with the next quote frame, pings alone a socket without one, drops one that did not answer', async () => {
    const hub = new StreamHub({ ...OPTIONS, heartbeatMs: 1000, heartbeatSlices: 1 }, deps);
    try {
      const following = await connect(hub, ['7203']);
      const quiet = await connect(hub, ['6758']);
      // the turn: a ping is due on each, none written yet
      jest.advanceTimersByTime(1000);
      expect([following.log, quiet.log]).toEqual([[], []]);
      // 7203 ticks: its follower's ping goes with the frame, just before it; the follower answers
      await publish(hub, '7203');
      expect(following.log).toEqual(['ping', 'send']);
      expect(quiet.log).toEqual([]);
      following.emit('pong');
      // the next turn: the socket that got no frame is pinged on its own (not dropped: it had no ping to answer);
      // the follower answered, so it stays and is due again
      jest.advanceTimersByTime(1000);
      expect(quiet.log).toEqual(['ping']);
      expect([following.terminated, quiet.terminated]).toEqual([false, false]);
      // no frame this time: the follower's ping goes alone; the quiet one answered nothing and is dropped
      jest.advanceTimersByTime(1000);
      expect(following.log).toEqual(['ping', 'send', 'ping']);
      expect([following.terminated, quiet.terminated]).toEqual([false, true]);
      // the follower answers nothing either: dropped at its next turn
      jest.advanceTimersByTime(1000);
      expect(following.terminated).toBe(true);
    } finally {
      hub.close();
    }
  });

  it('spreads the sockets over the turns of one heartbeat, so their pongs do not come back together', async () => {
    const hub = new StreamHub({ ...OPTIONS, heartbeatMs: 1000, heartbeatSlices: 2 }, deps);
    try {
      const first = await connect(hub, ['6758']);
      const second = await connect(hub, ['6758']);
      const third = await connect(hub, ['6758']);
      // turns every 500 ms; accepted 0, 1, 2 → turns 0, 1, 0; a due ping without a frame goes at the next turn
      jest.advanceTimersByTime(500); // turn 1: `second` due
      jest.advanceTimersByTime(500); // turn 2 (slot 0): `second` pinged; `first` and `third` due
      expect([first.log, second.log, third.log]).toEqual([[], ['ping'], []]);
      jest.advanceTimersByTime(500); // turn 3: `first` and `third` pinged
      expect([first.log, second.log, third.log]).toEqual([['ping'], ['ping'], ['ping']]);
    } finally {
      hub.close();
    }
  });
});
