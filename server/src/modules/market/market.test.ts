import { Decimal } from 'shared/money';
import { quote as quoteSchema, candle as candleSchema, type CandlePeriod } from 'shared/contract';
import { dayOf, localTime, marketClock, sessionParts, utcOffset, type MarketId } from './calendar';
import { dailyLimits, jpxLimitWidth, tickSize } from './limits';
import { MarketSimulator } from './simulator';
import { INDICES, STOCKS } from './universe';

const at = (iso: string) => new Date(iso);
function simulator(iso: string, seed = 'test-seed') {
  let now = at(iso);
  const sim = new MarketSimulator({ seed, now: () => now });
  return {
    sim,
    set: (next: string) => {
      now = at(next);
    },
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}
const status = (market: MarketId, iso: string) => {
  const c = marketClock(market, Date.parse(iso));
  return { status: c.status, next: c.nextOpen === undefined ? null : new Date(c.nextOpen).toISOString() };
};

describe('the reference universe', () => {
  it('has at least 30 real names per market, names in three languages, and each market’s main index', () => {
    for (const market of ['jpy', 'usd', 'cny'] as const) {
      expect(STOCKS[market].length).toBeGreaterThanOrEqual(30);
      for (const s of STOCKS[market])
        for (const lang of ['zh-CN', 'en', 'ja'] as const) expect(s.names[lang]).not.toHaveLength(0);
      expect(new Set(STOCKS[market].map((s) => s.code)).size).toBe(STOCKS[market].length);
    }
    expect(STOCKS.jpy.map((s) => s.code)).toEqual(expect.arrayContaining(['7203', '6758', '9984', '8306']));
    expect(STOCKS.usd.map((s) => s.code)).toEqual(expect.arrayContaining(['AAPL', 'MSFT', 'NVDA']));
    expect(STOCKS.cny.map((s) => s.code)).toEqual(expect.arrayContaining(['600519', '601318']));
    expect([INDICES.jpy.names.en, INDICES.usd.names.en, INDICES.cny.names.en]).toEqual([
      'Nikkei 225',
      'S&P 500',
      'SSE Composite Index',
    ]);
  });
});

describe('market sessions and time zones', () => {
  it('Tokyo: 09:00–11:30 and 12:30–15:30 JST, lunch in between, closed before and after', () => {
    // 2025-03-12 is a Wednesday.
    expect(status('jpy', '2025-03-11T23:59:59Z')).toEqual({ status: 'closed', next: '2025-03-12T00:00:00.000Z' });
    expect(status('jpy', '2025-03-12T00:00:00Z')).toEqual({ status: 'open', next: null });
    expect(status('jpy', '2025-03-12T02:29:59Z')).toEqual({ status: 'open', next: null });
    expect(status('jpy', '2025-03-12T02:30:00Z')).toEqual({ status: 'lunch', next: '2025-03-12T03:30:00.000Z' });
    expect(status('jpy', '2025-03-12T03:30:00Z')).toEqual({ status: 'open', next: null });
    expect(status('jpy', '2025-03-12T06:30:00Z')).toEqual({ status: 'closed', next: '2025-03-13T00:00:00.000Z' });
  });

  it('Shanghai: 09:30–11:30 and 13:00–15:00 CST with a lunch break', () => {
    expect(status('cny', '2025-03-12T01:29:00Z')).toEqual({ status: 'closed', next: '2025-03-12T01:30:00.000Z' });
    expect(status('cny', '2025-03-12T03:30:00Z')).toEqual({ status: 'lunch', next: '2025-03-12T05:00:00.000Z' });
    expect(status('cny', '2025-03-12T06:59:59Z')).toEqual({ status: 'open', next: null });
    expect(status('cny', '2025-03-12T07:00:00Z')).toEqual({ status: 'closed', next: '2025-03-13T01:30:00.000Z' });
  });

  it('New York 09:30–16:00 ET follows daylight saving time in March and November', () => {
    // EST, Friday
    expect(new Date(sessionParts('usd', dayOf(2025, 3, 7))[0]!.start).toISOString()).toBe('2025-03-07T14:30:00.000Z');
    // EDT, Monday after the switch
    expect(new Date(sessionParts('usd', dayOf(2025, 3, 10))[0]!.start).toISOString()).toBe('2025-03-10T13:30:00.000Z');
    expect(new Date(sessionParts('usd', dayOf(2025, 10, 31))[0]!.start).toISOString()).toBe('2025-10-31T13:30:00.000Z');
    expect(new Date(sessionParts('usd', dayOf(2025, 11, 3))[0]!.start).toISOString()).toBe('2025-11-03T14:30:00.000Z');
    // Closed over the switch weekend; the next open is Monday at the new offset.
    expect(status('usd', '2025-03-08T15:00:00Z')).toEqual({ status: 'closed', next: '2025-03-10T13:30:00.000Z' });
    expect(status('usd', '2025-03-10T20:00:00Z')).toEqual({ status: 'closed', next: '2025-03-11T13:30:00.000Z' });
  });

  it('agrees with the platform time-zone database for every hour of two years', () => {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2026, 0, 1); t += 3_600_000) {
      const parts = Object.fromEntries(format.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
      const expected = Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
      );
      const local = localTime('usd', t);
      expect([t, local.day * 86_400_000 + local.minute * 60_000]).toEqual([t, expected]);
    }
    expect(utcOffset('jpy', Date.UTC(2025, 6, 1))).toBe(540);
  });

  it('is closed all weekend; the next open is Monday', () => {
    // Saturday
    expect(status('jpy', '2025-03-15T02:00:00Z')).toEqual({ status: 'closed', next: '2025-03-17T00:00:00.000Z' });
    // Sunday
    expect(status('cny', '2025-03-16T02:00:00Z')).toEqual({ status: 'closed', next: '2025-03-17T01:30:00.000Z' });
  });
});

