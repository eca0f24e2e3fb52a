import { quote as quoteSchema } from 'shared/contract';
import { Decimal } from 'shared/money';
import { dailyLimits } from './limits';
import { firstDayMove, type Listing } from './listing-symbol';
import { MarketSimulator } from './simulator';
import { STOCKS } from './universe';

/** Listed on Wednesday 18 November 2026 (Tokyo opens 09:00 JST = 00:00Z). */
const LISTING: Listing = {
  market: 'jpy',
  code: '9999',
  names: { 'zh-CN': '模拟新股', en: 'Sample New Listing', ja: 'サンプル新規上場' },
  issuePrice: '1200',
  listingDate: '2026-11-18',
  seed: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
};

function simulator(iso: string, seed = 'test-seed') {
  let now = new Date(iso);
  const sim = new MarketSimulator({ seed, now: () => now });
  return {
    sim,
    set: (next: string) => {
      now = new Date(next);
    },
  };
}

describe('a new listing in the simulator', () => {
  it('is unknown before its listing date’s open: no quote, not in the list, search or candles', () => {
    const { sim, set } = simulator('2026-11-17T02:00:00Z');
    expect(sim.addListing(LISTING)).toBe(true);
    expect(sim.quote('jpy', '9999', 'en')).toBeUndefined();
    expect(sim.lastPrice('jpy', '9999')).toBeUndefined();
    expect(sim.candles('jpy', '9999', 'day', 10)).toBeUndefined();
    expect(sim.search('9999', undefined, 'en')).toEqual([]);
    expect(sim.search('Sample New', 'jpy', 'en')).toEqual([]);
    expect(sim.list('jpy', { sort: 'code', order: 'asc', page: 1, size: 100, lang: 'en' }).total).toBe(
      STOCKS.jpy.length,
    );
    expect(sim.step().some((t) => t.code === '9999')).toBe(false);
    // The listing day before the open: still not traded.
    set('2026-11-17T23:59:00Z');
    expect(sim.quote('jpy', '9999', 'en')).toBeUndefined();
  });

  it('trades from the listing day’s open, opening near the issue price, with the first-day move of its seed', () => {
    const { sim } = simulator('2026-11-18T00:00:30Z');
    sim.addListing(LISTING);
    const opening = sim.quote('jpy', '9999', 'ja')!;
    expect(quoteSchema.parse(opening)).toBeTruthy();
    expect(opening.name).toBe('サンプル新規上場');
    expect(new Decimal(opening.prev_close).eq(1200)).toBe(true);
    expect(opening.trade_date).toBe('2026-11-18');
    expect(opening.lot).toBe(100);
    const open = new Decimal(opening.open);
    // "Near": within 4 σ of the 3 % open draw.
    expect(open.div(1200).minus(1).abs().toNumber()).toBeLessThan(0.12);
    expect(sim.search('9999', 'jpy', 'en').map((q) => q.code)).toEqual(['9999']);
    expect(sim.search('新規上場', undefined, 'ja').map((q) => q.code)).toEqual(['9999']);
    const list = sim.list('jpy', { sort: 'code', order: 'asc', page: 1, size: 100, lang: 'en' });
    expect(list.total).toBe(STOCKS.jpy.length + 1);
    expect(list.list.map((q) => q.code)).toContain('9999');
    expect(sim.nameOf('jpy', '9999', 'zh-CN')).toBe('模拟新股');
  });

  it('closes its first day at the issue price moved by the seed’s draw (snapped inside the limit)', () => {
    const { sim } = simulator('2026-11-18T07:00:00Z');
    sim.addListing(LISTING);
    const quote = sim.quote('jpy', '9999', 'en')!;
    const close = new Decimal(quote.price);
    const move = firstDayMove(LISTING.seed).close;
    const limits = dailyLimits({ market: 'jpy', kind: 'stock', topix500: true }, 1200)!;
    const expected = Math.min(limits.up, Math.max(limits.down, 1200 * Math.exp(move)));
    // Snapped to the tick grid: within one tick of the drawn close.
    expect(close.minus(expected).abs().lte(quote.tick_size)).toBe(true);
    const candles = sim.candles('jpy', '9999', 'day', 30)!;
    expect(candles).toHaveLength(1);
    expect(candles[0]!.date).toBe('2026-11-18');
  });

  it('is the same on every instance with the same seeds, and another draw seed moves it differently', () => {
    const a = simulator('2026-11-19T03:00:00Z');
    const b = simulator('2026-11-19T03:00:00Z');
    a.sim.addListing(LISTING);
    b.sim.addListing(LISTING);
    expect(b.sim.quote('jpy', '9999', 'en')).toEqual(a.sim.quote('jpy', '9999', 'en'));
    expect(b.sim.candles('jpy', '9999', '5m', 100)).toEqual(a.sim.candles('jpy', '9999', '5m', 100));
    expect(firstDayMove('another seed')).not.toEqual(firstDayMove(LISTING.seed));
    // Two days of history: the listing day and the next.
    expect(a.sim.candles('jpy', '9999', 'day', 30)!.map((c) => c.date)).toEqual(['2026-11-18', '2026-11-19']);
  });

  it('adding it twice is a no-op, and a code of the reference universe is refused', () => {
    const { sim } = simulator('2026-11-18T02:00:00Z');
    expect(sim.addListing(LISTING)).toBe(true);
    expect(sim.addListing(LISTING)).toBe(true);
    expect(sim.list('jpy', { sort: 'code', order: 'asc', page: 1, size: 100, lang: 'en' }).total).toBe(
      STOCKS.jpy.length + 1,
    );
    expect(sim.addListing({ ...LISTING, code: '7203' })).toBe(false);
    expect(sim.quote('jpy', '7203', 'en')!.names.en).toBe('Toyota Motor');
  });

  it('a weekend listing date trades from the next trading day', () => {
    const { sim, set } = simulator('2026-11-21T02:00:00Z');
    sim.addListing({ ...LISTING, listingDate: '2026-11-21' });
    expect(sim.quote('jpy', '9999', 'en')).toBeUndefined();
    set('2026-11-23T01:00:00Z');
    expect(sim.quote('jpy', '9999', 'en')!.trade_date).toBe('2026-11-23');
  });

  it('the first-day move is a pure function of the seed, within its bounds', () => {
    for (const seed of ['x', 'y', 'z', LISTING.seed]) {
      const move = firstDayMove(seed);
      expect(firstDayMove(seed)).toEqual(move);
      expect(move.close).toBeGreaterThanOrEqual(-0.6);
      expect(move.close).toBeLessThanOrEqual(0.8);
    }
  });
});
