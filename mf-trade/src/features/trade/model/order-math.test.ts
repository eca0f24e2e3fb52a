import { estimateOrder } from './order-math';

describe('estimateOrder', () => {
  it('computes margin, fee and total from price, quantity, leverage and the fee rate in decimals', () => {
    const e = estimateOrder({ price: '2950.5', quantity: '100', leverage: '2', feeRate: '0.0005', currency: 'JPY' })!;
    expect(e.notional.toFixed()).toBe('295050');
    // 295050 ÷ 2 = 147525; fee 295050 × 0.0005 = 147.525 → 148 yen (JPY has no minor unit, half-even).
    expect(e.margin.toFixed()).toBe('147525');
    expect(e.fee.toFixed()).toBe('148');
    expect(e.total.toFixed()).toBe('147673');
  });

  it('rounds to cents for USD without float error (0.1 + 0.2 stays exact)', () => {
    const e = estimateOrder({ price: '0.3', quantity: '3', leverage: '1', feeRate: '0.001', currency: 'USD' })!;
    expect(e.margin.toFixed()).toBe('0.9');
    expect(e.fee.toFixed()).toBe('0'); // 0.0009 → 0.00
    const f = estimateOrder({ price: '187.25', quantity: '7', leverage: '5', feeRate: '0.0005', currency: 'USD' })!;
    expect(f.margin.toFixed(2)).toBe('262.15'); // 1310.75 ÷ 5
    expect(f.fee.toFixed(2)).toBe('0.66'); // 0.655375
    expect(f.total.toFixed(2)).toBe('262.81');
  });

  it('rounds half to even like the server books it', () => {
    // 25 × 1 × 0.1 = 2.5 JPY → 2 (even); 35 × 0.1 = 3.5 → 4.
    expect(
      estimateOrder({ price: '25', quantity: '1', leverage: '1', feeRate: '0.1', currency: 'JPY' })!.fee.toFixed(),
    ).toBe('2');
    expect(
      estimateOrder({ price: '35', quantity: '1', leverage: '1', feeRate: '0.1', currency: 'JPY' })!.fee.toFixed(),
    ).toBe('4');
  });

  it('has no estimate while an input is missing or not a whole number of shares', () => {
    const base = { price: '100', quantity: '10', leverage: '1', feeRate: '0.001', currency: 'JPY' };
    expect(estimateOrder({ ...base, price: undefined })).toBeUndefined();
    expect(estimateOrder({ ...base, quantity: '' })).toBeUndefined();
    expect(estimateOrder({ ...base, quantity: '1.5' })).toBeUndefined();
    expect(estimateOrder({ ...base, quantity: '0' })).toBeUndefined();
    expect(estimateOrder({ ...base, feeRate: undefined })).toBeUndefined();
    expect(estimateOrder({ ...base, price: '1e3' })).toBeUndefined();
  });
});