describe('tick sizes and daily price limits', () => {
  it('applies the JPX limit bands by previous close, at the band edges', () => {
    const cases: Array<[number, number]> = [
      [1, 30],
      [99, 30],
      [100, 50],
      [199, 50],
      [200, 80],
      [499, 80],
      [500, 100],
      [999, 150],
      [1000, 300],
      [1499, 300],
      [1500, 400],
      [2999, 500],
      [3000, 700],
      [4999, 700],
      [5000, 1000],
      [9999, 1500],
      [10000, 3000],
      [49999, 7000],
      [50000, 10000],
      [99999, 15000],
      [100000, 30000],
    ];
    for (const [close, width] of cases) expect([close, jpxLimitWidth(close)]).toEqual([close, width]);
    expect(dailyLimits({ market: 'jpy', kind: 'stock' }, 2700)).toEqual({ up: 3200, down: 2200 });
  });

  it('China: ±10 % of the previous close rounded to 0.01; US and indices: none', () => {
    expect(dailyLimits({ market: 'cny', kind: 'stock' }, 11.55)).toEqual({ up: 12.71, down: 10.4 });
    expect(dailyLimits({ market: 'cny', kind: 'stock' }, 1500)).toEqual({ up: 1650, down: 1350 });
    expect(dailyLimits({ market: 'usd', kind: 'stock' }, 230)).toBeUndefined();
    expect(dailyLimits({ market: 'jpy', kind: 'index' }, 39000)).toBeUndefined();
  });

  it('uses the JPX TOPIX 500 tick table', () => {
    const rule = { market: 'jpy' as const, kind: 'stock' as const };
    expect([
      tickSize(rule, 999),
      tickSize(rule, 1000),
      tickSize(rule, 1001),
      tickSize(rule, 3001),
      tickSize(rule, 10001),
      tickSize(rule, 62000),
    ]).toEqual([0.1, 0.1, 0.5, 1, 5, 10]);
    expect(tickSize({ market: 'usd', kind: 'stock' }, 230)).toBe(0.01);
  });
});

/** On the grid of `tick` (checked in hundredths, exact for prices with at most 2 decimals). */
function onGrid(price: number, tick: number): boolean {
  const cents = Math.round(price * 100);
  return Math.abs(cents - price * 100) < 1e-6 && cents % Math.round(tick * 100) === 0;
}

