import { Decimal } from 'shared/money';
import { stockDepth, type StockDepth } from 'shared/contract';
import type { MarketId } from './calendar';
import { depthOf, type DepthInput } from './depth';
import { tickSize, type TickRule } from './limits';
import { MarketSimulator } from './simulator';
import { INDICES, STOCKS } from './universe';

const LOT: Record<MarketId, number> = { jpy: 100, usd: 1, cny: 100 };

function input(market: MarketId, price: string, extra: Partial<DepthInput> = {}): DepthInput {
  return {
    market,
    code: 'TEST',
    rule: { market, kind: 'stock', topix500: true },
    key: 12345,
    lot: LOT[market],
    meanLots: 4,
    price,
    limitUp: null,
    limitDown: null,
    status: 'open',
    time: '2025-03-12T01:00:00.000Z',
    ...extra,
  };
}

/** Every level on the tick grid, adjacent to the next (no valid price skipped), the last price straddled. */
function expectValidBook(book: StockDepth, rule: TickRule): void {
  expect(stockDepth.parse(book)).toEqual(book);
  const last = new Decimal(book.price);
  const onGrid = (price: string) => new Decimal(price).mod(tickSize(rule, Number(price))).isZero();
  for (const level of [...book.bids, ...book.asks]) {
    expect(onGrid(level.price)).toBe(true);
    expect(Number(level.volume) % book.lot).toBe(0);
    expect(Number(level.volume)).toBeGreaterThan(0);
  }
  if (book.bids.length > 0) expect(new Decimal(book.bids[0]!.price).lt(last)).toBe(true);
  if (book.asks.length > 0) expect(new Decimal(book.asks[0]!.price).gte(last)).toBe(true);
  // Best ask is the last price or the next valid price above it.
  if (book.asks.length > 0 && !new Decimal(book.asks[0]!.price).eq(last))
    expect(new Decimal(book.asks[0]!.price).minus(last).toNumber()).toBe(tickSize(rule, Number(book.asks[0]!.price)));
  for (let i = 1; i < book.asks.length; i += 1) {
    const step = new Decimal(book.asks[i]!.price).minus(book.asks[i - 1]!.price).toNumber();
    expect(step).toBe(tickSize(rule, Number(book.asks[i]!.price)));
  }
  if (book.bids.length > 0) expect(last.minus(book.bids[0]!.price).toNumber()).toBe(tickSize(rule, Number(book.price)));
  for (let i = 1; i < book.bids.length; i += 1) {
    const step = new Decimal(book.bids[i - 1]!.price).minus(book.bids[i]!.price).toNumber();
    expect(step).toBe(tickSize(rule, Number(book.bids[i - 1]!.price)));
  }
}

