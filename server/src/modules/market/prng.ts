/**
 * Counter-based randomness: every number is a pure function of (seed, symbol, counters), so history
 * is recomputed identically instead of stored. 32-bit integer mixing (murmur3 finaliser) keyed by
 * FNV-1a hashes of strings, and a mulberry32 stream for the ticks of one day.
 */

// Module-level aliases: jest's vm sandbox makes every global lookup in a hot loop slow.
const M = Math;
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = M.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes integers into one well-scrambled 32-bit key. */
export function mix(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = M.imul(h ^ (value | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = M.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Uniform in [0, 1) from a key. */
export function uniform(key: number): number {
  return mix(key, 0x27d4eb2f) / 4_294_967_296;
}

/** Standard normal from two keys (Box–Muller). */
export function normal(key: number): number {
  const u1 = (mix(key, 1) + 0.5) / 4_294_967_296;
  const u2 = mix(key, 2) / 4_294_967_296;
  return M.sqrt(-2 * M.log(u1)) * M.cos(2 * M.PI * u2);
}

/** A mulberry32 stream: uniforms in [0, 1). */
export function stream(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = M.imul(a ^ (a >>> 15), 1 | a);
    t = (t + M.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
