import '../testing/setup';
import { sql } from 'drizzle-orm';
import { Decimal } from 'shared/money';
import { expectOrderInvariants } from '../testing/order-invariants';
import { testBackends } from '../testing/backends';
import { lookAhead, placeOrder, trader } from '../testing/trade';
import { countRows, useTwoInstances } from '../testing/two-instances';

/**
 * The matcher and the orders:expire job on two app instances sharing one PostgreSQL database and one test clock
 * (testing/two-instances.ts): both act on the same due orders at the same moment; each order fills or expires once,
 * with one inbox message. On PGlite the same journey runs on ONE instance.
 */

/** Tuesday 17 November 2026, 08:00 Tokyo: before the open. */
const BEFORE_OPEN = new Date('2026-11-16T23:00:00Z');
const OPENING = new Date('2026-11-17T00:00:30Z');
/** 15:31 Tokyo: after the close of the orders' last date. */
const AFTER_CLOSE = new Date('2026-11-17T06:31:00Z');
const USERS = 4;

describe.each(testBackends())('advanced orders with two instances on $name', (backend) => {
  const jobs = useTwoInstances(backend, { start: BEFORE_OPEN, wideMoneyLimits: true });

  it('fills and expires each due order exactly once however many instances act', async () => {
    const { a, instances, clock, tickTogether } = jobs;
    const quote = lookAhead().quoteAt('jpy', '7203', AFTER_CLOSE)!;
    // The day's low stays above the lower limit: the limit orders there never fill, they expire.
    expect(new Decimal(quote.low).gt(quote.limit_down!)).toBe(true);
    for (let i = 0; i < USERS; i += 1) {
      const app = instances[i % instances.length]!;
      const user = await trader(app, { JPY: '10000000' });
      for (const form of [
        {},
        { order_type: 'stop', trigger_price: quote.limit_down! },
        { price_type: 'limit', price: quote.limit_down! },
      ]) {
        const answer = await placeOrder(app, user, form);
        expect(answer.body.status).toBe(1);
      }
    }
    clock.set(OPENING);
    const matchTogether = () =>
      Promise.all(instances.flatMap((app) => [app.trade.matcher.runOnce(), app.trade.matcher.runOnce()]));
    await matchTogether();
    await matchTogether();
    const count = (query: ReturnType<typeof sql>) => countRows(a, query);
    expect(await count(sql`SELECT count(*)::int AS n FROM positions WHERE status = 0`)).toBe(2 * USERS);
    expect(await count(sql`SELECT count(*)::int AS n FROM positions WHERE status = 3`)).toBe(USERS);
    // One opening fee per filled order.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM journal_transactions t
                      WHERE t.kind = 'fee' AND t.reference IN (SELECT order_no FROM positions WHERE status = 0)`),
    ).toBe(2 * USERS);
    expect(await count(sql`SELECT count(*)::int AS n FROM messages WHERE msg_key = 'stop_triggered'`)).toBe(USERS);

    clock.set(AFTER_CLOSE);
    await tickTogether();
    await tickTogether();
    expect(
      await count(sql`SELECT count(*)::int AS n FROM positions WHERE status = 4 AND cancel_reason = 'expired'`),
    ).toBe(USERS);
    expect(await count(sql`SELECT count(*)::int AS n FROM messages WHERE msg_key = 'order_expired'`)).toBe(USERS);
    await expectOrderInvariants(a);
  }, 240_000);
});
