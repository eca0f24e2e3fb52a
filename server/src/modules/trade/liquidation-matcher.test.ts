import '../../testing/setup';
import { sql } from 'drizzle-orm';
import type { Quote } from 'shared/contract';
import type { Database } from '../../db/database';
import { testBackends } from '../../testing/backends';
import { insertFundedTrader, useMigratedDatabase } from '../../testing/database';
import { expectLedgerInvariants } from '../../testing/ledger-invariants';
import type { MarketDataProvider } from '../market/provider';
import { createMatcher } from './matcher';
import { createTradeService } from './trade-service';

/** A provider whose price the test sets (Tokyo open, no daily limits). */
class SettablePrice implements MarketDataProvider {
  readonly simulated = true;
  price = '1000';
  quote(market: 'jpy' | 'usd' | 'cny', code: string): Quote | undefined {
    if (market !== 'jpy' || code !== '7203') return undefined;
    const names = { 'zh-CN': '丰田汽车', en: 'Toyota Motor', ja: 'トヨタ自動車' };
    const p = this.price;
    return {
      market,
      code,
      kind: 'stock',
      name: names.en,
      names,
      currency: 'JPY',
      price: p,
      change: '0',
      change_ratio: '0.00',
      open: p,
      prev_close: p,
      high: p,
      low: p,
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
  }
  lastPrice(market: string, code: string) {
    return market === 'jpy' && code === '7203' ? this.price : undefined;
  }
  list(): never {
    throw new Error('unused');
  }
  search(): never {
    throw new Error('unused');
  }
  candles(): never {
    throw new Error('unused');
  }
  onTick() {
    return () => undefined;
  }
  start() {}
  stop() {}
}

/** Monday 16 November 2026, 10:00 Tokyo (open). */
const NOW = new Date('2026-11-16T01:00:00Z');

describe.each(testBackends())('the matcher at the liquidation price on $name', (backend) => {
  const provider = new SettablePrice();
  const suite = useMigratedDatabase(backend, (opened) =>
    opened.tx((tx) => tx.execute(sql`UPDATE site_config SET value = '[1,2,5,10,50]' WHERE name = 'trade_leverages'`)),
  );
  let db: Database;
  beforeAll(() => {
    db = suite.db;
  });

  it('closes a position just beyond the price the wire names, not at it; added margin moves it', async () => {
    const service = createTradeService({ db, now: () => NOW, provider });
    const matcher = createMatcher({ db, now: () => NOW, provider });
    const user = await insertFundedTrader(db, '1000000');
    const order = (side: 'long' | 'short') =>
      service.placeOrder(
        user,
        { code: '7203', market: 'jpy', side, price_type: 'market', quantity: '100', leverage: 10 },
        undefined,
      );
    provider.price = '1000';
    // 10× of 100 at 1,000: margin 10,000; maintenance 0.5: liquidation 1,000 ∓ 50.
    const long = (await order('long')).data;
    const short = (await order('short')).data;
    const topped = (await order('long')).data;
    expect([long.liquidation_price, short.liquidation_price]).toEqual(['950', '1050']);
    const added = (await service.addMargin(user, { id: topped.id, amount: '10000', lang: 'en' }, undefined)).data as {
      liquidation_price: string;
    };
    expect(added.liquidation_price).toBe('900');
    const state = async (id: number) => (await service.position(user, id, 'en')).state;

    provider.price = '950';
    expect((await matcher.runOnce()).marginCalls).toBe(0);
    provider.price = '949.99999999';
    expect((await matcher.runOnce()).marginCalls).toBe(1);
    expect([await state(long.id), await state(topped.id)]).toEqual(['closed', 'holding']);

    provider.price = '1050';
    expect((await matcher.runOnce()).marginCalls).toBe(0);
    provider.price = '1050.00000001';
    expect((await matcher.runOnce()).marginCalls).toBe(1);
    expect(await state(short.id)).toBe('closed');

    // The topped-up long survives down to 900 and is closed just below it.
    provider.price = '900';
    expect((await matcher.runOnce()).marginCalls).toBe(0);
    provider.price = '899.99999999';
    expect((await matcher.runOnce()).marginCalls).toBe(1);
    expect(await state(topped.id)).toBe('closed');
    await expectLedgerInvariants(db);
  });
});
