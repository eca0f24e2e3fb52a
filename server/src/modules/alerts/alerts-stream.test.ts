import '../../testing/setup';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { STREAM_PATH, streamServerMessage, type StreamServerMessage } from 'shared/contract';
import { testBackends } from '../../testing/backends';
import { startTestApp, type TestApp } from '../../testing/app';
import { post, registerAndLogin, type LoggedIn } from '../../testing/users';

// Wednesday 2025-03-12, 11:00 in Tokyo (open).
const START = new Date('2025-03-12T02:00:00Z');

/** A socket that keeps every server message (each checked against the contract). */
async function connect(url: string, user: LoggedIn) {
  const ws = new WebSocket(url);
  const messages: StreamServerMessage[] = [];
  ws.on('message', (data) => messages.push(streamServerMessage.parse(JSON.parse(data.toString()))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ op: 'auth', token: user.token, account: user.account, lang: 'us' }));
  const until = async (predicate: (m: StreamServerMessage) => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!messages.some(predicate)) {
      if (Date.now() > end) throw new Error(`no such message in ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  await until((m) => m.type === 'ready');
  return { ws, messages, until };
}

describe.each(testBackends())('fired alerts over the stream on $name', (backend) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => START, jobIntervalMs: 0, stream: { redisUrl: null } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${STREAM_PATH}`;
  });
  afterAll(() => t.close());

  it('pushes a fired alert to every socket of its account only, once', async () => {
    const alice = await registerAndLogin(t.app);
    const bob = await registerAndLogin(t.app);
    const [a1, a2, b1] = [await connect(url, alice), await connect(url, alice), await connect(url, bob)];
    try {
      const form = { market: 'jpy', code: '7203', kind: 'price_above', threshold: '0.01' };
      const id = (await post(t.app, '/stock/alertCreate', form, alice.headers)).body.data.id as number;
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
      for (const socket of [a1, a2]) {
        await socket.until((m) => m.type === 'alert');
        const alerts = socket.messages.filter((m) => m.type === 'alert');
        expect(alerts).toHaveLength(1);
        expect(alerts[0]).toMatchObject({
          alert: { id, market: 'jpy', code: '7203', kind: 'price_above', threshold: '0.01', currency: 'JPY' },
        });
        expect(alerts[0]!.type === 'alert' && alerts[0]!.alert.names.en).toMatch(/Toyota/);
        // The inbox count moved with it.
        await socket.until((m) => m.type === 'inbox');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(b1.messages.filter((m) => m.type === 'alert' || m.type === 'inbox')).toEqual([]);
    } finally {
      for (const socket of [a1, a2, b1]) socket.ws.close();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

/** Two instances sharing Redis: an alert fired by one reaches the account's socket on the other. */
(REDIS_URL ? describe : describe.skip)('fired alerts across instances sharing Redis', () => {
  const prefix = `kabu-test:alerts:${process.pid}:${Date.now()}`;
  const pglite = testBackends().find((backend) => backend.name === 'pglite')!;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const stream = { redisUrl: REDIS_URL!, redisPrefix: prefix, leaseMs: 5000, renewMs: 300 };
    a = await startTestApp(pglite, { now: () => START, jobIntervalMs: 0, stream });
    b = await startTestApp(pglite, { now: () => START, jobIntervalMs: 0, stream });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers through the bus to the instance that holds the socket', async () => {
    const user = await registerAndLogin(b.app);
    const socket = await connect(`ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}${STREAM_PATH}`, user);
    try {
      const [row] = await b.app.db
        .tx((tx) => tx.execute(sql`SELECT id::text AS id FROM users WHERE account = ${user.account}`))
        .then((result) => (result as unknown as { rows: Array<{ id: string }> }).rows);
      const alert = {
        id: 1,
        market: 'jpy' as const,
        code: '7203',
        names: { 'zh-CN': '丰田汽车', en: 'Toyota Motor', ja: 'トヨタ自動車' },
        kind: 'price_below' as const,
        threshold: '2400',
        currency: 'JPY',
        price: '2399',
        change_ratio: '-3.1',
        fired_at: START.toISOString(),
      };
      a.app.stream.bus.publishAlert({ userId: row!.id, alert });
      await socket.until((m) => m.type === 'alert');
      expect(socket.messages.filter((m) => m.type === 'alert')).toEqual([{ type: 'alert', alert }]);
    } finally {
      socket.ws.close();
    }
  });
});
