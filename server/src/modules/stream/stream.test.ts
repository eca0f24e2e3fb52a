import '../../testing/setup';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { STREAM_PATH, streamServerMessage, type Quote, type StreamServerMessage } from 'shared/contract';
import { testBackends } from '../../testing/backends';
import { startTestApp, type TestApp } from '../../testing/app';
import { PASSWORD, post, registerAndLogin, type LoggedIn } from '../../testing/users';
import { notify, notifyMany } from '../inbox/inbox-service';
import type { MarketSimulator } from '../market/simulator';
import { userIdOf } from '../../testing/money';

// Wednesday 2025-03-12, 11:00 in Tokyo and 10:00 in Shanghai (both open); New York closed.
const START = new Date('2025-03-12T02:00:00Z');

interface Closed {
  code: number;
  reason: string;
}

/** A `ws` client that keeps every server message in order and can wait for the next ones. */
class Client {
  readonly messages: StreamServerMessage[] = [];
  private cursor = 0;
  private wake: (() => void) | undefined;
  readonly closed: Promise<Closed>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      // Every message must match the contract.
      this.messages.push(streamServerMessage.parse(JSON.parse(data.toString())));
      this.wake?.();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake?.();
      }),
    );
  }

  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const client = new Client(ws);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  send(message: object | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message not yet taken (waits for it); throws if the socket closes first. */
  async next(): Promise<StreamServerMessage> {
    while (this.cursor >= this.messages.length) {
      if (this.ws.readyState === WebSocket.CLOSED)
        throw new Error(`socket closed while waiting (${JSON.stringify(await this.closed)})`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    return this.messages[this.cursor++]!;
  }

  /** Takes messages up to the first of `type`; answers it. */
  async nextOf<T extends StreamServerMessage['type']>(type: T): Promise<Extract<StreamServerMessage, { type: T }>> {
    for (;;) {
      const message = await this.next();
      if (message.type === type) return message as Extract<StreamServerMessage, { type: T }>;
    }
  }

  /** Waits until some message (taken or not) satisfies the predicate. */
  async waitFor(predicate: (message: StreamServerMessage) => boolean): Promise<void> {
    while (!this.messages.some(predicate)) {
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('socket closed while waiting');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /**
   * Every message not yet taken, after a ping's pong (the server answers in order, so nothing sent
   * before is missed).
   */
  async drain(): Promise<StreamServerMessage[]> {
    this.send({ op: 'ping' });
    const taken: StreamServerMessage[] = [];
    for (;;) {
      const message = await this.next();
      if (message.type === 'pong') return taken;
      taken.push(message);
    }
  }

  close(): void {
    this.ws.close();
  }
}

describe.each(testBackends())('quote stream on $name', (backend) => {
  let t: TestApp;
  let now = START;
  let url = '';
  let sim: MarketSimulator;
  const clients: Client[] = [];

  const open = async (): Promise<Client> => {
    const client = await Client.open(url);
    clients.push(client);
    return client;
  };
  const ready = async (user: LoggedIn, lang = 'us'): Promise<Client> => {
    const client = await open();
    client.send({ op: 'auth', token: user.token, account: user.account, lang });
    expect(await client.next()).toEqual({ type: 'ready' });
    return client;
  };
  const detail = async (user: LoggedIn, market: string, code: string, lang: string): Promise<Quote> =>
    (await post(t.app, '/stock/detail', { market, code, lang }, user.headers)).body.data as Quote;
  /** One second of market time: the simulator's tick loop steps (as its timer does) on the moved clock. */
  const tick = (seconds = 1): void => {
    for (let i = 0; i < seconds; i += 1) {
      now = new Date(now.getTime() + 1000);
      sim.step();
    }
  };

  beforeAll(async () => {
    now = START;
    t = await startTestApp(backend, {
      now: () => now,
      stream: { redisUrl: null, maxCodes: 5, maxConnectionsPerSession: 3, authTimeoutMs: 500 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${STREAM_PATH}`;
    sim = t.app.market.provider as MarketSimulator;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    it('closes 4401 when the first message is not auth, or is not JSON', async () => {
      const ping = await open();
      ping.send({ op: 'ping' });
      expect((await ping.closed).code).toBe(4401);
      const junk = await open();
      junk.send('hello');
      expect((await junk.closed).code).toBe(4401);
      expect(ping.messages).toEqual([]);
    });

    it('closes 4401 for an unknown token, a token of another account, or no auth at all', async () => {
      const user = await registerAndLogin(t.app);
      const other = await registerAndLogin(t.app);
      const forged = await open();
      forged.send({ op: 'auth', token: randomBytes(32).toString('base64url'), account: user.account });
      const crossed = await open();
      crossed.send({ op: 'auth', token: user.token, account: other.account });
      const silent = await open();
      expect((await forged.closed).code).toBe(4401);
      expect((await crossed.closed).code).toBe(4401);
      expect((await silent.closed).code).toBe(4401);
      for (const client of [forged, crossed, silent]) expect(client.messages).toEqual([]);
    });

    it('accepts a live session and answers ping', async () => {
      const user = await registerAndLogin(t.app);
      const client = await ready(user);
      client.send({ op: 'ping' });
      expect(await client.next()).toEqual({ type: 'pong' });
    });

    it('handles messages sent right behind auth once the session is accepted', async () => {
      const user = await registerAndLogin(t.app);
      const client = await open();
      client.send({ op: 'auth', token: user.token, account: user.account, lang: 'jp' });
      client.send({ op: 'sub', market: 'jpy', codes: ['7203'] });
      expect(await client.next()).toEqual({ type: 'ready' });
      expect((await client.nextOf('snapshot')).quotes.map((q) => q.code)).toEqual(['7203']);
    });

    it('closes 4429 beyond the connections allowed per session', async () => {
      const user = await registerAndLogin(t.app);
      await ready(user);
      await ready(user);
      await ready(user);
      const fourth = await open();
      fourth.send({ op: 'auth', token: user.token, account: user.account });
      expect((await fourth.closed).code).toBe(4429);
    });

    it('closes a socket 4401 when its session logs out, and leaves the user’s other sessions streaming', async () => {
      const user = await registerAndLogin(t.app);
      const second = (await post(t.app, '/user/login', { account: user.account, password: PASSWORD })).body.data as {
        token: string;
        account: string;
      };
      const client = await ready(user);
      const other = await ready({
        ...user,
        token: second.token,
        headers: { token: second.token, account: second.account },
      });
      expect((await post(t.app, '/user/logout', {}, user.headers)).body.status).toBe(1);
      expect((await client.closed).code).toBe(4401);
      other.send({ op: 'ping' });
      expect(await other.next()).toEqual({ type: 'pong' });
    });

    it('closes sockets 4401 on the periodic check once their session has ended another way', async () => {
      const user = await registerAndLogin(t.app);
      const client = await ready(user);
      // The password change ends every session of the user; the check runs on its own schedule too.
      await t.app.db.rawTx((session) =>
        session.query('DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE account = $1)', [user.account]),
      );
      await t.app.stream.hub.checkSessions();
      expect((await client.closed).code).toBe(4401);
    });
  });

  describe('subscriptions', () => {
    it('answers sub with a snapshot equal to /stock/detail in the session language', async () => {
      const user = await registerAndLogin(t.app);
      const client = await ready(user, 'jp');
      client.send({ op: 'sub', market: 'jpy', codes: ['7203', 'n225'] });
      const snapshot = await client.nextOf('snapshot');
      expect(snapshot.quotes).toEqual([
        await detail(user, 'jpy', '7203', 'jp'),
        await detail(user, 'jpy', 'N225', 'jp'),
      ]);
      expect(snapshot.quotes[0]).toMatchObject({ code: '7203', name: 'トヨタ自動車', simulated: true });
      // Subscribing again adds nothing, so no second snapshot.
      client.send({ op: 'sub', market: 'jpy', codes: ['7203'] });
      expect(await client.drain()).toEqual([]);
    });

    it('refuses unknown codes with stock_not_found and subscribes the rest', async () => {
      const user = await registerAndLogin(t.app);
      const client = await ready(user);
      client.send({ op: 'sub', market: 'jpy', codes: ['NOPE', '6758'] });
      const messages = await client.drain();
      expect(messages).toEqual([
        { type: 'snapshot', quotes: [await detail(user, 'jpy', '6758', 'us')] },
        { type: 'error', msg: 'stock_not_found', values: { code: 'NOPE' } },
      ]);
    });

    it('refuses more codes than allowed per connection, adding none of them', async () => {
      const user = await registerAndLogin(t.app);
      const client = await ready(user);
      client.send({ op: 'sub', market: 'jpy', codes: ['7203', '6758', '9984'] });
      await client.nextOf('snapshot');
      client.send({ op: 'sub', market: 'cny', codes: ['600519', '601318', '600036'] });
      expect(await client.drain()).toEqual([{ type: 'error', msg: 'watchlist_full', values: { max: '5' } }]);
      client.send({ op: 'sub', market: 'cny', codes: ['600519', '601318'] });
      expect((await client.nextOf('snapshot')).quotes.map((q) => q.code)).toEqual(['600519', '601318']);
    });

    it('answers a bad op or bad fields with field_invalid and closes 4400 on a malformed message', async () => {
      const user = await registerAndLogin(t.app);
      const client = await ready(user);
      client.send({ op: 'subscribe', market: 'jpy', codes: ['7203'] });
      client.send({ op: 'sub', market: 'eur', codes: ['7203'] });
      client.send({ op: 'auth', token: user.token, account: user.account });
      expect(await client.drain()).toEqual([
        { type: 'error', msg: 'field_invalid', values: { field: 'op' } },
        { type: 'error', msg: 'field_invalid', values: { field: 'market' } },
        { type: 'error', msg: 'field_invalid', values: { field: 'op' } },
      ]);
      client.send('{"op": "sub", ');
      expect((await client.closed).code).toBe(4400);

      const noOp = await ready(user);
      noOp.send({ market: 'jpy' });
      expect((await noOp.closed).code).toBe(4400);
      const binary = await ready(user);
      binary.ws.send(Buffer.from('{"op":"ping"}'), { binary: true });
      expect((await binary.closed).code).toBe(4400);
    });
  });

  describe('ticks', () => {
    it('sends each client only its subscribed codes, as /stock/detail shows them at that time', async () => {
      const user = await registerAndLogin(t.app);
      const jp = await ready(user, 'jp');
      const cn = await ready(user, 'cn');
      jp.send({ op: 'sub', market: 'jpy', codes: ['7203', '6758'] });
      cn.send({ op: 'sub', market: 'cny', codes: ['600519'] });
      await jp.nextOf('snapshot');
      await cn.nextOf('snapshot');

      tick();
      const jpFrame = await jp.nextOf('ticks');
      const cnFrame = await cn.nextOf('ticks');
      expect(jpFrame.quotes.map((q) => `${q.market}:${q.code}`).sort()).toEqual(['jpy:6758', 'jpy:7203']);
      expect(cnFrame.quotes.map((q) => `${q.market}:${q.code}`)).toEqual(['cny:600519']);
      expect(jpFrame.quotes.find((q) => q.code === '7203')).toEqual(await detail(user, 'jpy', '7203', 'jp'));
      expect(cnFrame.quotes[0]).toEqual(await detail(user, 'cny', '600519', 'cn'));
      expect(Date.parse(jpFrame.time)).toBe(now.getTime());
    });

    it('sends at most one frame a second: ticks arriving sooner are merged into the next frame', async () => {
      const user = await registerAndLogin(t.app);
      const client = await ready(user);
      client.send({ op: 'sub', market: 'jpy', codes: ['7203'] });
      await client.nextOf('snapshot');
      tick();
      await client.nextOf('ticks');
      // Three more batches, each handled by the server before the next (the ping answer proves it),
      // all within about a second: without the limit each would be a frame of its own.
      for (let i = 0; i < 3; i += 1) {
        tick();
        await client.drain();
      }
      const latest = await detail(user, 'jpy', '7203', 'us');
      await client.waitFor((m) => m.type === 'ticks' && m.quotes[0]?.time === latest.time);
      const frames = client.messages.filter((m) => m.type === 'ticks');
      expect(frames.length).toBeLessThan(4);
      expect(frames.at(-1)).toMatchObject({ quotes: [latest] });
    });

    it('stops sending a code after unsub, and sends nothing once no code is left', async () => {
      const user = await registerAndLogin(t.app);
      const client = await ready(user);
      const witness = await ready(user);
      client.send({ op: 'sub', market: 'jpy', codes: ['7203', '6758'] });
      witness.send({ op: 'sub', market: 'jpy', codes: ['7203'] });
      await client.nextOf('snapshot');
      await witness.nextOf('snapshot');

      client.send({ op: 'unsub', market: 'jpy', codes: ['7203'] });
      await client.drain();
      tick();
      expect((await client.nextOf('ticks')).quotes.map((q) => q.code)).toEqual(['6758']);
      await witness.nextOf('ticks');

      client.send({ op: 'unsub', market: 'jpy', codes: ['6758'] });
      await client.drain();
      tick();
      // The witness's frame is written in the same fan-out; the ping after it proves nothing came.
      await witness.nextOf('ticks');
      expect(await client.drain()).toEqual([]);
    });
  });

  describe('inbox', () => {
    it('pushes a new unread count to that account’s sockets only, and the lower count once read', async () => {
      const a = await registerAndLogin(t.app);
      const b = await registerAndLogin(t.app);
      const [a1, a2, b1] = [await ready(a), await ready(a), await ready(b)];
      const userA = await userIdOf(t.app, a.account);
      await t.app.db.tx((tx) => notify(tx, userA, { key: 'deposit_approved', values: { amount: '1,000 JPY' } }));
      expect(await a1.nextOf('inbox')).toEqual({ type: 'inbox', unread: 1 });
      expect(await a2.nextOf('inbox')).toEqual({ type: 'inbox', unread: 1 });
      await t.app.db.tx((tx) => notify(tx, userA, { key: 'loan_approved', values: { amount: '1,000 JPY' } }));
      expect(await a1.nextOf('inbox')).toEqual({ type: 'inbox', unread: 2 });
      expect(await b1.drain()).toEqual([]);

      const list = (await post(t.app, '/user/messages', {}, a.headers)).body.data as { list: Array<{ id: number }> };
      expect((await post(t.app, '/user/messageInfo', { id: String(list.list[0]!.id) }, a.headers)).body.status).toBe(1);
      expect(await a1.nextOf('inbox')).toEqual({ type: 'inbox', unread: 1 });
      expect(await a2.drain()).toEqual([
        { type: 'inbox', unread: 2 },
        { type: 'inbox', unread: 1 },
      ]);
      expect(await b1.drain()).toEqual([]);
    });

    it('tells each account of a batch of messages (the matcher’s fills) its count once, after the commit', async () => {
      const a = await registerAndLogin(t.app);
      const b = await registerAndLogin(t.app);
      const [a1, b1] = [await ready(a), await ready(b)];
      const [userA, userB] = [await userIdOf(t.app, a.account), await userIdOf(t.app, b.account)];
      const notice = { key: 'order_unfunded' as const, values: { code: '7203', order_no: 'T1', price: '1000' } };
      await t.app.db.tx(async (tx) => {
        await notifyMany(
          tx,
          [
            { userId: userA, notice },
            { userId: userB, notice },
            { userId: userA, notice },
          ],
          new Date(),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(a1.messages.some((message) => message.type === 'inbox')).toBe(false);
      });
      expect(await a1.nextOf('inbox')).toEqual({ type: 'inbox', unread: 2 });
      expect(await b1.nextOf('inbox')).toEqual({ type: 'inbox', unread: 1 });
      expect(await a1.drain()).toEqual([]);
    });

    it('tells nothing of a rolled-back message, and a committed one after its commit', async () => {
      const a = await registerAndLogin(t.app);
      const socket = await ready(a);
      const userA = await userIdOf(t.app, a.account);
      await expect(
        t.app.db.tx(async (tx) => {
          await notify(tx, userA, { key: 'deposit_approved', values: { amount: '1,000 JPY' } });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      let committed = false;
      await t.app.db.tx(async (tx) => {
        await notify(tx, userA, { key: 'loan_approved', values: { amount: '1,000 JPY' } });
        // Still inside the transaction: nothing is told yet.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(socket.messages.some((message) => message.type === 'inbox')).toBe(false);
        committed = true;
      });
      expect(committed).toBe(true);
      expect(await socket.nextOf('inbox')).toEqual({ type: 'inbox', unread: 1 });
      expect(await socket.drain()).toEqual([]);
    });
  });
});
