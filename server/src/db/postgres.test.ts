/**
 * The PostgreSQL backend's transactions give their connection back whatever happens (PostgreSQL only). drizzle's own
 * pool transaction took a client and never released it when its BEGIN failed (a connection cut at that moment: an
 * outage, a restart, an administrator's pg_terminate_backend), and closing the pool then waited for it forever: the
 * app could not shut down (outage.test.ts's teardown, once the matcher ran as a job).
 */
import '../testing/setup';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from './postgres';

const url = process.env.TEST_DATABASE_URL;
const describePostgres = url ? describe : describe.skip;

const within = <T>(ms: number, promise: Promise<T>, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)),
  ]);

describePostgres('PostgreSQL transactions', () => {
  it('release a connection cut before BEGIN, so the pool still closes', async () => {
    const db = await openPostgres({ url: url!, maxConnections: 1 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The pool's one connection, idle, and its backend's pid.
      const [row] = await db.statement<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
      // Cut it from the server's side, and start a transaction at once: the pool hands out the client before it
      // has seen the cut, so BEGIN is what fails.
      await admin.query('SELECT pg_terminate_backend($1)', [row!.pid]);
      const attempts = await within(
        10_000,
        Promise.allSettled(Array.from({ length: 3 }, () => db.tx((tx) => tx.execute(sql`SELECT 1`)))),
        'transactions right after the cut',
      );
      // The pool replaced the cut connection: a transaction runs again.
      await within(
        10_000,
        db.tx((tx) => tx.execute(sql`SELECT 1`)),
        'a transaction after the cut',
      );
      expect(attempts.length).toBe(3);
    } finally {
      await admin.end();
      await within(10_000, db.close(), 'closing the pool');
    }
  }, 30_000);
});
