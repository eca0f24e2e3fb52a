/**
 * Issue 34 point 7: nothing tied to one machine. Two app instances on one PostgreSQL and one Redis, each with its own
 * uploads folder (as two machines have two disks): a deposit proof uploaded through A is shown to an administrator
 * through B, and the inbox message B writes when the administrator decides reaches the investor's socket on A (and
 * the lower count when it is read through B), through Redis. Skipped when TEST_DATABASE_URL or TEST_REDIS_URL is
 * unset (.ci/run sets both).
 */
import '../testing/setup';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { STREAM_PATH, streamServerMessage, type StreamServerMessage } from 'shared/contract';
import { buildApp } from '../app';
import { queryRows } from '../db/query';
import { TINY_PNG, postMultipart, registerAdmin } from '../testing/accounts';
import { TEST_SCRYPT } from '../testing/app';
import { testBackends, type TestDatabase } from '../testing/backends';
import { OPEN_TIME, moneyReadyUser } from '../testing/money';
import { post } from '../testing/users';
import type { InboxEvent } from '../modules/stream/bus';

const REDIS_URL = process.env.TEST_REDIS_URL;
const postgres = testBackends().find((backend) => backend.name === 'postgres');
const relaxed = { max: 10_000, windowMs: 60_000 };

if (!REDIS_URL || !postgres)
  console.log(
    'TEST_DATABASE_URL or TEST_REDIS_URL is not set: two instances on one PostgreSQL and Redis are not tested.',
  );

/** Polls until the condition holds (bounded by the test timeout). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

(REDIS_URL && postgres ? describe : describe.skip)('two instances on one PostgreSQL and Redis', () => {
  const prefix = `kabu-test:many:${process.pid}:${randomBytes(4).toString('hex')}`;
  const folders = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-instance-uploads-')));
  let testDb: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance | undefined;
  let observer: Redis;
  const carried: InboxEvent[] = [];
  let ws: WebSocket | undefined;

  const build = (uploadsDir: string) =>
    buildApp({
      database: testDb.config,
      passwordCost: TEST_SCRYPT,
      rateLimits: {
        loginPerAccount: relaxed,
        loginPerIp: relaxed,
        registerPerAccount: relaxed,
        registerPerIp: relaxed,
      },
      now: () => OPEN_TIME,
      uploadsDir,
      stream: { redisUrl: REDIS_URL!, redisPrefix: prefix },
    });

  beforeAll(async () => {
    observer = new Redis(REDIS_URL!);
    observer.on('message', (_channel: string, message: string) => carried.push(JSON.parse(message) as InboxEvent));
    await observer.subscribe(`${prefix}:inbox`);
    testDb = await postgres!.open();
    a = await build(folders[0]!);
    b = await build(folders[1]!);
  }, 120_000);

  afterAll(async () => {
    ws?.close();
    await b?.close();
    await a?.close();
    await testDb?.cleanup();
    const cleaner = new Redis(REDIS_URL!);
    const keys = await cleaner.keys(`${prefix}:*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
    await observer.quit();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('shows through B the proof uploaded through A, and tells A’s socket of the message B writes', async () => {
    const second = b!;
    expect([a.uploads.kind, second.uploads.kind]).toEqual(['database', 'database']);
    const investor = await moneyReadyUser(a);
    const admin = await registerAdmin(second);

    // The investor's socket is on A.
    await a.listen({ port: 0, host: '127.0.0.1' });
    const frames: StreamServerMessage[] = [];
    ws = new WebSocket(`ws://127.0.0.1:${(a.server.address() as AddressInfo).port}${STREAM_PATH}`);
    ws.on('message', (data) => frames.push(streamServerMessage.parse(JSON.parse(data.toString()))));
    await new Promise((resolve) => ws!.once('open', resolve));
    ws.send(JSON.stringify({ op: 'auth', token: investor.token, account: investor.account, lang: 'us' }));
    await until(() => frames.some((frame) => frame.type === 'ready'));

    // The proof goes in through A; B shows it to the administrator, byte for byte.
    const deposit = await postMultipart(
      a,
      '/funds/deposit',
      { amount: '100000', currency: 'JPY', channel_id: 'jp-mufg' },
      { proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' } },
      investor.headers,
    );
    expect(deposit.body.status).toBe(1);
    const pending = (await post(second, '/admin/deposits', { status: 'pending' }, admin.headers)).body.data
      .list as Array<{
      id: number;
      proof_id: string;
    }>;
    const row = pending.find((d) => d.id === deposit.body.data.id)!;
    const image = await post(second, '/admin/image', { id: row.proof_id }, admin.headers);
    expect(image.body.data.mime).toBe('image/png');
    expect(Buffer.from(image.body.data.data_url.split(',')[1], 'base64').equals(TINY_PNG)).toBe(true);
    // Neither machine's disk holds it: the bytes are in PostgreSQL.
    for (const folder of folders) expect(fs.readdirSync(folder)).toEqual([]);
    const [blob] = await second.db.tx((tx) =>
      queryRows<{ bytes: number }>(
        tx,
        sql`SELECT octet_length(data) AS bytes FROM upload_blobs WHERE id = ${row.proof_id}`,
      ),
    );
    expect(blob).toEqual({ bytes: TINY_PNG.length });

    // B approves: the inbox message B writes moves the badge on A's socket, carried by Redis.
    const unread = async () => (await post(second, '/user/messages', {}, investor.headers)).body.data.unread as number;
    const before = await unread();
    const seen = frames.length;
    const review = await post(
      second,
      '/admin/depositReview',
      { id: String(row.id), action: 'approve', reason: '' },
      admin.headers,
    );
    expect(review.body.status).toBe(1);
    const badge = (count: number) => () =>
      frames.slice(seen).some((frame) => frame.type === 'inbox' && frame.unread === count);
    await until(badge(before + 1));
    expect(carried).toContainEqual({ userId: String(investor.userId), unread: before + 1 });

    // Read through B: A's socket shows the lower count.
    const list = (await post(second, '/user/messages', {}, investor.headers)).body.data.list as Array<{
      id: number;
      read: boolean;
    }>;
    const unreadOne = list.find((message) => !message.read)!;
    expect((await post(second, '/user/messageInfo', { id: String(unreadOne.id) }, investor.headers)).body.status).toBe(
      1,
    );
    await until(badge(before));
  });
});
