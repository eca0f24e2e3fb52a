import fc from 'fast-check';
import { Decimal } from 'shared/money';
import { beyondLiquidation, equityRatio, liquidationPrice, marginCallDue } from './trade-math';

/** Exact arithmetic for the reference predicate (products of decimals only: no rounding at 60 digits). */
const Exact = Decimal.clone({ precision: 60 });
const STEP = new Decimal('0.00000001');

/** The matcher's SQL form of the margin call (positions-repository dueOrders): margin + P&L < ratio × margin. */
function equityBelow(side: 'long' | 'short', buy: Decimal, price: Decimal, q: number, margin: Decimal, ratio: Decimal) {
  const perShare = side === 'long' ? new Exact(price).minus(buy) : new Exact(buy).minus(price);
  return new Exact(margin).plus(perShare.times(q)).lt(new Exact(ratio).times(margin));
}

const side = fc.constantFrom<'long' | 'short'>('long', 'short');
/** Prices and margins with up to 8 decimals, as numeric(38, 8) stores them. */
const eightDp = (max: number) => fc.integer({ min: 1, max }).map((n) => new Decimal(n).times(STEP));
const buy = eightDp(5_000_000_000_000);
const quantity = fc.integer({ min: 1, max: 1_000_000 });
const leverage = fc.constantFrom(1, 2, 3, 5, 7, 10, 50);
const ratio = fc.integer({ min: 0, max: 100 }).map((pct) => new Decimal(pct).div(100));
/** Margin added on top of the initial one (a whole amount, spec §5). */
const added = fc.integer({ min: 0, max: 10_000_000 });

describe('liquidation price', () => {
  it('is where the matcher’s margin call flips, and agrees with the equity form at every 8-decimal price', () => {
    fc.assert(
      fc.property(side, buy, quantity, leverage, ratio, added, (s, b, q, l, r, extra) => {
        const margin = b.times(q).div(l).toDecimalPlaces(8).plus(extra);
        const liq = liquidationPrice(s, b, q, margin, r);
        // The last safe 8-decimal price and the first one beyond it.
        const safe = liq.toDecimalPlaces(8, s === 'long' ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR);
        const beyond = s === 'long' ? safe.minus(STEP) : safe.plus(STEP);
        expect(marginCallDue(s, b, safe, q, margin, r)).toBe(false);
        expect(marginCallDue(s, b, beyond, q, margin, r)).toBe(true);
        for (const p of [safe, beyond, safe.plus(STEP), safe.minus(STEP)]) {
          expect(marginCallDue(s, b, p, q, margin, r)).toBe(equityBelow(s, b, p, q, margin, r));
        }
        // At the liquidation price itself equity is ratio × margin (up to pnlOf's 20 digits): not yet due.
        expect(beyondLiquidation(s, liq, liq)).toBe(false);
        expect(equityRatio(s, b, liq, q, margin).minus(r).abs().lt('1e-8')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('moves away from the price when margin is added: down for a long, up for a short', () => {
    fc.assert(
      fc.property(side, buy, quantity, leverage, ratio, fc.integer({ min: 1, max: 1_000_000 }), (s, b, q, l, r, a) => {
        fc.pre(r.lt(1));
        const margin = b.times(q).div(l).toDecimalPlaces(8);
        const before = liquidationPrice(s, b, q, margin, r);
        const after = liquidationPrice(s, b, q, margin.plus(a), r);
        expect(s === 'long' ? after.lt(before) : after.gt(before)).toBe(true);
      }),
    );
  });

  it('computes a worked example', () => {
    // 100 shares long at 2,800, 2× (margin 140,000), ratio 0.5: L = 2,800 − 0.5 × 140,000 ÷ 100 = 2,100.
    expect(liquidationPrice('long', '2800', 100, '140000', '0.5').toFixed()).toBe('2100');
    expect(marginCallDue('long', '2800', '2100', 100, '140000', '0.5')).toBe(false);
    expect(marginCallDue('long', '2800', '2099.99999999', 100, '140000', '0.5')).toBe(true);
    // + 10,000 margin: 2,800 − 0.5 × 150,000 ÷ 100 = 2,050. A short mirrors it: 2,800 + 750 = 3,550.
    expect(liquidationPrice('long', '2800', 100, '150000', '0.5').toFixed()).toBe('2050');
    expect(liquidationPrice('short', '2800', 100, '150000', '0.5').toFixed()).toBe('3550');
    // Equity ÷ margin at 2,950: (140,000 + 15,000) ÷ 140,000.
    expect(equityRatio('long', '2800', '2950', 100, '140000').toDecimalPlaces(4).toFixed()).toBe('1.1071');
  });
});
