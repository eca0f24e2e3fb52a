import { checkFollowAmount } from './follow-amount';

describe('checkFollowAmount', () => {
  it('requires the buy amount', () => {
    expect(checkFollowAmount('', '10000')).toBe('amount_required');
  });

  it('refuses an amount below the product minimum', () => {
    expect(checkFollowAmount('9999.99', '10000')).toBe('min_buy_amount');
    expect(checkFollowAmount('10000', '10000')).toBeUndefined();
  });

  it('refuses malformed and non-positive amounts', () => {
    expect(checkFollowAmount('abc', undefined)).toBe('amount_invalid');
    expect(checkFollowAmount('-5', undefined)).toBe('amount_invalid');
  });
});