describe('the simulator', () => {
  const friday = '2025-03-14T07:00:00Z'; // after every close in Tokyo and Shanghai, before New York opens

  it('gives identical candles for the same seed and clock, and different ones for another seed', () => {
    const a = simulator(friday).sim;
    const b = simulator(friday).sim;
    const c = simulator(friday, 'another seed').sim;
    for (const period of ['5m', 'day', 'month'] as CandlePeriod[]) {
      expect(a.candles('jpy', '7203', period, 50)).toEqual(b.candles('jpy', '7203', period, 50));
      expect(a.candles('jpy', '7203', period, 50)).not.toEqual(c.candles('jpy', '7203', period, 50));
    }
    expect(a.quote('usd', 'AAPL', 'en')).toEqual(b.quote('usd', 'AAPL', 'en'));
  });

  it('answers the same history whether the live state walked there second by second or jumped', () => {
    const walker = simulator('2025-03-14T00:00:00Z');
    for (let i = 0; i < 300; i += 1) {
      walker.sim.step();
      walker.advance(1000);
    }
    const jumper = simulator(walker.sim['now']().toISOString()).sim;
    expect(walker.sim.quote('jpy', '6758', 'en')).toEqual(jumper.quote('jpy', '6758', 'en'));
    expect(walker.sim.candles('jpy', '6758', '1m', 10)).toEqual(jumper.candles('jpy', '6758', '1m', 10));
  });

  it('keeps every tick on the tick grid and inside the daily limit', () => {
    const { sim } = simulator(friday);
    for (const [market, code] of [
      ['jpy', '7203'],
      ['jpy', '6861'],
      ['jpy', '9432'],
      ['cny', '600519'],
      ['cny', '601398'],
      ['usd', 'AAPL'],
    ] as Array<[MarketId, string]>) {
      for (const date of ['2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13']) {
        const detail = sim.quote(market, code, 'en')!;
        const ticks = sim.dayTicks(market, code, date);
        expect(ticks.length).toBeGreaterThan(10_000);
        const prev = sim.candles(market, code, 'day', 400)!.find((c, i, all) => all[i + 1]?.date === date)!;
        const limits = dailyLimits({ market, kind: 'stock' }, Number(prev.close));
        // Collected, then asserted once: an expect per tick would make this the slowest test here.
        const bad = ticks.filter(
          (tick) =>
            !onGrid(tick.price, tickSize({ market, kind: 'stock' }, tick.price)) ||
            (limits && (tick.price < limits.down || tick.price > limits.up)) ||
            !Number.isInteger(tick.volume / detail.lot),
        );
        expect([code, date, bad.slice(0, 3)]).toEqual([code, date, []]);
      }
    }
  });

  it('produces no tick outside the sessions: none at lunch, none at night, none at weekends', () => {
    const { sim } = simulator(friday);
    for (const [market, date] of [
      ['jpy', '2025-03-12'],
      ['cny', '2025-03-12'],
      ['usd', '2025-03-10'],
    ] as Array<[MarketId, string]>) {
      const parts = sessionParts(market, dayOf(2025, 3, Number(date.slice(8))));
      const ticks = sim.dayTicks(market, market === 'usd' ? 'AAPL' : STOCKS[market][0]!.code, date);
      for (const tick of ticks) expect(parts.some((p) => tick.time >= p.start && tick.time < p.end)).toBe(true);
    }
    expect(sim.dayTicks('jpy', '7203', '2025-03-15')).toEqual([]); // Saturday

    const lunch = simulator('2025-03-12T02:45:00Z'); // Tokyo lunch
    expect(lunch.sim.step().filter((t) => t.market === 'jpy')).toEqual([]);
    const before = lunch.sim.quote('jpy', '7203', 'en')!;
    lunch.advance(30 * 60_000);
    expect(lunch.sim.quote('jpy', '7203', 'en')).toEqual(before);
    expect(before).toMatchObject({
      status: 'lunch',
      next_open: '2025-03-12T03:30:00.000Z',
      time: '2025-03-12T02:29:59.000Z',
    });

    const weekend = simulator('2025-03-15T03:00:00Z');
    expect(weekend.sim.step()).toEqual([]);
    const saturday = weekend.sim.quote('jpy', '7203', 'en')!;
    expect(saturday).toMatchObject({
      status: 'closed',
      trade_date: '2025-03-14',
      next_open: '2025-03-17T00:00:00.000Z',
      time: '2025-03-14T06:29:59.000Z',
    });
    expect(saturday.price).toBe(simulator(friday).sim.candles('jpy', '7203', 'day', 1)![0]!.close);
  });

  it('moves with the injectable clock while open: one tick per second', () => {
    const live = simulator('2025-03-12T00:10:00Z');
    const first = live.sim.step().find((t) => t.code === '7203')!;
    live.advance(1000);
    const ticks = live.sim.step();
    expect(ticks.filter((t) => t.market === 'jpy')).toHaveLength(STOCKS.jpy.length + 1);
    expect(ticks.find((t) => t.code === '7203')!.time).toBe(first.time + 1000);
  });

  it('aggregates candles from the ticks (OHLC, volume and amount sums) for every period', () => {
    const { sim } = simulator('2025-03-12T05:00:00Z'); // Tokyo afternoon, the day still forming
    const ticks = [...sim.dayTicks('jpy', '7203', '2025-03-11'), ...sim.dayTicks('jpy', '7203', '2025-03-12')];
    const day12 = sessionParts('jpy', dayOf(2025, 3, 12));
    const day11 = sessionParts('jpy', dayOf(2025, 3, 11));
    for (const minutes of [1, 5, 15, 30, 60]) {
      const period = `${minutes === 60 ? 60 : minutes}m` as CandlePeriod;
      const expected = new Map<
        number,
        { open: number; high: number; low: number; close: number; volume: number; amount: Decimal }
      >();
      for (const tick of ticks) {
        const part = [...day11, ...day12].find((p) => tick.time >= p.start && tick.time < p.end)!;
        const bucket = part.start + Math.floor((tick.time - part.start) / (minutes * 60_000)) * minutes * 60_000;
        const e = expected.get(bucket);
        const amount = new Decimal(tick.price).times(tick.volume);
        if (!e)
          expected.set(bucket, {
            open: tick.price,
            high: tick.price,
            low: tick.price,
            close: tick.price,
            volume: tick.volume,
            amount,
          });
        else
          Object.assign(e, {
            high: Math.max(e.high, tick.price),
            low: Math.min(e.low, tick.price),
            close: tick.price,
            volume: e.volume + tick.volume,
            amount: e.amount.plus(amount),
          });
      }
      const limit = Math.min(40, expected.size);
      const want = [...expected.entries()].slice(-limit);
      const got = sim.candles('jpy', '7203', period, limit)!;
      expect(got.map((c) => c.time)).toEqual(want.map(([t]) => t));
      got.forEach((c, i) => {
        const e = want[i]![1];
        expect(candleSchema.parse(c)).toEqual(c);
        expect([Number(c.open), Number(c.high), Number(c.low), Number(c.close), Number(c.volume), c.amount]).toEqual([
          e.open,
          e.high,
          e.low,
          e.close,
          e.volume,
          e.amount.toFixed(2),
        ]);
      });
    }
    // Day, week, month and year candles: the same sums over whole days.
    const days = sim.candles('jpy', '7203', 'day', 400)!;
    const today = days[days.length - 1]!;
    const todayTicks = sim.dayTicks('jpy', '7203', '2025-03-12');
    expect(Number(today.volume)).toBe(todayTicks.reduce((n, t) => n + t.volume, 0));
    expect(Number(today.high)).toBe(Math.max(...todayTicks.map((t) => t.price)));
    const detail = sim.quote('jpy', '7203', 'en')!;
    expect([detail.open, detail.high, detail.low, detail.price, detail.volume, detail.amount]).toEqual([
      today.open,
      today.high,
      today.low,
      today.close,
      today.volume,
      today.amount,
    ]);
    for (const [period, keyOf] of [
      ['week', (d: string) => weekOf(d)],
      ['month', (d: string) => d.slice(0, 7)],
      ['year', (d: string) => d.slice(0, 4)],
    ] as const) {
      const grouped = new Map<string, typeof days>();
      for (const d of days) grouped.set(keyOf(d.date), [...(grouped.get(keyOf(d.date)) ?? []), d]);
      const got = sim.candles('jpy', '7203', period, 5)!;
      const want = [...grouped.values()].slice(-5);
      expect(got).toHaveLength(want.length);
      got.forEach((c, i) => {
        const group = want[i]!;
        expect(c.date).toBe(group[0]!.date);
        expect(c.open).toBe(group[0]!.open);
        expect(c.close).toBe(group[group.length - 1]!.close);
        expect(Number(c.high)).toBe(Math.max(...group.map((d) => Number(d.high))));
        expect(Number(c.low)).toBe(Math.min(...group.map((d) => Number(d.low))));
        expect(c.volume).toBe(String(group.reduce((n, d) => n + Number(d.volume), 0)));
        expect(c.amount).toBe(group.reduce((n, d) => n.plus(d.amount), new Decimal(0)).toFixed(2));
      });
    }
  });

  // Speed belongs in `npm run bench`, never in a timed unit test: this checks the history and that
  // a repeated call answers the same candles (from the day-bucket cache).
  it('has more than a year of daily history from the first start, and answers it again identically', () => {
    const { sim } = simulator('2026-11-20T07:00:00Z');
    const days = sim.candles('jpy', '7203', 'day', 300)!;
    expect(days).toHaveLength(300);
    expect(new Set(days.map((d) => d.close)).size).toBeGreaterThan(50);
    for (const market of ['jpy', 'usd', 'cny'] as const) {
      const first = sim.list(market, { sort: 'change_ratio', order: 'desc', page: 1, size: 50, lang: 'en' });
      expect(sim.list(market, { sort: 'change_ratio', order: 'desc', page: 1, size: 50, lang: 'en' })).toEqual(first);
    }
    expect(sim.candles('jpy', '7203', 'day', 300)).toEqual(days);
  });

  it('answers quotes with decimal strings, limits and status; prices stay plausible', () => {
    const { sim } = simulator('2025-03-12T01:00:00Z');
    const q = sim.quote('jpy', '7203', 'ja')!;
    expect(quoteSchema.parse(q)).toEqual(q);
    expect(q).toMatchObject({
      code: '7203',
      name: 'トヨタ自動車',
      status: 'open',
      simulated: true,
      currency: 'JPY',
      lot: 100,
    });
    expect(new Decimal(q.change).equals(new Decimal(q.price).minus(q.prev_close))).toBe(true);
    expect(Number(q.limit_up)).toBe(Number(q.prev_close) + jpxLimitWidth(Number(q.prev_close)));
    for (const market of ['jpy', 'usd', 'cny'] as const) {
      for (const s of STOCKS[market]) {
        const price = Number(sim.quote(market, s.code, 'en')!.price);
        expect([s.code, price > s.ref * 0.5 && price < s.ref * 1.6]).toEqual([s.code, true]);
      }
    }
    expect(sim.quote('usd', 'AAPL', 'en')).toMatchObject({ limit_up: null, limit_down: null, status: 'closed' });
    expect(sim.quote('jpy', 'NOPE', 'en')).toBeUndefined();
  });

  it('searches by code or by name in zh-CN, en and ja', () => {
    const { sim } = simulator(friday);
    const codes = (q: string, market?: MarketId) => sim.search(q, market, 'en').map((r) => r.code);
    expect(codes('トヨタ')).toEqual(['7203']);
    expect(codes('丰田')).toEqual(['7203']);
    expect(codes('toyota')).toEqual(['7203']);
    expect(codes('茅台')).toEqual(['600519']);
    expect(codes('apple')).toContain('AAPL');
    expect(codes('aapl')[0]).toBe('AAPL');
    expect(codes('６７５８')).toEqual(['6758']); // full-width digits
    expect(codes('600519', 'jpy')).toEqual([]);
    expect(codes('日経')).toEqual(['N225']);
    expect(sim.search('索尼', undefined, 'zh-CN')[0]).toMatchObject({ code: '6758', name: '索尼集团' });
  });

  it('lists a market sorted and paged', () => {
    const { sim } = simulator(friday);
    const page = (p: number) =>
      sim.list('cny', { sort: 'change_ratio', order: 'desc', page: p, size: 10, lang: 'zh-CN' });
    const all = [1, 2, 3, 4].flatMap((p) => page(p).list);
    expect(page(1).total).toBe(STOCKS.cny.length);
    expect(all).toHaveLength(STOCKS.cny.length);
    expect(new Set(all.map((q) => q.code)).size).toBe(all.length);
    const ratios = all.map((q) => Number(q.change_ratio));
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
    expect(page(1).index).toMatchObject({ code: 'SH000001', kind: 'index', name: '上证综合指数' });
    const byCode = sim
      .list('usd', { sort: 'code', order: 'asc', page: 1, size: 50, lang: 'en' })
      .list.map((q) => q.code);
    expect(byCode).toEqual([...byCode].sort((a, b) => a.localeCompare(b)));
    const byVolume = sim
      .list('jpy', { sort: 'volume', order: 'asc', page: 1, size: 50, lang: 'en' })
      .list.map((q) => Number(q.volume));
    expect(byVolume).toEqual([...byVolume].sort((a, b) => a - b));
  });
});

function weekOf(date: string): string {
  const day = dayOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  return String(day - ((day + 3) % 7)); // Monday of the week
}
