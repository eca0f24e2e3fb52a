import type { Market } from 'shared/mf';

const keyOf = (market: string, code: string) => `${market}:${code.toUpperCase()}`;

function split(key: string): [Market, string] {
  const at = key.indexOf(':');
  return [key.slice(0, at) as Market, key.slice(at + 1)];
}

/** Keys grouped by market, in the order each market first appears. */
function byMarket(keys: Iterable<string>): { market: Market; codes: string[] }[] {
  const out = new Map<Market, string[]>();
  for (const key of keys) {
    const [market, code] = split(key);
    out.set(market, [...(out.get(market) ?? []), code]);
  }
  return [...out].map(([market, codes]) => ({ market, codes }));
}

/**
 * The codes followed on the page, counted per market and code (two screens following 7203 share one
 * `sub`), and the codes the server holds for the current socket. The server refuses a whole `sub`
 * that would take a socket over its cap (`maxCodes`, STREAM_MAX_CODES: server/src/modules/stream/hub.ts),
 * so the ledger never asks for more than `cap` codes: the others wait until some leave.
 */
export class Subscriptions {
  private readonly counts = new Map<string, number>();
  /** Asked for on this socket and not refused. */
  private readonly held = new Set<string>();
  /** Codes the server does not know (`stock_not_found`): not asked for again on this socket. */
  private readonly unknown = new Set<string>();

  constructor(public cap: number) {}

  get size(): number {
    return this.counts.size;
  }

  has(market: string, code: string): boolean {
    return this.counts.has(keyOf(market, code));
  }

  /** Counts one more follower of each code; true when a code got its first. */
  add(market: Market, codes: readonly string[]): boolean {
    let added = false;
    for (const code of new Set(codes.map((c) => c.toUpperCase()))) {
      const key = keyOf(market, code);
      const n = this.counts.get(key) ?? 0;
      this.counts.set(key, n + 1);
      if (n === 0) added = true;
    }
    return added;
  }

  /** Counts one follower less; `gone`: codes nobody follows now, `unsub`: those of them the server holds. */
  remove(market: Market, codes: readonly string[]): { gone: string[]; unsub: string[] } {
    const gone: string[] = [];
    const unsub: string[] = [];
    for (const code of new Set(codes.map((c) => c.toUpperCase()))) {
      const key = keyOf(market, code);
      const n = (this.counts.get(key) ?? 1) - 1;
      if (n > 0) {
        this.counts.set(key, n);
        continue;
      }
      this.counts.delete(key);
      this.unknown.delete(key);
      gone.push(code);
      if (this.held.delete(key)) unsub.push(code);
    }
    return { gone, unsub };
  }

  /**
   * The `sub`s that bring the server up to what is followed, within the cap (from now on held), and
   * how many followed codes still wait for room.
   */
  take(): { subs: { market: Market; codes: string[] }[]; waiting: number } {
    const asked: string[] = [];
    let waiting = 0;
    for (const key of this.counts.keys()) {
      if (this.held.has(key) || this.unknown.has(key)) continue;
      if (this.held.size + asked.length >= this.cap) waiting += 1;
      else asked.push(key);
    }
    for (const key of asked) this.held.add(key);
    return { subs: byMarket(asked), waiting };
  }

  /** What the server holds, by market (to ask again, or to drop all). */
  heldByMarket(): { market: Market; codes: string[] }[] {
    return byMarket(this.held);
  }

  /** The server does not know these codes (of whichever market asked for them). */
  refuse(codes: readonly string[]): void {
    const upper = new Set(codes.map((c) => c.toUpperCase()));
    for (const key of [...this.held]) {
      if (!upper.has(split(key)[1])) continue;
      this.held.delete(key);
      this.unknown.add(key);
    }
  }

  /** A new socket (or a resync): the server holds nothing. */
  reset(): void {
    this.held.clear();
    this.unknown.clear();
  }
}
