import { EMPTY_DAY_ORDER, dayOrderBody, dayOrderRules, notionalOf } from './day-order';
import type { Quote } from 'shared/contract';

const draft = (overrides: Partial<typeof EMPTY_DAY_ORDER>) => ({ ...EMPTY_DAY_ORDER, ...overrides });
const limits = { limit_down: '2500', limit_up: '3300' };

describe('day-trade order', () => {
  it('sends the code, side and quantity, and the price only for a limit order', () => {
    expect(dayOrderBody(draft({ code: ' 7203 ', quantity: '100' }), 4)).toEqual({
      id: 4,
      code: '7203',
      side: 'long',
      price_type: 'market',
      quantity: '100',
    });
    expect(
      dayOrderBody(draft({ code: 'aapl', priceType: 'limit', price: '190.5', side: 'short', quantity: '3' }), 4),
    ).toMatchObject({ code: 'AAPL', price_type: 'limit', price: '190.5', side: 'short' });
  });

  it('computes the notional at the limit, or at the last price for a market order', () => {
    expect(notionalOf(draft({ quantity: '100' }), '2950.5')?.toFixed()).toBe('295050');
    expect(notionalOf(draft({ priceType: 'limit', price: '3000', quantity: '200' }), '2950')?.toFixed()).toBe('600000');
    expect(notionalOf(draft({ quantity: '100' }), undefined)).toBeUndefined();
    expect(notionalOf(draft({ quantity: '1.5' }), '10')).toBeUndefined();
  });

  it('keeps a limit within today’s limits; a market without limits has none', () => {
    const priceError = (price: string, band: Pick<Quote, 'limit_down' | 'limit_up'> = limits) =>
      dayOrderRules(draft({ priceType: 'limit', price, quantity: '1' }), band, '3000', '100000000', 'JPY').price;
    expect(priceError('3300')).toBeUndefined();
    expect(priceError('3300.5')).toEqual({ key: 'price_beyond_limit' });
    expect(priceError('2499')).toEqual({ key: 'price_beyond_limit' });
    expect(priceError('99999', { limit_down: null, limit_up: null })).toBeUndefined();
    // A malformed price is the schema's to name, not the band's.
    expect(priceError('abc')).toBeUndefined();
  });

  it('refuses a notional beyond the remaining allowance, naming what remains', () => {
    const errors = dayOrderRules(draft({ quantity: '200' }), limits, '3000', '500000', 'JPY');
    expect(errors.quantity).toEqual({
      key: 'day_trade_allowance_exceeded',
      values: { remaining: '500,000.00 JPY' },
    });
    expect(dayOrderRules(draft({ quantity: '100' }), limits, '3000', '500000', 'JPY')).toEqual({});
    expect(
      dayOrderRules(draft({ priceType: 'limit', price: '4000', quantity: '1' }), limits, '3000', '1000000000', 'JPY'),
    ).toMatchObject({ price: { key: 'price_beyond_limit' } });
  });
});
