import fc from 'fast-check';
import { Decimal, MINOR_UNITS } from 'shared/money';
import { CURRENCIES, displayRate, naturalRate, quoteExchange, validateExchange, type Currency } from './exchange';

describe('validateExchange', () => {
  it('offers the nine currencies of spec §9', () => {
    expect([...CURRENCIES].sort()).toEqual(['CNY', 'HKD', 'JPY', 'KRW', 'MYR', 'THB', 'TWD', 'USD', 'VND']);
  });

  it('refuses exchanging a currency into itself with the server’s key', () => {
    expect(validateExchange({ from: 'JPY', to: 'JPY', amount: '100' })).toEqual({ to: 'same_currency' });
  });

  it('requires a positive amount no finer than the currency’s minor unit, with the contract’s keys', () => {
    expect(validateExchange({ from: 'JPY', to: 'USD', amount: ' ' })).toEqual({ amount: 'exchange_amount_required' });
    expect(validateExchange({ from: 'JPY', to: 'USD', amount: '0' })).toEqual({ amount: 'amount_invalid' });
    expect(validateExchange({ from: 'JPY', to: 'USD', amount: '1e5' })).toEqual({ amount: 'amount_invalid' });
    expect(validateExchange({ from: 'JPY', to: 'USD', amount: '1000.5' })).toEqual({ amount: 'amount_invalid' });
    expect(validateExchange({ from: 'USD', to: 'JPY', amount: '1000.50' })).toEqual({});
  });
});

describe('quoteExchange', () => {
  it(
    'previews 10,000 JPY at 0.0067 with a 0.5% spread as 66.66 USD ' +
      '(66.665 rounds half-even, as the server books it)',
    () => {
      const quote = quoteExchange('10000', 'USD', '0.0067', '0.005');
      expect(quote.credited.toFixed(2)).toBe('66.66');
      expect(quote.mid.toFixed(2)).toBe('67.00');
      expect(quote.fee.toFixed(2)).toBe('0.34');
    },
  );

  const currency = fc.constantFrom<Currency>(...CURRENCIES);
  const amount = fc
    .tuple(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 0, max: 99 }))
    .map(([i, f]) => new Decimal(`${i}.${String(f).padStart(2, '0')}`));
  const rate = fc.integer({ min: 1, max: 10 ** 8 }).map((n) => new Decimal(n).div(10 ** 4));
  const spread = fc.integer({ min: 0, max: 500 }).map((n) => new Decimal(n).div(10 ** 4));

  it(
    'never gives more than amount × rate (plus half a minor unit of rounding) ' +
      'and rounds to the target’s minor unit',
    () => {
      fc.assert(
        fc.property(amount, currency, rate, spread, (a, to, r, s) => {
          const { credited, mid, fee } = quoteExchange(a, to, r, s);
          const halfUnit = new Decimal(10).pow(-MINOR_UNITS[to]).div(2);
          expect(credited.decimalPlaces()).toBeLessThanOrEqual(MINOR_UNITS[to]);
          expect(credited.lte(a.times(r).plus(halfUnit))).toBe(true);
          expect(credited.lte(mid)).toBe(true);
          expect(fee.gte(0)).toBe(true);
          expect(credited.plus(fee).eq(mid)).toBe(true);
        }),
      );
    },
  );

  it('with a spread never exceeds amount × rate at all', () => {
    fc.assert(
      fc.property(
        amount,
        currency,
        rate,
        fc.integer({ min: 1, max: 500 }).map((n) => new Decimal(n).div(10 ** 4)),
        (a, to, r, s) => {
          // credited ≤ round(a·r·(1−s)) ≤ a·r when a·r·s ≥ half a unit; otherwise within half a unit.
          const { credited } = quoteExchange(a, to, r, s);
          const exact = a.times(r);
          const halfUnit = new Decimal(10).pow(-MINOR_UNITS[to]).div(2);
          if (exact.times(s).gte(halfUnit)) expect(credited.lte(exact)).toBe(true);
        },
      ),
    );
  });
});

describe('displayRate', () => {
  it('shows six significant digits and leaves the exact rate to the arithmetic', () => {
    expect(displayRate('0.006666666667')).toBe('0.00666667');
    expect(displayRate('150.123456789')).toBe('150.123');
    expect(displayRate('1')).toBe('1');
    expect(displayRate('7.25')).toBe('7.25');
    expect(displayRate('not a rate')).toBe('not a rate');
  });
});

describe('naturalRate', () => {
  it('quotes the higher-valued currency as 1', () => {
    expect(naturalRate('JPY', 'USD', '0.006661248')).toEqual({ base: 'USD', quote: 'JPY', rate: '150.12' });
    expect(naturalRate('USD', 'JPY', '150.123456')).toEqual({ base: 'USD', quote: 'JPY', rate: '150.12' });
    expect(naturalRate('CNY', 'USD', '0.138')).toEqual({ base: 'USD', quote: 'CNY', rate: '7.2464' });
    expect(naturalRate('KRW', 'JPY', '0.1069')).toEqual({ base: 'JPY', quote: 'KRW', rate: '9.3545' });
  });

  it('keeps the whole part of a large rate, with thousands separators', () => {
    expect(naturalRate('VND', 'USD', '0.0000384615')).toEqual({ base: 'USD', quote: 'VND', rate: '26,000' });
    expect(naturalRate('USD', 'VND', '26001.4')).toEqual({ base: 'USD', quote: 'VND', rate: '26,001' });
  });

  it('keeps an even rate as quoted and leaves what is not a rate alone', () => {
    expect(naturalRate('HKD', 'HKD', '1')).toEqual({ base: 'HKD', quote: 'HKD', rate: '1' });
    expect(naturalRate('JPY', 'USD', 'n/a')).toEqual({ base: 'JPY', quote: 'USD', rate: 'n/a' });
    expect(naturalRate('JPY', 'USD', '0')).toEqual({ base: 'JPY', quote: 'USD', rate: '0' });
  });
});
