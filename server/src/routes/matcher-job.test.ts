import '../testing/setup';
import { sql } from 'drizzle-orm';
import { matcherJob, MATCHER_JOB } from '../modules/trade/matcher-job';
import { FILL_BATCH, type Matcher } from '../modules/trade/matcher';
import { insertFundedTrader } from '../testing/database';
import { expectOrderInvariants } from '../testing/order-invariants';
import { testBackends } from '../testing/backends';
import { placeOrder, trader } from '../testing/trade';
import { countRows, useTwoInstances } from '../testing/two-instances';

/**
 * The matcher runs as a job (modules/trade/matcher-job.ts, issue 36), on its own timer: orders placed before the
 * open fill at the open with no explicit pass, each once, however many instances' timers tick (two on PostgreSQL,
 * one on PGlite). And the job itself: nothing while every market is shut, the orders acted on otherwise. And two
 * matchers' passes at once over more orders than a batch (issue 37): each order filled once between them.
 */

/** Tuesday 17 November 2026, 08:00 Tokyo: before the open. */
const BEFORE_OPEN = new Date('2026-11-16T23:00:00Z');
const OPENING = new Date('2026-11-17T00:00:30Z');
const USERS = 4;

describe('matcherJob', () => {
  const report = { filled: 2, closed: 1, marginCalls: 0, triggered: 1, unfunded: 0, exits: 1 };
  const matcherOf = (open: boolean) => {
    const runs: number[] = [];
    const matcher = {
      anyMarketOpen: () => open,
      runOnce: async () => {
        runs.push(1);
        return report;
      },
    } as unknown as Matcher;
    return { matcher, runs };
  };

  it('answers the orders a pass acted on while a market is open', async () => {
    const { matcher, runs } = matcherOf(true);
    const job = matcherJob(matcher);
    expect(job.name).toBe(MATCHER_JOB);
    await expect(job.run(OPENING)).resolves.toBe(5);
    expect(runs).toHaveLength(1);
  });

  it('is not active while every market is shut (the runner then takes no lock), and runs no pass', async () => {
    const { matcher, runs } = matcherOf(false);
    const job = matcherJob(matcher);
    expect(job.active?.(BEFORE_OPEN)).toBe(false);
    await expect(job.run(BEFORE_OPEN)).resolves.toBe(0);
    expect(runs).toHaveLength(0);
    expect(matcherJob(matcherOf(true).matcher).active?.(OPENING)).toBe(true);
  });
});

describe.each(testBackends())('the matcher job on every instance on $name', (backend) => {
  const jobs = useTwoInstances(backend, { start: BEFORE_OPEN, wideMoneyLimits: true, matcherIntervalMs: 20 });

  it('fills the orders waiting for the open by its timer alone, each once', async () => {
    const { a, instances, clock } = jobs;
    for (let i = 0; i < USERS; i += 1) {
      const app = instances[i % instances.length]!;
      const user = await trader(app, { JPY: '10000000' });
      expect((await placeOrder(app, user, {})).body.status).toBe(1);
    }
    const count = (query: ReturnType<typeof sql>) => countRows(a, query);
    // Before the open the timers tick and fill nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count(sql`SELECT count(*)::int AS n FROM positions WHERE status = 0`)).toBe(0);

    clock.set(OPENING);
    const deadline = Date.now() + 60_000;
    while ((await count(sql`SELECT count(*)::int AS n FROM positions WHERE status = 0`)) < USERS) {
      if (Date.now() > deadline) throw new Error('the matcher timer filled nothing within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Let every instance's timer run a few more passes over the filled orders.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count(sql`SELECT count(*)::int AS n FROM positions WHERE status = 0`)).toBe(USERS);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM journal_transactions t
                      WHERE t.kind = 'fee' AND t.reference IN (SELECT order_no FROM positions WHERE status = 0)`),
    ).toBe(USERS);
    await expectOrderInvariants(a);
  }, 180_000);
});

describe.each(testBackends())('two matchers at the open over batches of orders on $name', (backend) => {
  // Timers off: both instances' matchers run their passes at once, as no leader would let the jobs do.
  const jobs = useTwoInstances(backend, { start: BEFORE_OPEN, wideMoneyLimits: true });
  const TRADERS = 40;
  const ORDERS_PER_TRADER = 15;

  it('fill every order once between them, across batches (FILL_BATCH) and both passes', async () => {
    const { a, instances, clock } = jobs;
    const orders = TRADERS * ORDERS_PER_TRADER;
    expect(orders).toBeGreaterThan(FILL_BATCH);
    // Limits at the day's bounds: crossed at any price of the session (longs at the upper, shorts at the lower).
    const quote = a.market.provider.sessionLimits!('jpy', '7203', '2026-11-17')!;
    for (let t = 0; t < TRADERS; t += 1) {
      const user = await insertFundedTrader(a.db, '100000000');
      for (let o = 0; o < ORDERS_PER_TRADER; o += 1)
        await a.trade.service.placeOrder(
          user,
          {
            code: '7203',
            market: 'jpy',
            side: o % 2 === 0 ? 'long' : 'short',
            price_type: o % 3 === 0 ? 'market' : 'limit',
            price: o % 3 === 0 ? undefined : (o % 2 === 0 ? quote.limit_up : quote.limit_down)!,
            quantity: String(1 + o),
            leverage: 1,
            order_type: 'normal',
          },
          undefined,
        );
    }
    clock.set(OPENING);
    const reports = await Promise.all(instances.map((app) => app.trade.matcher.runOnce()));
    expect(reports.reduce((sum, report) => sum + report.filled + report.unfunded, 0)).toBe(orders);
    const count = (query: ReturnType<typeof sql>) => countRows(a, query);
    expect(await count(sql`SELECT count(*)::int AS n FROM positions WHERE status = 0`)).toBe(orders);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM (SELECT reference FROM journal_transactions WHERE kind = 'fee'
                      GROUP BY reference HAVING count(*) > 1) twice`),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM messages WHERE msg_key LIKE 'order_filled_%'`)).toBe(orders);
    await expectOrderInvariants(a);
  }, 180_000);
});
