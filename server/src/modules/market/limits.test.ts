/**
 * The live quotes' figures are formatted in integer hundredths (limits.ts centsText, simulator.ts changeOf) instead
 * of decimal.js: every string must be the one decimal.js prints for the same input.
 */
import { Decimal } from 'shared/money';
import { centsText, divideHalfUp, priceString, tickDecimals, tickSize, wholeCents, type TickRule } from './limits';
import { changeOf, MarketSimulator } from './simulator';
import { MARKET_IDS } from './calendar';
import { INDICES, STOCKS } from './universe';

/** What the formatting did before: decimal.js throughout. */
function decimalPrice(rule: TickRule, price: number): string {
  const decimals = rule.kind === 'index' || rule.market !== 'jpy' ? 2 : tickDecimals(tickSize(rule, price));
  return new Decimal(price).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);
}

function decimalChange(price: string, prevClose: string): { change: string; ratio: string } {
  const places = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
  const change = new Decimal(price).minus(prevClose);
  return {
    change: change.toFixed(Math.max(places(price), places(prevClose))),
    ratio: change.div(prevClose).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

/** A small deterministic generator (mulberry32): the sweep is the same on every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const RULES: TickRule[] = [
  { market: 'jpy', kind: 'stock', topix500: true },
  { market: 'jpy', kind: 'stock', topix500: false },
  { market: 'usd', kind: 'stock' },
  { market: 'cny', kind: 'stock' },
  { market: 'jpy', kind: 'index' },
];

describe('price strings in integer hundredths', () => {
  it('prints what decimal.js prints for prices with two decimals, at every tick table row and its edges', () => {
    const random = generator(20261129);
    const prices = [0.01, 0.1, 0.5, 0.05, 1, 999.95, 1000, 1000.05, 2999.5, 3000, 3000.5, 30_000_000, 50_000_001.25];
    for (let i = 0; i < 20_000; i += 1) {
      const scale = 10 ** Math.floor(random() * 8);
      prices.push(Math.round(random() * scale * 100) / 100);
    }
    const wrong: unknown[] = [];
    for (const rule of RULES)
      for (const price of prices)
        if (priceString(rule, price) !== decimalPrice(rule, price)) wrong.push([rule, price, priceString(rule, price)]);
    expect(wrong).toEqual([]);
  });

  it('rounds half away from zero where a price has finer decimals than its tick (decimal.js ROUND_HALF_UP)', () => {
    const jpx: TickRule = { market: 'jpy', kind: 'stock', topix500: true };
    // Ticks of 1 yen from 3,000 to 10,000 (TOPIX 500): no decimals.
    expect(priceString(jpx, 4000.5)).toBe('4001');
    expect(priceString(jpx, 4000.49)).toBe('4000');
    // Ticks of 0.5 below 3,000: one decimal.
    expect(priceString(jpx, 2700.45)).toBe('2700.5');
    expect(priceString(jpx, 2700.44)).toBe('2700.4');
    expect(priceString(jpx, 2700.45)).toBe(decimalPrice(jpx, 2700.45));
  });

  it('goes through decimal.js for figures that are not whole hundredths', () => {
    expect(wholeCents(1.005)).toBeUndefined();
    expect(wholeCents(0.3)).toBe(30);
    expect(wholeCents(0.1 + 0.2)).toBeUndefined();
    expect(wholeCents(2700.45)).toBe(270045);
    // Just off a half point of a coarser tick: decimal.js reads the noise and rounds down, so must we.
    const jpx: TickRule = { market: 'jpy', kind: 'stock', topix500: true };
    const below = 2700.45 - 2 ** -41;
    expect(wholeCents(below)).toBeUndefined();
    expect(priceString(jpx, below)).toBe(decimalPrice(jpx, below));
    expect(priceString(jpx, below)).toBe('2700.4');
    expect(wholeCents(1.2345)).toBeUndefined();
    expect(wholeCents(2 ** 60)).toBeUndefined();
    const us: TickRule = { market: 'usd', kind: 'stock' };
    expect(priceString(us, 1.2345)).toBe('1.23');
    expect(priceString(us, 1.235)).toBe(decimalPrice(us, 1.235));
  });

  it('divides half away from zero, also for quotients just off a whole number near 2^53', () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(-5, 10)).toBe(-1);
    expect(divideHalfUp(4, 10)).toBe(0);
    expect(Object.is(divideHalfUp(-4, 10), 0)).toBe(true);
    expect(divideHalfUp(14, -10)).toBe(-1);
    // Quotients just below and just above a whole number, near 2^53 (exact answers from BigInt).
    const halfUp = (n: number, d: number) => Number((BigInt(n) * 2n + BigInt(d)) / (2n * BigInt(d)));
    for (const d of [3, 7, 10, 100, 3_000_001, 2 ** 26 + 1]) {
      const q = Math.floor(2 ** 53 / d) - 1;
      for (const n of [q * d - 1, q * d, q * d + 1, q * d - Math.floor(d / 2), q * d - Math.ceil(d / 2)])
        expect([n, d, divideHalfUp(n, d)]).toEqual([n, d, halfUp(n, d)]);
    }
    const random = generator(7);
    const wrong: unknown[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const num = Math.floor((random() - 0.5) * 2 ** 52);
      const den = 1 + Math.floor(random() * 2 ** 30);
      const expected = new Decimal(num).div(den).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
      if (divideHalfUp(num, den) !== (expected === 0 ? 0 : expected)) wrong.push([num, den]);
    }
    expect(wrong).toEqual([]);
  });

  it('prints hundredths with 0, 1 or 2 places as decimal.js does', () => {
    const random = generator(11);
    const cases = [0, 1, -1, 5, -5, 49, 50, -50, 99, 100, 149, 150, -150, 123_456_789];
    for (let i = 0; i < 5_000; i += 1) cases.push(Math.floor((random() - 0.5) * 2 ** 40));
    const wrong: unknown[] = [];
    for (const cents of cases)
      for (const places of [0, 1, 2]) {
        const expected = new Decimal(cents).div(100).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
        if (centsText(cents, places) !== expected) wrong.push([cents, places, centsText(cents, places), expected]);
      }
    expect(wrong).toEqual([]);
  });

  it('answers the change and its percentage as decimal.js does, from the two price strings', () => {
    const random = generator(3);
    const pairs: Array<[string, string]> = [
      ['2700', '2700'],
      ['2700.5', '2700'],
      ['2699.5', '2700'],
      ['10.01', '10'],
      ['0.01', '0.02'],
      ['3000', '2999.5'],
      ['100.005', '100'],
      ['1', '3'],
      ['2', '3'],
    ];
    for (let i = 0; i < 20_000; i += 1) {
      const places = Math.floor(random() * 3);
      const scale = 10 ** (1 + Math.floor(random() * 6));
      const prev = Math.max(1, Math.round(random() * scale * 100)) / 100;
      const price = Math.max(0.01, prev * (0.8 + random() * 0.4));
      pairs.push([price.toFixed(places), prev.toFixed(Math.floor(random() * 3))]);
    }
    const wrong: unknown[] = [];
    for (const [price, prev] of pairs) {
      const [ours, theirs] = [changeOf(price, prev), decimalChange(price, prev)];
      if (ours.change !== theirs.change || ours.ratio !== theirs.ratio) wrong.push([price, prev, ours, theirs]);
    }
    expect(wrong).toEqual([]);
  });

  it('gives every live quote of the universe the same figures as decimal.js would', () => {
    let now = Date.parse('2025-03-12T01:00:00.000Z');
    const sim = new MarketSimulator({ seed: 'limits-test', now: () => new Date(now) });
    for (const at of ['2025-03-12T01:00:00.000Z', '2025-03-12T14:45:30.000Z', '2025-03-13T02:10:00.000Z']) {
      now = Date.parse(at);
      for (const market of MARKET_IDS)
        for (const instrument of [...STOCKS[market], INDICES[market]]) {
          const quote = sim.quote(market, instrument.code, 'en')!;
          expect({ code: quote.code, ...changeOf(quote.price, quote.prev_close) }).toEqual({
            code: quote.code,
            ...decimalChange(quote.price, quote.prev_close),
          });
          expect(quote.change).toBe(decimalChange(quote.price, quote.prev_close).change);
          expect(quote.change_ratio).toBe(decimalChange(quote.price, quote.prev_close).ratio);
          expect(quote.amount).toMatch(/^\d+\.\d\d$/);
          expect(quote.tick_size).toBe(new Decimal(quote.tick_size).toString());
        }
    }
  });
});
