import { ema, kdj, macd, rsi } from './indicators';

const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

describe('indicator math', () => {
  it('seeds the EMA with the simple average and then smooths with 2/(n+1)', () => {
    // period 3: seed (1+2+3)/3 = 2; then 4*0.5 + 2*0.5 = 3; then 10*0.5 + 3*0.5 = 6.5
    expect(ema([1, 2, 3, 4, 10], 3)).toEqual([null, null, 2, 3, 6.5]);
  });

  it('gives a MACD line of exactly 7 and a zero histogram on a steady ramp (EMA lag (n−1)/2)', () => {
    const ramp = Array.from({ length: 60 }, (_, i) => 100 + i);
    const points = macd(ramp);
    expect(points[24]).toEqual({ macd: null, signal: null, histogram: null });
    expect(points[25]!.macd).toBeCloseTo(7, 10);
    expect(points[32]!.signal).toBeNull();
    expect(points[33]!.signal).toBeCloseTo(7, 10);
    expect(points[59]!.histogram).toBeCloseTo(0, 10);
  });

  it('computes MACD(2,3,2) by hand', () => {
    // EMA2: seed 1.5 at i1, then 3→2.5, 6→4.833…; EMA3: seed 2 at i2, then 6→4
    // line: i2 = 2.5-2 = 0.5, i3 = 4.8333-4 = 0.8333; signal EMA2 seeded (0.5+0.8333)/2 = 0.6667 at i3
    const points = macd([1, 2, 3, 6], 2, 3, 2);
    expect(points.map((p) => round2(p.macd))).toEqual([null, null, 0.5, 0.83]);
    expect(points.map((p) => round2(p.signal))).toEqual([null, null, null, 0.67]);
    expect(round2(points[3]!.histogram)).toBe(0.17);
  });

  it("matches Wilder's 14-period RSI example (StockCharts: 70.53, 66.32, 66.55, 69.41, 66.36, 57.97)", () => {
    const closes = [
      44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328,
      45.614, 46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439,
    ];
    const values = rsi(closes);
    expect(values.slice(0, 14).every((v) => v === null)).toBe(true);
    expect(values.slice(14).map(round2)).toEqual([70.53, 66.32, 66.55, 69.41, 66.36, 57.97]);
  });

  it('reads 100 when prices only rise and 0 when they only fall', () => {
    expect(rsi([1, 2, 3, 4], 3)[3]).toBe(100);
    expect(rsi([4, 3, 2, 1], 3)[3]).toBe(0);
  });

  it('computes KDJ(9,3,3) from a start of 50', () => {
    const candles = [
      { high: 10, low: 8, close: 9 }, // RSV 50: K 50, D 50, J 50
      { high: 12, low: 9, close: 12 }, // window 8..12: RSV 100 → K 66.67, D 55.56, J 88.89
      { high: 12, low: 10, close: 10 }, // window 8..12: RSV 50 → K 61.11, D 57.41, J 68.52
    ];
    expect(kdj(candles).map((p) => [round2(p.k), round2(p.d), round2(p.j)])).toEqual([
      [50, 50, 50],
      [66.67, 55.56, 88.89],
      [61.11, 57.41, 68.52],
    ]);
  });

  it('keeps KDJ at its start when the window has no range', () => {
    expect(kdj([{ high: 5, low: 5, close: 5 }])).toEqual([{ k: 50, d: 50, j: 50 }]);
  });
});
