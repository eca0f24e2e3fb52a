import fc from 'fast-check';
import { Decimal, MINOR_UNITS, type Currency } from 'shared/money';
import { closeFee, limitCrossed, marginCallDue, openFigures, pnlOf, pnlRate, realisedPnl, settle } from './trade-math';

const currency = fc.constantFrom<Currency>('JPY', 'USD', 'CNY');
/** A price with at most 2 decimals, 0.01 … 100,000. */
const price = fc.integer({ min: 1, max: 10_000_000 }).map((cents) => new Decimal(cents).div(100));
const quantity = fc.integer({ min: 1, max: 100_000 });
const leverage = fc.constantFrom(1, 2, 5, 10, 20, 50);
const feeRate = fc.integer({ min: 0, max: 100 }).map((bp) => new Decimal(bp).div(10_000));
const side = fc.constantFrom<'long' | 'short'>('long', 'short');
const money = fc.integer({ min: 0, max: 1_000_000_000 }).map((cents) => new Decimal(cents).div(100));

describe('trade arithmetic', () => {
  it('computes a worked example exactly', () => {
    // 100 shares at 2,430 JPY, 2×, fee 0.05 %: margin 121,500, fee 121.5 → 122 (half-even to yen).
    expect(openFigures('2430', 100, 2, '0.0005', 'JPY')).toEqual({
      notional: new Decimal(243000),
      margin: new Decimal(121500),
      fee: new Decimal(122),
    });
    expect(openFigures('2431', 100, 2, '0.0005', 'JPY').fee.toFixed()).toBe('122'); // 121.55 → 122
    expect(openFigures('2429', 100, 2, '0.0005', 'JPY').fee.toFixed()).toBe('121'); // 121.45 → 121
    expect(openFigures('2430', 10, 1, '0.0005', 'JPY').fee.toFixed()).toBe('12'); // 12.15 → 12
    expect(realisedPnl('short', '222.80', '215.80', 10, 'USD').toFixed()).toBe('70');
    expect(realisedPnl('long', '222.80', '215.81', 3, 'USD').toFixed()).toBe('-20.97');
    expect(closeFee('215.81', 3, '0.0005', 'USD').toFixed()).toBe('0.32');
    expect(pnlRate('-20.97', '668.40')).toBe('-3.14');
  });

  it('rounds margin and fee to the currency’s minor unit, within half a unit of the exact value', () => {
    fc.assert(
      fc.property(price, quantity, leverage, feeRate, currency, (p, q, l, r, c) => {
        const { notional, margin, fee } = openFigures(p, q, l, r, c);
        const unit = new Decimal(10).pow(-MINOR_UNITS[c]);
        expect(margin.decimalPlaces()).toBeLessThanOrEqual(MINOR_UNITS[c]);
        expect(fee.decimalPlaces()).toBeLessThanOrEqual(MINOR_UNITS[c]);
        expect(margin.minus(notional.div(l)).abs().lte(unit.div(2))).toBe(true);
        expect(fee.minus(notional.times(r)).abs().lte(unit.div(2))).toBe(true);
        expect(notional.eq(p.times(q))).toBe(true);
      }),
    );
  });

  it('makes long and short mirror images, zero at the buy price', () => {
    fc.assert(
      fc.property(price, price, quantity, currency, (buy, sell, q, c) => {
        expect(
          realisedPnl('long', buy, sell, q, c)
            .plus(realisedPnl('short', buy, sell, q, c))
            .isZero(),
        ).toBe(true);
        expect(pnlOf('long', buy, buy, q).isZero()).toBe(true);
        expect(pnlOf('long', buy, sell, q).eq(sell.minus(buy).times(q))).toBe(true);
      }),
    );
  });

  it('calls margin monotonically: once due at a price, due at every price further against the position', () => {
    fc.assert(
      fc.property(
        side,
        price,
        price,
        price,
        quantity,
        leverage,
        fc.integer({ min: 0, max: 100 }),
        (s, buy, a, b, q, l, ratioPct) => {
          const margin = new Decimal(buy).times(q).div(l);
          const ratio = new Decimal(ratioPct).div(100);
          const [worse, better] =
            s === 'long' ? [Decimal.min(a, b), Decimal.max(a, b)] : [Decimal.max(a, b), Decimal.min(a, b)];
          if (marginCallDue(s, buy, better, q, margin, ratio))
            expect(marginCallDue(s, buy, worse, q, margin, ratio)).toBe(true);
          // Never due at the buy price unless the ratio is above 100 % (it is at most 100 %).
          expect(marginCallDue(s, buy, buy, q, margin, ratio)).toBe(false);
        },
      ),
    );
  });

  it('fills a limit only when the price reaches it from the right side', () => {
    fc.assert(
      fc.property(price, price, (limit, p) => {
        expect(limitCrossed('long', limit, p)).toBe(p.lte(limit));
        expect(limitCrossed('short', limit, p)).toBe(p.gte(limit));
      }),
    );
  });

  it('settles without ever leaving the user negative: loss first, fee from what is left, the rest protected', () => {
    fc.assert(
      fc.property(
        money,
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((c) => new Decimal(c).div(100)),
        money,
        (available, pnl, fee) => {
          const s = settle(available, pnl, fee);
          expect(s.availableAfter.isNegative()).toBe(false);
          expect(s.fee.gte(0) && s.fee.lte(fee)).toBe(true);
          expect(s.protection.gte(0)).toBe(true);
          // Conservation: what the user ends with is exactly available + P&L − fee collected + protection.
          expect(s.availableAfter.eq(available.plus(pnl).minus(s.fee).plus(s.protection))).toBe(true);
          if (s.protection.gt(0)) expect(s.availableAfter.isZero() && s.fee.isZero()).toBe(true);
          if (available.plus(pnl).gte(fee)) expect(s.fee.eq(fee) && s.protection.isZero()).toBe(true);
        },
      ),
    );
  });
});
