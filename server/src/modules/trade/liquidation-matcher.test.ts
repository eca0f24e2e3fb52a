import '../../testing/setup';
import { testBackends } from '../../testing/backends';
import { insertFundedTrader } from '../../testing/database';
import { expectLedgerInvariants } from '../../testing/ledger-invariants';
import { useSettablePriceSuite } from '../../testing/settable-price';
import { TOKYO_OPEN } from '../../testing/trade';
import { createMatcher } from './matcher';
import { createTradeService } from './trade-service';

/** Monday 16 November 2026, 10:00 Tokyo (open). */
const NOW = TOKYO_OPEN;

describe.each(testBackends())('the matcher at the liquidation price on $name', (backend) => {
  const suite = useSettablePriceSuite(backend);
  const { provider } = suite;

  it('closes a position just beyond the price the wire names, not at it; added margin moves it', async () => {
    const db = suite.db;
    const service = createTradeService({ db, now: () => NOW, provider });
    const matcher = createMatcher({ db, now: () => NOW, provider });
    const user = await insertFundedTrader(db, '1000000');
    const order = (side: 'long' | 'short') =>
      service.placeOrder(
        user,
        {
          code: '7203',
          market: 'jpy',
          side,
          price_type: 'market',
          quantity: '100',
          leverage: 10,
          order_type: 'normal',
        },
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
