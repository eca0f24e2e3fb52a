import { applicationCost, financingMoney, parseLots, priceGap } from './block-math';

describe('block-trade money', () => {
  it('reads whole lots from 1 and nothing else', () => {
    expect(parseLots(' 012 ')).toBe(12);
    expect(['', '0', '1.5', '-3', 'ten', '1234567890'].map(parseLots)).toEqual(Array(6).fill(undefined));
  });

  it('costs lots × the cost of one lot, without floating-point error', () => {
    expect(applicationCost(3, '0.1')).toBe('0.3');
    expect(applicationCost(7, '285000')).toBe('1995000');
  });

  it('holds a financing application’s own part plus the fee rounded down to the minor unit', () => {
    const terms = {
      block_price: '187.33',
      lot_size: 1,
      currency: 'USD',
      leverage: 2,
      financing_rate_pct: '2.80',
      financing_days: 30,
    };
    // 10 × 187.33 = 1,873.30; own 936.65; financed 936.65; fee 936.65 × 0.028 × 30 ÷ 365 = 2.1556… → 2.15.
    expect(financingMoney(terms, 10)).toEqual({
      amount: '1873.3',
      margin: '936.65',
      financed: '936.65',
      fee: '2.15',
      held: '938.8',
    });
  });

  it('names the gap to the live price: discount, premium or par', () => {
    expect(priceGap('-5.00')).toEqual({ gap: 'discount', pct: '5.00' });
    expect(priceGap('2.1')).toEqual({ gap: 'premium', pct: '2.10' });
    expect(priceGap('0.00')).toEqual({ gap: 'par', pct: '0.00' });
  });
});
