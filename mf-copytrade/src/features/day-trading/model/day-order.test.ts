import { EMPTY_DAY_ORDER, dayOrderBody, dayOrderRules, notionalOf, withinLimits } from './day-order';

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
    expect(withinLimits('3300', limits)).toBe(true);
    expect(withinLimits('3300.5', limits)).toBe(false);
    expect(withinLimits('2499', limits)).toBe(false);
    expect(withinLimits('99999', { limit_down: null, limit_up: null })).toBe(true);
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
