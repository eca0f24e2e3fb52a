import { allowanceOf, checkParticipation } from './participation';

describe('checkParticipation', () => {
  it('requires a positive amount', () => {
    expect(checkParticipation(' ', '100000', '500000')).toBe('amount_required');
    expect(checkParticipation('abc', '100000', '500000')).toBe('amount_invalid');
    expect(checkParticipation('0', undefined, undefined)).toBe('amount_invalid');
    expect(checkParticipation('-1', undefined, undefined)).toBe('amount_invalid');
  });

  it('refuses an amount below the minimum, at the minimum it is accepted', () => {
    expect(checkParticipation('99999.99', '100000', '500000')).toBe('day_trade_min_participation');
    expect(checkParticipation('100000', '100000', '500000')).toBeUndefined();
  });

  it('refuses an amount beyond the available balance', () => {
    expect(checkParticipation('500000.01', '100000', '500000')).toBe('insufficient_balance');
    expect(checkParticipation('500000', '100000', '500000')).toBeUndefined();
  });

  it('leaves the minimum and the balance to the server while the config is not known', () => {
    expect(checkParticipation('1', undefined, undefined)).toBeUndefined();
  });
});

describe('allowanceOf', () => {
  it('is the amount times the multiple, exactly', () => {
    expect(allowanceOf('100000', '5')?.toFixed()).toBe('500000');
    expect(allowanceOf('0.1', '3')?.toFixed()).toBe('0.3');
    expect(allowanceOf('1234.56', '2.5')?.toFixed()).toBe('3086.4');
  });

  it('is unknown for no amount, a malformed one or no multiple', () => {
    expect(allowanceOf('', '5')).toBeUndefined();
    expect(allowanceOf('1e5', '5')).toBeUndefined();
    expect(allowanceOf('100', undefined)).toBeUndefined();
    expect(allowanceOf('0', '5')).toBeUndefined();
  });
});
