/**
 * The one-statement placement (trade-repository.ts placementStatement): the rules a service has
 * cached never book an order after they changed, a refusal follows the context of the statement's
 * own snapshot, concurrent orders of one user never overdraw, and the books stay balanced.
 */
import '../../testing/setup';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Quote } from 'shared/contract';
import { Decimal } from 'shared/money';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/query';
import { BusinessError } from '../../errors';
import { testBackends } from '../../testing/backends';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { getUserBalance } from '../ledger/ledger-repository';
import type { MarketDataProvider } from '../market/provider';
import { createTradeService, type PlaceOrderInput } from './trade-service';

const NOW = new Date('2026-11-16T01:00:00Z');

const provider: MarketDataProvider = {
  simulated: true,
  quote(market, code): Quote | undefined {
    if (market !== 'jpy' || code !== '7203') return undefined;
    const names = { 'zh-CN': '丰田汽车', en: 'Toyota Motor', ja: 'トヨタ自動車' };
    return {
      market,
      code,
      kind: 'stock',
      name: names.en,
      names,
      currency: 'JPY',
      price: '1000',
      change: '0',
      change_ratio: '0.00',
      open: '1000',
      prev_close: '1000',
      high: '1000',
      low: '1000',
      volume: '0',
      amount: '0',
      limit_up: null,
      limit_down: null,
      tick_size: '1',
      lot: 1,
      trade_date: '2026-11-16',
      status: 'open',
      next_open: null,
      time: NOW.toISOString(),
      simulated: true,
    };
  },
  lastPrice: () => '1000',
  list: () => {
    throw new Error('unused');
  },
  search: () => {
    throw new Error('unused');
  },
  candles: () => {
    throw new Error('unused');
  },
  onTick: () => () => undefined,
  start: () => undefined,
  stop: () => undefined,
} as unknown as MarketDataProvider;

const order = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  code: '7203',
  market: 'jpy',
  side: 'long',
  price_type: 'market',
  quantity: '100',
  leverage: 1,
  ...over,
});

async function refusal(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof BusinessError) return error.key;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe.each(testBackends())('one-statement order placement on $name', (backend) => {
  const suite = useMigratedDatabase(backend);
  let db: Database;
  beforeAll(() => {
    db = suite.db;
  });
  afterEach(async () => {
    await db.tx((tx) =>
      tx.execute(
        sql`UPDATE site_config SET value = CASE name WHEN 'trade_fee_rate' THEN '0.0005' ELSE '[1,2,5,10]' END
            WHERE name IN ('trade_fee_rate', 'trade_leverages')`,
      ),
    );
  });

  const newTrader = (funding: string, acknowledged = true) => insertFundedTrader(db, funding, { acknowledged });

  const balance = async (userId: bigint) => {
    const b = await db.tx((tx) => getUserBalance(tx, userId, 'JPY'));
    return { available: new Decimal(b.available).toFixed(), held: new Decimal(b.held).toFixed() };
  };
  const unbalanced = () =>
    db.tx((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM (
              SELECT transaction_id FROM journal_entries GROUP BY transaction_id, currency HAVING sum(amount) <> 0
            ) t`,
      ),
    );

  it(
    'books with the rules current at the statement: ' +
      'a fee rate or leverage list changed after the last order is used at once',
    async () => {
      const service = createTradeService({ db, now: () => NOW, provider });
      const user = await newTrader('1000000');
      const first = await service.placeOrder(user, order(), undefined);
      expect(first.data.fee).toBe('50'); // 100 × 1000 × 0.0005
      await db.tx((tx) => tx.execute(sql`UPDATE site_config SET value = '0.001' WHERE name = 'trade_fee_rate'`));
      const second = await service.placeOrder(user, order(), undefined);
      expect(second.data.fee).toBe('100');
      expect((await balance(user)).available).toBe(String(1000000 - 2 * 100000 - 50 - 100));
      await db.tx((tx) => tx.execute(sql`UPDATE site_config SET value = '[1,3]' WHERE name = 'trade_leverages'`));
      expect(await refusal(() => service.placeOrder(user, order({ leverage: 2 }), undefined))).toBe(
        'leverage_not_allowed',
      );
      const third = await service.placeOrder(user, order({ leverage: 3, quantity: '3' }), undefined);
      expect(third.data.margin).toBe('1000');
      expect((await unbalanced())[0]!.n).toBe(0);
    },
  );

  it('refuses from the snapshot it read: barred, unverified, unacknowledged, overdrawn; nothing moves', async () => {
    const service = createTradeService({ db, now: () => NOW, provider });
    const user = await newTrader('100000', false);
    await service.placeOrder(user, order({ quantity: '1' }), undefined); // caches the rules
    expect(await refusal(() => service.placeOrder(user, order({ side: 'short' }), undefined))).toBe(
      'risk_disclosure_required',
    );
    expect(await refusal(() => service.placeOrder(user, order({ quantity: '100' }), undefined))).toBe(
      'insufficient_balance',
    );
    await db.tx((tx) => tx.execute(sql`UPDATE users SET trade_disabled = true WHERE id = ${user}`));
    expect(await refusal(() => service.placeOrder(user, order({ quantity: '1' }), undefined))).toBe('trading_disabled');
    // No reason stored (barred before 0023): the refusal's reason reads "-", never an empty slot.
    const barred = await service.placeOrder(user, order({ quantity: '1' }), undefined).catch((e: unknown) => e);
    expect(barred).toMatchObject({ key: 'trading_disabled', extra: { values: { reason: '-' } } });
    await db.tx((tx) =>
      tx.execute(sql`UPDATE users SET trade_disabled = false, realname_status = 'pending' WHERE id = ${user}`),
    );
    expect(await refusal(() => service.placeOrder(user, order({ quantity: '1' }), undefined))).toBe(
      'realname_required',
    );
    expect(await refusal(() => service.placeOrder(BigInt(2) ** BigInt(40), order(), undefined))).toBe(
      'account_not_found',
    );
    const after = await balance(user);
    // only the first order: margin 1000, fee 0.5 → 0 (half-even to the yen)
    expect(after.available).toBe(String(100000 - 1000));
    expect(after.held).toBe('1000');
  });

  it('never overdraws when one user’s orders race without a key; a key replays its first answer', async () => {
    const service = createTradeService({ db, now: () => NOW, provider });
    const user = await newTrader('500000');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => service.placeOrder(user, order({ quantity: '100' }), undefined)),
    );
    const placed = results.filter((r) => r.status === 'fulfilled').length;
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as BusinessError).key).toBe('insufficient_balance');
    expect(placed).toBe(4); // 100,050 each out of 500,000
    const after = await balance(user);
    expect(Number(after.available)).toBeGreaterThanOrEqual(0);
    expect(after.held).toBe(String(placed * 100000));
    const key = `k-${randomBytes(6).toString('hex')}`;
    const rich = await newTrader('1000000');
    const answers = await Promise.all([1, 2, 3].map(() => service.placeOrder(rich, order(), key)));
    expect(new Set(answers.map((a) => a.data.order_no)).size).toBe(1);
    expect((await balance(rich)).held).toBe('100000');
    expect((await unbalanced())[0]!.n).toBe(0);
  });
});
