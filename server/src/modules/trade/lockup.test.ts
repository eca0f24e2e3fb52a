import '../../testing/setup';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { testBackends } from '../../testing/backends';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { MarketSimulator } from '../market/simulator';
import { insertGrantedHolding } from './granted-holding';
import { closableAt, closableFrom, closableReason, lockupDate } from './t-plus-one';
import { createTradeService } from './trade-service';

/** Local midnight in Tokyo of Friday 18 December 2026: the lock-up ends. */
const LOCKED_UNTIL = new Date('2026-12-17T15:00:00Z');

describe('closable_from with a lock-up', () => {
  it('is the lock-up’s local date, or T+1’s next trading day when that is later', () => {
    expect(lockupDate('jpy', LOCKED_UNTIL)).toBe('2026-12-18');
    expect(lockupDate('jpy', null)).toBeNull();
    expect(closableFrom('jpy', '2026-11-18', LOCKED_UNTIL)).toBe('2026-12-18');
    expect(closableFrom('jpy', '2026-11-18', null)).toBeNull();
    // China: T+1 after a Friday is Monday; a lock-up ending the Saturday before stays behind it.
    expect(closableFrom('cny', '2026-11-20', new Date('2026-11-20T16:00:00Z'))).toBe('2026-11-23');
    expect(closableFrom('cny', '2026-11-20', new Date('2026-12-01T16:00:00Z'))).toBe('2026-12-02');
  });

  it('names the rule that sets the date: the lock-up when it ends later, else China’s T+1', () => {
    expect(closableReason('jpy', '2026-11-18', LOCKED_UNTIL)).toBe('lockup');
    expect(closableReason('jpy', '2026-11-18', null)).toBeNull();
    expect(closableReason('cny', '2026-11-20', new Date('2026-11-20T16:00:00Z'))).toBe('t_plus_one');
    expect(closableReason('cny', '2026-11-20', new Date('2026-12-01T16:00:00Z'))).toBe('lockup');
    expect(closableReason('cny', '2026-11-20', null)).toBe('t_plus_one');
  });

  it('closableAt refuses before the lock-up’s instant and allows from it', () => {
    expect(closableAt('jpy', '2026-11-18', new Date('2026-12-17T14:59:59Z'), LOCKED_UNTIL)).toBe(false);
    expect(closableAt('jpy', '2026-11-18', LOCKED_UNTIL, LOCKED_UNTIL)).toBe(true);
    expect(closableAt('jpy', '2026-11-18', new Date('2026-11-18T01:00:00Z'), null)).toBe(true);
  });
});

describe.each(testBackends())('closing a locked-up holding on $name', (backend) => {
  const t = useMigratedDatabase(backend);

  it('is refused with lockup_until and the date until the lock-up ends, then accepted', async () => {
    const userId = await insertFundedTrader(t.db, '1000000');
    let now = new Date('2026-11-19T01:00:00Z');
    const holding = await t.db.tx((tx) =>
      insertGrantedHolding(tx, {
        userId,
        market: 'jpy',
        code: '7203',
        quantity: '100',
        price: '2500',
        currency: 'JPY',
        source: 'new_share',
        closableFrom: LOCKED_UNTIL,
        at: new Date('2026-11-18T00:00:00Z'),
      }),
    );
    const provider = new MarketSimulator({ seed: 'test', now: () => now });
    const trade = createTradeService({ db: t.db, now: () => now, provider });
    const id = Number(holding.id);
    const refusal = await trade.close(userId, id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BusinessError);
    expect(refusal).toMatchObject({ key: 'lockup_until', extra: { values: { date: '2026-12-18' } } });
    expect(await trade.position(userId, id, 'en')).toMatchObject({
      closable_from: '2026-12-18',
      closable_reason: 'lockup',
    });
    const [row] = await t.db.tx((tx) =>
      queryRows<{ status: number }>(tx, sql`SELECT status FROM positions WHERE id = ${holding.id}`),
    );
    expect(row!.status).toBe(0);
    // The last minute of the lock-up is still refused... (Thursday 17 December 2026, 15:00 Tokyo, open)
    now = new Date('2026-12-17T06:00:00Z');
    await expect(trade.close(userId, id)).rejects.toMatchObject({ key: 'lockup_until' });
    // ...and the next session is not. (Friday 18 December, 09:30 Tokyo)
    now = new Date('2026-12-18T00:30:00Z');
    expect((await trade.close(userId, id)).msg).toBe('sell_success');
  });
});
