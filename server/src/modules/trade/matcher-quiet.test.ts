import '../../testing/setup';
import type { Database } from '../../db/database';
import { testBackends } from '../../testing/backends';
import { insertFundedTrader } from '../../testing/database';
import { useSettablePriceSuite } from '../../testing/settable-price';
import { TOKYO_OPEN } from '../../testing/trade';
import { createMatcher } from './matcher';
import { createTradeService } from './trade-service';

/** Monday 16 November 2026, 10:00 Tokyo (open). */
const NOW = TOKYO_OPEN;

/** The suite's database, counting the read-only transactions (the matcher's read of an open market is one). */
function countingReads(db: Database): { db: Database; reads: () => number } {
  let reads = 0;
  const counting: Database = {
    ...db,
    backend: db.backend,
    tx: (fn, options) => {
      if (options?.readOnly) reads += 1;
      return db.tx(fn, options);
    },
  };
  return { db: counting, reads: () => reads };
}

describe.each(testBackends())('the matcher of a market with nothing live on $name', (backend) => {
  const suite = useSettablePriceSuite(backend);
  const { provider } = suite;

  it('reads again once anything is written: an order placed after a quiet second is matched at the next', async () => {
    const { db, reads } = countingReads(suite.db);
    const matcher = createMatcher({ db, now: () => NOW, provider });
    const service = createTradeService({ db, now: () => NOW, provider });
    const user = await insertFundedTrader(db, '1000000');
    provider.price = '1000';

    const idle = await matcher.runOnce();
    expect(idle.filled).toBe(0);
    const first = reads();
    expect(first).toBe(1);
    await matcher.runOnce();
    await matcher.runOnce();
    // The embedded database has one writer, this process: nothing written, nothing to read again. PostgreSQL may
    // be written by other instances: read every second.
    expect(reads() - first).toBe(backend.name === 'pglite' ? 0 : 2);

    const placed = await service.placeOrder(
      user,
      {
        code: '7203',
        market: 'jpy',
        side: 'long',
        price_type: 'limit',
        price: '990',
        quantity: '100',
        leverage: 1,
        order_type: 'normal',
      },
      undefined,
    );
    expect((await service.position(user, placed.data.id, 'en')).state).toBe('pending');
    expect((await matcher.runOnce()).filled).toBe(0);
    provider.price = '989';
    expect((await matcher.runOnce()).filled).toBe(1);
    expect((await service.position(user, placed.data.id, 'en')).state).toBe('holding');
    // A market with something live is read every second, whatever the backend (its prices move).
    const busy = reads();
    await matcher.runOnce();
    expect(reads()).toBeGreaterThan(busy);
  });

  it('counts only what may write on the embedded database (read-only transactions never move the count)', async () => {
    const db = suite.db;
    if (backend.name !== 'pglite') {
      expect(db.writes).toBeUndefined();
      return;
    }
    const start = db.writes!();
    await db.tx(async () => undefined, { readOnly: true });
    expect(db.writes!()).toBe(start);
    await db.tx(async () => undefined);
    expect(db.writes!()).toBe(start + 1);
    await expect(
      db.tx(async () => {
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(db.writes!()).toBe(start + 2);
    await db.rawTx(async (session) => {
      await session.query('SELECT 1');
    });
    expect(db.writes!()).toBe(start + 3);
  });
});
