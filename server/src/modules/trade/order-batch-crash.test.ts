import '../../testing/setup';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { queryRows } from '../../db/query';
import { testBackends, type TestDatabase } from '../../testing/backends';
import { insertFundedTrader } from '../../testing/database';
import { expectLedgerInvariants } from '../../testing/ledger-invariants';
import { SettablePrice } from '../../testing/settable-price';
import { TOKYO_OPEN } from '../../testing/trade';
import { createMatcher } from './matcher';
import { createTradeService } from './trade-service';

/**
 * A batch of fills that dies halfway (issue 37), on PostgreSQL: a child process fills the orders waiting for the open
 * in one batch and is SIGKILLed after part of the batch is written (the holds voided, the margin holds placed and the
 * fees journaled; the positions not yet filled). Nothing of it is seen before or after the kill; then the survivor's
 * matcher fills every order exactly once, and again finds nothing to do. The ledger balances throughout.
 */

const REPO_ROOT = path.resolve(__dirname, '../../../..');
/** Monday 16 November 2026, 08:30 Tokyo. */
const BEFORE_OPEN = new Date('2026-11-15T23:30:00Z');
const TRADERS = 20;
const ORDERS_PER_TRADER = 5;
/** The lock statements, the holds voided, the margin holds placed, the fee shards read, the fees journaled. */
const PAUSE_AFTER = 6;

const count = async (db: Database, query: ReturnType<typeof sql>) =>
  (await db.tx((tx) => queryRows<{ n: number }>(tx, query)))[0]!.n;

/** The child (testing/crash-batch-child.ts) until it prints PAUSED; answers its output so far and the kill. */
function startChild(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '-r',
      'ts-node/register/transpile-only',
      path.join(REPO_ROOT, 'server/src/testing/crash-batch-child.ts'),
    ],
    { cwd: REPO_ROOT, env: { ...process.env, TS_NODE_PROJECT: path.join(REPO_ROOT, 'server/tsconfig.json'), ...env } },
  );
  let output = '';
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const paused = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('PAUSED')) resolve(output);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the child exited before pausing:\n${output}`)));
  });
  return { paused, exited, kill: () => child.kill('SIGKILL') };
}

const postgres = testBackends().filter((backend) => backend.name === 'postgres');

(postgres.length > 0 ? describe : describe.skip)('a batch of fills killed halfway on postgres', () => {
  let testDb: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    testDb = await postgres[0]!.open();
    db = await openDatabase(testDb.config);
    await migrate(db);
    await db.tx((tx) => tx.execute(sql`UPDATE site_config SET value = '[1,2,5,10,50]' WHERE name = 'trade_leverages'`));
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await testDb?.cleanup();
  });

  it('leaves nothing half-done, and the survivor fills every order once', async () => {
    const provider = new SettablePrice();
    let clock = BEFORE_OPEN;
    const service = createTradeService({ db, now: () => clock, provider });
    for (let t = 0; t < TRADERS; t += 1) {
      const user = await insertFundedTrader(db, '10000000');
      for (let o = 0; o < ORDERS_PER_TRADER; o += 1)
        await service.placeOrder(
          user,
          {
            code: '7203',
            market: 'jpy',
            side: o % 2 === 0 ? 'long' : 'short',
            price_type: 'limit',
            // Every limit is crossed at 1,000: longs at or above it, shorts at or below.
            price: String(o % 2 === 0 ? 1000 + o : 1000 - o),
            quantity: String(100 + t),
            leverage: [1, 2, 10][o % 3]!,
            order_type: 'normal',
          },
          undefined,
        );
    }
    const orders = TRADERS * ORDERS_PER_TRADER;
    await expectLedgerInvariants(db);

    const child = startChild({
      CRASH_DB: JSON.stringify(testDb.config),
      CRASH_AT: TOKYO_OPEN.toISOString(),
      CRASH_PRICE: '1000',
      CRASH_PAUSE_AFTER: String(PAUSE_AFTER),
    });
    expect(await child.paused).toContain(`DUE ${orders}`);
    // The child's session waits in its transaction, its last statement the fees' journal…
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE state = 'idle in transaction' AND query LIKE '%INSERT INTO journal_entries%'`,
      ),
    ).toBe(1);
    // …written in its open transaction, seen by no one.
    expect(await count(db, sql`SELECT count(*)::int AS n FROM ledger_holds WHERE reason = 'margin'`)).toBe(0);
    expect(await count(db, sql`SELECT count(*)::int AS n FROM journal_transactions WHERE kind = 'fee'`)).toBe(0);
    child.kill();
    expect(await child.exited).toBe('SIGKILL');

    // The server rolls the dead session back when it sees its connection gone; the survivor's locks wait until then.
    clock = TOKYO_OPEN;
    const matcher = createMatcher({ db, now: () => clock, provider });
    expect(await matcher.runOnce()).toMatchObject({ filled: orders, unfunded: 0 });
    expect(await matcher.runOnce()).toMatchObject({ filled: 0 });

    expect(await count(db, sql`SELECT count(*)::int AS n FROM positions WHERE status = 0`)).toBe(orders);
    // Each order: its order hold voided once, one margin hold, one fee transaction, one fill notice.
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM positions p
            WHERE (SELECT count(*) FROM ledger_holds h WHERE h.reference = p.order_no AND h.reason = 'margin') = 1
              AND (SELECT count(*) FROM ledger_holds h WHERE h.reference = p.order_no AND h.status = 'voided') = 1
              AND (SELECT count(*) FROM journal_transactions j WHERE j.reference = p.order_no AND j.kind = 'fee') = 1
              AND (SELECT count(*) FROM messages m
                   WHERE m.msg_values->>'order_no' = p.order_no AND m.msg_key LIKE 'order_filled_%') = 1`,
      ),
    ).toBe(orders);
    await expectLedgerInvariants(db);
  }, 180_000);
});
