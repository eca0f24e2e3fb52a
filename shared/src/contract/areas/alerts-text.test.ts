import { alertThresholdText } from './alerts';

describe('an alert’s threshold as shown', () => {
  it('groups a price with 2 decimals, or as many as it was set with, never rounding it', () => {
    expect(alertThresholdText('price_above', '2500')).toBe('2,500.00');
    expect(alertThresholdText('price_below', '2400.5')).toBe('2,400.50');
    expect(alertThresholdText('price_above', '2400.125')).toBe('2,400.125');
    expect(alertThresholdText('price_below', '0.00000001')).toBe('0.00000001');
  });

  it('shows a percent as set', () => {
    expect(alertThresholdText('change_beyond', '2.5')).toBe('2.5');
  });
});