describe('the order book', () => {
  it('keeps every level on the JPX grid across each band edge of the tick table', () => {
    const bounds = [1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000, 30_000_000];
    const rule: TickRule = { market: 'jpy', kind: 'stock', topix500: true };
    for (const bound of bounds) {
      const below = new Decimal(bound).minus(tickSize(rule, bound));
      const above = new Decimal(bound).plus(tickSize(rule, bound + 1e-7));
      for (const price of [below, new Decimal(bound), above]) {
        for (let second = 0; second < 6; second += 1) {
          const time = new Date(Date.UTC(2025, 2, 12, 1, 0, second)).toISOString();
          const book = depthOf(input('jpy', price.toString(), { time }));
          expect(book.bids).toHaveLength(5);
          expect(book.asks).toHaveLength(5);
          expectValidBook(book, rule);
        }
      }
    }
  });

  it('prices the US and China in cents, with two decimals', () => {
    for (const market of ['usd', 'cny'] as const) {
      const book = depthOf(input(market, '12.30'));
      expectValidBook(book, { market, kind: 'stock' });
      expect(book.bids.map((l) => l.price)).toEqual(['12.29', '12.28', '12.27', '12.26', '12.25']);
      expect(book.asks[0]!.price).toMatch(/^12\.3[01]$/);
      expect(book.asks.every((l) => /^\d+\.\d\d$/.test(l.price))).toBe(true);
    }
  });

  it('shows the JPX decimals of each level: 999.9 below ¥1,000, whole yen above ¥3,000', () => {
    const rule: TickRule = { market: 'jpy', kind: 'stock', topix500: true };
    const book = depthOf(input('jpy', '1000.0', { time: '2025-03-12T01:00:03.000Z' }));
    expect(book.bids.map((l) => l.price)).toEqual(['999.9', '999.8', '999.7', '999.6', '999.5']);
    expect(book.asks.slice(-3).map((l) => l.price)).toEqual(
      book.asks[0]!.price === '1000.0' ? ['1001.0', '1001.5', '1002.0'] : ['1001.5', '1002.0', '1002.5'],
    );
    expectValidBook(depthOf(input('jpy', '3001')), rule);
  });

  it('stops at the daily limits: no ask above the upper limit, no bid at all at the lower limit', () => {
    const limits = { limitUp: '1100.00', limitDown: '900.00' };
    const atTop = depthOf(input('cny', '1099.98', limits));
    expect(atTop.asks.map((l) => l.price).every((p) => Number(p) <= 1100)).toBe(true);
    expect(atTop.asks.length).toBeLessThanOrEqual(3);
    expect(atTop.bids).toHaveLength(5);
    const atLimitUp = depthOf(input('cny', '1100.00', limits));
    expect(atLimitUp.asks.map((l) => l.price)).toEqual(['1100.00']);
    const atBottom = depthOf(input('cny', '900.00', limits));
    expect(atBottom.bids).toEqual([]);
    expect(atBottom.asks).toHaveLength(5);
    const nearZero = depthOf(input('usd', '0.02'));
    expect(nearZero.bids.map((l) => l.price)).toEqual(['0.01']);
  });

  it('is a pure function of (symbol key, tick second, price): one input, one book; other seconds, other sizes', () => {
    const a = depthOf(input('jpy', '2700'));
    expect(depthOf(input('jpy', '2700'))).toEqual(a);
    const sizes = new Set<string>();
    for (let second = 0; second < 10; second += 1) {
      const time = new Date(Date.UTC(2025, 2, 12, 1, 0, second)).toISOString();
      sizes.add(
        depthOf(input('jpy', '2700', { time }))
          .bids.map((l) => l.volume)
          .join(),
      );
    }
    expect(sizes.size).toBeGreaterThan(5);
    expect(depthOf(input('jpy', '2700', { key: 999 }))).not.toEqual(a);
  });
});

describe('the simulator’s order book', () => {
  const OPEN: Record<MarketId, string> = {
    jpy: '2025-03-12T01:00:00Z',
    usd: '2025-03-12T15:00:00Z',
    cny: '2025-03-12T02:00:00Z',
  };

  it('straddles the live price of every stock of every market and agrees between two instances', () => {
    for (const market of ['jpy', 'usd', 'cny'] as const) {
      const now = new Date(OPEN[market]);
      const one = new MarketSimulator({ seed: 'depth-seed', now: () => now });
      const two = new MarketSimulator({ seed: 'depth-seed', now: () => now });
      for (const stock of STOCKS[market]) {
        const quote = one.quote(market, stock.code, 'en')!;
        const book = one.depth(market, stock.code)!;
        expect(book).toMatchObject({ price: quote.price, status: 'open', time: quote.time, lot: stock.lot });
        expectValidBook(book, { market, kind: 'stock', topix500: true });
        expect(two.depth(market, stock.code)).toEqual(book);
        // From a quote on the bus: the same book.
        expect(two.depth(market, stock.code, quote)).toEqual(book);
      }
    }
  });

  it('answers the book of the close, labelled closed, when the market is closed; none for an index', () => {
    const now = new Date('2025-03-12T07:00:00Z');
    const sim = new MarketSimulator({ seed: 'depth-seed', now: () => now });
    const quote = sim.quote('jpy', '7203', 'en')!;
    const book = sim.depth('jpy', '7203')!;
    expect(book).toMatchObject({ status: 'closed', price: quote.price, time: quote.time });
    expect(book.bids).toHaveLength(5);
    expect(sim.depth('jpy', INDICES.jpy.code)).toBeUndefined();
    expect(sim.depth('jpy', '0000')).toBeUndefined();
  });
});
