import '../../testing/setup';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { STREAM_PATH, streamServerMessage, type Quote, type StreamServerMessage } from 'shared/contract';
import { testBackends } from '../../testing/backends';
import { startTestApp, type TestApp } from '../../testing/app';
import { post, registerAndLogin } from '../../testing/users';
import type { MarketSimulator } from '../market/simulator';
import type { TickBatch } from './bus';

const REDIS_URL = process.env.TEST_REDIS_URL;
// Wednesday 2025-03-12, 11:00 in Tokyo (open).
const START = new Date('2025-03-12T02:00:00Z');

if (!REDIS_URL)
  console.log('TEST_REDIS_URL is not set: the quote stream across instances (Redis) is not tested in this run.');

/** Polls until the condition holds (bounded by the test timeout). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

(REDIS_URL ? describe : describe.skip)('quote stream across two instances sharing Redis', () => {
  const prefix = `kabu-test:stream:${process.pid}:${randomBytes(4).toString('hex')}`;
  const pglite = testBackends().find((backend) => backend.name === 'pglite')!;
  let now = START;
  let a: TestApp;
  let b: TestApp | undefined;
  let observer: Redis;
  const published: TickBatch[] = [];
  let ws: WebSocket | undefined;

  // A lease long enough that a stalled test process keeps it; a clean stop hands over within renewMs.
  const start = (options = {}) =>
    startTestApp(pglite, {
      now: () => now,
      stream: { redisUrl: REDIS_URL!, redisPrefix: prefix, leaseMs: 5000, renewMs: 300, ...options },
    });
  /** One second on the shared clock; every running instance's tick loop steps. */
  const tick = (apps: TestApp[]) => {
    now = new Date(now.getTime() + 1000);
    for (const app of apps) (app.app.market.provider as MarketSimulator).step();
  };

  beforeAll(async () => {
    observer = new Redis(REDIS_URL!);
    observer.on('message', (_channel: string, message: string) => published.push(JSON.parse(message) as TickBatch));
    await observer.subscribe(`${prefix}:ticks`);
    a = await start();
    await until(() => a.app.stream.bus.isLeader());
    b = await start();
  });

  afterAll(async () => {
    ws?.close();
    await b?.close();
    await a.close().catch(() => undefined);
    const cleaner = new Redis(REDIS_URL!);
    const keys = await cleaner.keys(`${prefix}:*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
    await observer.quit();
  });

  it(
    'a client of the instance that does not publish receives ticks; only the leader publishes; ' +
      'the other takes over when it stops',
    followerReceivesAndTakesOver,
  );

  async function followerReceivesAndTakesOver(): Promise<void> {
    const second = b!;
    expect(a.app.stream.bus.kind).toBe('redis');
    expect([a.app.stream.bus.isLeader(), second.app.stream.bus.isLeader()]).toEqual([true, false]);

    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await registerAndLogin(second.app);
    const messages: StreamServerMessage[] = [];
    ws = new WebSocket(`ws://127.0.0.1:${(second.app.server.address() as AddressInfo).port}${STREAM_PATH}`);
    ws.on('message', (data) => messages.push(streamServerMessage.parse(JSON.parse(data.toString()))));
    await new Promise((resolve) => ws!.once('open', resolve));
    ws.send(JSON.stringify({ op: 'auth', token: user.token, account: user.account, lang: 'jp' }));
    ws.send(JSON.stringify({ op: 'sub', market: 'jpy', codes: ['7203'] }));
    await until(() => messages.some((m) => m.type === 'snapshot'));

    const detail = async (): Promise<Quote> =>
      (await post(second.app, '/stock/detail', { market: 'jpy', code: '7203', lang: 'jp' }, user.headers)).body
        .data as Quote;
    const frameAt = (time: string) => () => messages.some((m) => m.type === 'ticks' && m.quotes[0]?.time === time);

    // Both instances' tick loops run; only the leader's batches reach the bus.
    for (let i = 0; i < 3; i += 1) tick([a, second]);
    const latest = await detail();
    await until(frameAt(latest.time));
    expect(messages.filter((m) => m.type === 'ticks').at(-1)).toMatchObject({ quotes: [latest] });
    // (The leader's own tick loop may have published a batch at start too; never the other instance.)
    await until(() => published.some((batch) => batch.quotes.some((q) => q.code === '7203' && q.time === latest.time)));
    expect(published.length).toBeGreaterThanOrEqual(3);
    expect(new Set(published.map((batch) => batch.origin))).toEqual(new Set([a.app.stream.bus.id]));
    const beforeHandover = published.length;

    // The leader stops (releasing its lease): the other instance takes over and keeps its client fed.
    await a.close();
    await until(() => second.app.stream.bus.isLeader());
    tick([second]);
    const after = await detail();
    await until(frameAt(after.time));
    await until(() => published.length > beforeHandover);
    expect(new Set(published.slice(beforeHandover).map((batch) => batch.origin))).toEqual(
      new Set([second.app.stream.bus.id]),
    );
  }
});
