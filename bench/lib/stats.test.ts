/**
 * The benches' statistics and verdicts (bench/lib/stats.cjs): what every bench's "met" / "MISSED" rests on.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const stats = require('./stats.cjs') as {
  median(values: number[]): number;
  quantile(values: number[], q: number): number;
  percentile(values: number[], p: number): number;
  summary(values: number[]): { count: number; p50: number; p90: number; min: number; max: number };
  ratio(value: number, reference: number): number;
  atMost(value: number, limit: number): boolean;
  atLeast(value: number, limit: number): boolean;
  verdict(met: boolean): string;
  pageLoadGoals(
    app: { lcp: number; tbt: number; score: number },
    bare: { lcp: number; tbt: number; score: number },
    targets: { lcpRatio: number; tbtRatio: number; tbtOverMs: number; scorePoints: number },
  ): Record<'lcp' | 'tbt' | 'score', { limit: number; ratio: number; met: boolean }>;
};

const ISSUE_15 = { lcpRatio: 1.0, tbtRatio: 1.5, tbtOverMs: 50, scorePoints: 2 };

describe('median', () => {
  it('is the middle value of an odd count and the mean of the middle two of an even count, in any order', () => {
    expect(stats.median([5, 1, 3])).toBe(3);
    expect(stats.median([40, 10, 30, 20])).toBe(25);
  });

  it('leaves out what was not measured, and is NaN when nothing was', () => {
    expect(stats.median([Number.NaN, 7, Number.POSITIVE_INFINITY, 9])).toBe(8);
    expect(stats.median([])).toBeNaN();
    expect(stats.median([Number.NaN])).toBeNaN();
  });

  it('does not reorder the caller’s array', () => {
    const values = [3, 1, 2];
    stats.median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('quantile and percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1

  it('p99 of 100 values is the 99th smallest, p100 the largest, p0 the smallest', () => {
    expect(stats.percentile(hundred, 99)).toBe(99);
    expect(stats.percentile(hundred, 100)).toBe(100);
    expect(stats.percentile(hundred, 0)).toBe(1);
    expect(stats.quantile(hundred, 0.5)).toBe(50);
  });

  it('p75 of four interactions is the third, p95 of five redraws the largest', () => {
    expect(stats.percentile([16, 40, 120, 80], 75)).toBe(80);
    expect(stats.percentile([10, 20, 30, 40, 50], 95)).toBe(50);
  });

  it('is NaN without a finite value and refuses a quantile outside 0..1', () => {
    expect(stats.quantile([Number.NaN], 0.5)).toBeNaN();
    expect(() => stats.quantile([1], 99)).toThrow(RangeError);
  });
});

describe('summary', () => {
  it('gives count, median, p90, least and greatest of the finite values', () => {
    expect(stats.summary([300, 100, Number.NaN, 200, 500, 400])).toEqual({
      count: 5,
      p50: 300,
      p90: 500,
      min: 100,
      max: 500,
    });
  });

  it('is NaN throughout when nothing was measured (not ±Infinity)', () => {
    const empty = stats.summary([]);
    expect(empty.count).toBe(0);
    for (const key of ['p50', 'p90', 'min', 'max'] as const) expect(empty[key]).toBeNaN();
  });
});

describe('ratio, limits and the verdict', () => {
  it('divides by a positive reference only', () => {
    expect(stats.ratio(150, 100)).toBe(1.5);
    expect(stats.ratio(150, 0)).toBeNaN();
    expect(stats.ratio(Number.NaN, 100)).toBeNaN();
  });

  it('a figure at its limit is met; one over it, or not measured, is MISSED', () => {
    expect(stats.verdict(stats.atMost(1.1, 1.1))).toBe('met');
    expect(stats.verdict(stats.atMost(1.1000001, 1.1))).toBe('MISSED');
    expect(stats.verdict(stats.atMost(Number.NaN, 1.1))).toBe('MISSED');
    expect(stats.verdict(stats.atMost(1, Number.NaN))).toBe('MISSED');
    expect(stats.verdict(stats.atLeast(58, 58))).toBe('met');
    expect(stats.verdict(stats.atLeast(57.9, 58))).toBe('MISSED');
    expect(stats.verdict(stats.atLeast(Number.NaN, 58))).toBe('MISSED');
  });
});

describe('page-load goals of issue 15 (the app against the bare page of the same run)', () => {
  it('TBT: 1.5× a large bare figure, bare + 50 ms for a small one', () => {
    const large = stats.pageLoadGoals({ lcp: 1000, tbt: 300, score: 95 }, { lcp: 1000, tbt: 200, score: 96 }, ISSUE_15);
    expect(large.tbt).toEqual({ limit: 300, ratio: 1.5, met: true });
    const over = stats.pageLoadGoals({ lcp: 1000, tbt: 301, score: 95 }, { lcp: 1000, tbt: 200, score: 96 }, ISSUE_15);
    expect(over.tbt.met).toBe(false);
    const small = stats.pageLoadGoals({ lcp: 1000, tbt: 60, score: 99 }, { lcp: 1000, tbt: 10, score: 100 }, ISSUE_15);
    expect(small.tbt).toEqual({ limit: 60, ratio: 6, met: true });
    const none = stats.pageLoadGoals({ lcp: 1000, tbt: 50, score: 100 }, { lcp: 1000, tbt: 0, score: 100 }, ISSUE_15);
    expect(none.tbt.limit).toBe(50);
    expect(none.tbt.ratio).toBeNaN();
    expect(none.tbt.met).toBe(true);
  });

  it('LCP at most the bare page’s; score within 2 points of it', () => {
    const goals = stats.pageLoadGoals({ lcp: 1300, tbt: 0, score: 96 }, { lcp: 1300, tbt: 0, score: 98 }, ISSUE_15);
    expect(goals.lcp).toEqual({ limit: 1300, ratio: 1, met: true });
    expect(goals.score.met).toBe(true);
    const worse = stats.pageLoadGoals({ lcp: 1301, tbt: 0, score: 95 }, { lcp: 1300, tbt: 0, score: 98 }, ISSUE_15);
    expect(worse.lcp.met).toBe(false);
    expect(worse.score.met).toBe(false);
  });

  it('a run that measured nothing misses every goal', () => {
    const nan = { lcp: Number.NaN, tbt: Number.NaN, score: Number.NaN };
    const goals = stats.pageLoadGoals(nan, { lcp: 1000, tbt: 100, score: 98 }, ISSUE_15);
    expect([goals.lcp.met, goals.tbt.met, goals.score.met]).toEqual([false, false, false]);
    const noBare = stats.pageLoadGoals({ lcp: 900, tbt: 10, score: 99 }, nan, ISSUE_15);
    expect([noBare.lcp.met, noBare.tbt.met, noBare.score.met]).toEqual([false, false, false]);
  });
});
