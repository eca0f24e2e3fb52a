/**
 * The benches' statistics and verdicts, in one place: every bench takes its medians, percentiles, ratios and its
 * "met" / "MISSED" from here (bench/lib/stats.test.ts checks them), so one figure means the same in every bench.
 * Plain CommonJS without imports: the benches' ES modules import it by name, the fan-out's client processes load it
 * without Lighthouse or Playwright, and jest's `tools` project tests it as it is.
 */
'use strict';

/** The finite values, ascending (a new array). */
function sortedFinite(values) {
  return values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
}

/** The median of the finite values (the mean of the middle two for an even count); NaN when there is none. */
function median(values) {
  const sorted = sortedFinite(values);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The value at quantile `q` (0..1) of the finite values, by nearest rank: the smallest value with at least q of
 * them at or below it (p99 of 100 values is the 99th, p100 the largest); NaN when there is none.
 */
function quantile(values, q) {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile: q must be within 0..1, got ${q}`);
  const sorted = sortedFinite(values);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** `quantile` with the percentile as 0..100 (p75, p95, p99). */
function percentile(values, p) {
  return quantile(values, p / 100);
}

/** Median, p90, least and greatest of the finite values (NaN for each when there is none). */
function summary(values) {
  const sorted = sortedFinite(values);
  return {
    count: sorted.length,
    p50: median(sorted),
    p90: quantile(sorted, 0.9),
    min: sorted.length ? sorted[0] : Number.NaN,
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/** value ÷ reference; NaN unless both are finite and the reference is above zero. */
function ratio(value, reference) {
  return Number.isFinite(value) && Number.isFinite(reference) && reference > 0 ? value / reference : Number.NaN;
}

/** A figure within its upper limit: false for a figure or limit not measured (NaN), so it reads MISSED. */
function atMost(value, limit) {
  return Number.isFinite(value) && Number.isFinite(limit) && value <= limit;
}

/** A figure at or above its lower limit: false for a figure or limit not measured (NaN). */
function atLeast(value, limit) {
  return Number.isFinite(value) && Number.isFinite(limit) && value >= limit;
}

/** What every bench prints after a goal. */
function verdict(met) {
  return met ? 'met' : 'MISSED';
}

/**
 * Issue 15's page-load goals of one run, the app's Lighthouse medians against the bare page's of the same run:
 * LCP ≤ lcpRatio × bare; TBT ≤ max(tbtRatio × bare, bare + tbtOverMs); score ≥ bare − scorePoints.
 * Each goal: its limit in the figure's own unit, the app ÷ bare ratio, and whether it is met.
 */
function pageLoadGoals(app, bare, targets) {
  const tbtLimit = Math.max(targets.tbtRatio * bare.tbt, bare.tbt + targets.tbtOverMs);
  const lcpLimit = targets.lcpRatio * bare.lcp;
  const scoreLimit = bare.score - targets.scorePoints;
  return {
    lcp: { limit: lcpLimit, ratio: ratio(app.lcp, bare.lcp), met: atMost(app.lcp, lcpLimit) },
    tbt: { limit: tbtLimit, ratio: ratio(app.tbt, bare.tbt), met: atMost(app.tbt, tbtLimit) },
    score: { limit: scoreLimit, ratio: ratio(app.score, bare.score), met: atLeast(app.score, scoreLimit) },
  };
}

exports.median = median;
exports.quantile = quantile;
exports.percentile = percentile;
exports.summary = summary;
exports.ratio = ratio;
exports.atMost = atMost;
exports.atLeast = atLeast;
exports.verdict = verdict;
exports.pageLoadGoals = pageLoadGoals;
