import fc from 'fast-check';
import { CURRENCIES, Decimal, MINOR_UNITS, roundMoney, type Currency } from 'shared/money';
import { fitsMinorUnit, quoteExchange } from './exchange-math';

const currency = fc.constantFrom(...CURRENCIES);
/** An amount already in `c`'s minor unit, up to 10^12. */
const amountIn = (c: Currency) =>
  fc.bigInt({ min: 1n, max: 10n ** 12n }).map((n) => new Decimal(n.toString()).dividedBy(10 ** MINOR_UNITS[c]));
const rate = fc.bigInt({ min: 1n, max: 10n ** 16n }).map((n) => new Decimal(n.toString()).dividedBy(10 ** 12));
const spread = fc.integer({ min: 0, max: 999_999 }).map((n) => new Decimal(n).dividedBy(1_000_000));
const quoteCase = fc
  .tuple(currency, currency)
  .chain(([from, to]) =>
    fc.record({ from: fc.constant(from), to: fc.constant(to), amount: amountIn(from), rate, spread }),
  );

describe('exchange arithmetic', () => {
  it('conserves money: credited + fee is exactly the mid amount the fx desk pays', () => {
    fc.assert(
      fc.property(quoteCase, ({ to, amount, rate: r, spread: s }) => {
        const q = quoteExchange(amount, to, r, s);
        expect(q.credited.plus(q.fee).eq(q.mid)).toBe(true);
        expect(q.debited.eq(amount)).toBe(true);
      }),
    );
  });

  it(
    'never creates money by rounding: every amount is in the minor unit, fee ≥ 0, ' +
      'and the desk pays at most half a unit more than the exact value',
    () => {
      fc.assert(
        fc.property(quoteCase, ({ to, amount, rate: r, spread: s }) => {
          const q = quoteExchange(amount, to, r, s);
          const exact = amount.times(r);
          const half = new Decimal(1).dividedBy(10 ** MINOR_UNITS[to]).dividedBy(2);
          for (const v of [q.mid, q.credited, q.fee]) expect(fitsMinorUnit(v, to)).toBe(true);
          expect(q.fee.isNegative()).toBe(false);
          expect(q.credited.lte(q.mid)).toBe(true);
          expect(q.mid.minus(exact).abs().lte(half)).toBe(true);
          // What the user receives is the exact net value rounded, never more than half a unit above it.
          expect(q.credited.minus(exact.times(new Decimal(1).minus(s))).lte(half)).toBe(true);
        }),
      );
    },
  );

  it('a journal of the two legs sums to zero in each currency', () => {
    fc.assert(
      fc.property(
        quoteCase.filter(({ from, to }) => from !== to),
        ({ from, to, amount, rate: r, spread: s }) => {
          const q = quoteExchange(amount, to, r, s);
          const legs: Array<[Currency, Decimal]> = [
            [from, amount.negated()],
            [from, amount],
            [to, q.mid.negated()],
            [to, q.credited],
            [to, q.fee],
          ];
          for (const c of [from, to]) {
            expect(
              legs
                .filter(([lc]) => lc === c)
                .reduce((sum, [, v]) => sum.plus(v), new Decimal(0))
                .isZero(),
            ).toBe(true);
          }
        },
      ),
    );
  });

  it('rounds half to even at the minor unit', () => {
    expect(roundMoney('0.125', 'USD').toFixed()).toBe('0.12');
    expect(roundMoney('0.135', 'USD').toFixed()).toBe('0.14');
    expect(roundMoney('2.5', 'JPY').toFixed()).toBe('2');
    expect(quoteExchange('15000', 'USD', '0.006666666667', '0.005')).toMatchObject({
      mid: new Decimal('100'),
      credited: new Decimal('99.5'),
      fee: new Decimal('0.5'),
    });
  });
});
