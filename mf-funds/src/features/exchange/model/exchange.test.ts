import { CURRENCIES, validateExchange } from './exchange';

describe('validateExchange', () => {
  it('offers the nine currencies of spec §9', () => {
    expect([...CURRENCIES].sort()).toEqual(['CNY', 'HKD', 'JPY', 'KRW', 'MYR', 'THB', 'TWD', 'USD', 'VND']);
  });

  it('refuses exchanging a currency into itself', () => {
    expect(validateExchange({ from: 'JPY', to: 'JPY', amount: '100' })).toEqual({ to: 'sameCurrency' });
  });

  it('requires a positive amount', () => {
    expect(validateExchange({ from: 'JPY', to: 'USD', amount: ' ' })).toEqual({ amount: 'amountRequired' });
    expect(validateExchange({ from: 'JPY', to: 'USD', amount: '0' })).toEqual({ amount: 'amountInvalid' });
    expect(validateExchange({ from: 'JPY', to: 'USD', amount: '1e5' })).toEqual({ amount: 'amountInvalid' });
    expect(validateExchange({ from: 'JPY', to: 'USD', amount: '1000.50' })).toEqual({});
  });
});
