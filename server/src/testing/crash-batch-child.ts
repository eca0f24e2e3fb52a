/**
 * The child process of the batch crash test (modules/trade/order-batch-crash.test.ts): run outside jest with ts-node,
 * it opens the test's database (CRASH_DB, a DatabaseConfig as JSON), reads the pending orders due at CRASH_PRICE at
 * CRASH_AT and fills them in one batch (order-batch.ts) whose transaction stops after CRASH_PAUSE_AFTER statements:
 * it prints PAUSED and waits, its transaction open with part of the batch written, for the test to SIGKILL it.
 */
import { Decimal } from 'shared/money';
import { openDatabase, type DatabaseConfig, type Tx } from '../db/database';
import { fillPendingBatch } from '../modules/trade/order-batch';
import { dueOrders } from '../modules/trade/positions-repository';
import { SettablePrice } from './settable-price';

/** `tx` whose `execute` stops for good after `after` statements. */
function pausing(tx: Tx, after: number): Tx {
  let statements = 0;
  return new Proxy(tx, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
      return async (...args: Parameters<Tx['execute']>) => {
        const result = await target.execute(...args);
        statements += 1;
        if (statements === after) {
          process.stdout.write('PAUSED\n');
          await new Promise(() => undefined);
        }
        return result;
      };
    },
  });
}

async function main(): Promise<void> {
  const db = await openDatabase(JSON.parse(process.env.CRASH_DB!) as DatabaseConfig);
  const at = new Date(process.env.CRASH_AT!);
  const provider = new SettablePrice();
  provider.price = new Decimal(process.env.CRASH_PRICE!).toFixed();
  const due = await db.tx((tx) =>
    dueOrders(tx, 'jpy', [{ code: '7203', price: provider.price }], '0.5', at.toISOString().slice(0, 10), at),
  );
  const batch = due.map((row) => ({
    id: String(row.id),
    userId: String(row.userId),
    action: row.action,
    price: row.price,
  }));
  process.stdout.write(`DUE ${batch.length}\n`);
  await db.tx((tx) => fillPendingBatch(pausing(tx, Number(process.env.CRASH_PAUSE_AFTER)), batch, at, provider));
  process.stdout.write('COMMITTED\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
