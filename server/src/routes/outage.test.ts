/**
 * Failing well (issue 34 point 5): while PostgreSQL cannot be reached the API answers 503 `service_unavailable`
 * (a catalogue key, Retry-After), not 500 `server_error`, and once it is back the same app answers 200 again
 * without a restart (the pool makes new connections). The outage is real: the app reaches PostgreSQL through a
 * TCP relay that this test stops (every connection cut, new ones refused) and starts again. PostgreSQL only:
 * the embedded PGlite database lives in the process and has no outage of its own.
 */
import '../testing/setup';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { isMessageKey } from 'shared/messages';
import { isDatabaseUnavailable } from '../db/errors';
import { openPostgres } from '../db/postgres';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends, type TestBackend } from '../testing/backends';
import { post, registerAndLogin } from '../testing/users';

/** A relay to PostgreSQL that can be taken down (refusing and cutting connections) and brought back. */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    async down() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

const postgres = testBackends().find((backend) => backend.name === 'postgres');
const describePostgres = postgres ? describe : describe.skip;

describePostgres('a PostgreSQL outage', () => {
  let t: TestApp;
  let link: ReturnType<typeof relay>;
  beforeAll(async () => {
    const real = postgres!;
    const target = new URL(process.env.TEST_DATABASE_URL!);
    link = relay({ host: target.hostname, port: Number(target.port || 5432) });
    await link.listen();
    // The same fresh schema as every suite, reached through the relay.
    const throughRelay: TestBackend = {
      name: 'postgres',
      async open(options) {
        const opened = await real.open(options);
        if (opened.config.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
        const url = new URL(opened.config.url);
        url.hostname = '127.0.0.1';
        url.port = String(link.port);
        return { ...opened, config: { ...opened.config, url: url.toString() } };
      },
    };
    t = await startTestApp(throughRelay);
  });
  afterAll(async () => {
    await t?.close();
    await link?.down().catch(() => undefined);
  });

  it('answers 503 service_unavailable while the database is down, then 200 again by itself', async () => {
    const user = await registerAndLogin(t.app);
    const devices = () => post(t.app, '/user/devices', {}, user.headers);
    const login = () => post(t.app, '/user/login', { account: user.account, password: 'not the password 1' });
    expect((await devices()).statusCode).toBe(200);

    await link.down();
    for (const answer of [await devices(), await login()]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.body).toEqual({ status: 0, msg: 'service_unavailable' });
      expect(answer.headers['retry-after']).toBe('5');
    }
    expect(isMessageKey('service_unavailable')).toBe(true);

    await link.listen();
    const back = await devices();
    expect(back.statusCode).toBe(200);
    expect(back.body.status).toBe(1);
  });

  it('waits for a busy pool as long as it takes: the 5 s timeout is the connect, not the queue', async () => {
    // One connection, held 6 s by a first transaction: the second waits for it instead of failing 503.
    const db = await openPostgres({ url: process.env.TEST_DATABASE_URL!, maxConnections: 1 });
    try {
      const first = db.tx((tx) => tx.execute(sql`SELECT pg_sleep(6)`));
      const second = db.statement<{ one: number }>(sql`SELECT 1 AS one`);
      await first;
      expect(await second).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('gives up on a database that accepts the connection and never answers, as unavailable', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const error = await openPostgres({ url: `postgres://root@127.0.0.1:${port}/test` }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeDefined();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 60_000);
});
