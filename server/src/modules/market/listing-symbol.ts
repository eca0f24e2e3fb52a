/**
 * A new listing in the simulator (issue 11 "Listing"): a stock that joins the market data on its
 * listing date. Before that day it has no quote, no candles and is in no list or search; from that
 * day's open it trades like the reference names. Its first day opens near the issue price and moves
 * by a first-day move drawn from the draw's seed, so every instance (and anyone holding the seed)
 * computes the same day; from the second day it is the ordinary walk, reverting to the level of the
 * first day's close.
 */
import { dateOf, dayOf, type MarketId } from './calendar';
import { dailyLimits, snap } from './limits';
import { dayOfOrdinal, ordinalOf, SimSymbol } from './price-path';
import { fnv1a, mix, normal } from './prng';
import type { Instrument } from './universe';

// Module-level alias: jest's vm sandbox makes every global lookup in a hot loop slow.
const M = Math;

export interface Listing {
  market: MarketId;
  code: string;
  names: { 'zh-CN': string; en: string; ja: string };
  /** The issue price, a decimal string in the market's currency. */
  issuePrice: string;
  /** The market-local listing date (YYYY-MM-DD): the stock trades from that day's open. */
  listingDate: string;
  /** The draw's published seed: the first day's move is drawn from it. */
  seed: string;
}

/** Shares per lot, as the reference universe (Japan and China 100, US 1). */
const LOT: Record<MarketId, number> = { jpy: 100, usd: 1, cny: 100 };

/**
 * The first day's figures as log returns from the issue price: the open (near the issue price,
 * σ 3 %) and the close (mean +10 %, σ 20 %: new issues tend to open above their price, with a wide
 * spread), both before snapping to the tick grid and the day's limit. A pure function of the seed.
 */
export function firstDayMove(seed: string): { open: number; close: number } {
  const key = mix(fnv1a(`listing:${seed}`), 0x115e);
  return { open: 0.03 * normal(mix(key, 1)), close: M.max(-0.6, M.min(0.8, 0.1 + 0.2 * normal(mix(key, 2)))) };
}

export class ListedSymbol extends SimSymbol {
  override readonly firstOrdinal: number;
  private readonly issuePrice: number;
  private readonly move: { open: number; close: number };

  constructor(listing: Listing, seed: number) {
    const issuePrice = Number(listing.issuePrice);
    const move = firstDayMove(listing.seed);
    const instrument: Instrument = {
      market: listing.market,
      code: listing.code,
      kind: 'stock',
      names: listing.names,
      // The walk reverts to the first day's level, not back to the issue price.
      ref: issuePrice * M.exp(move.close),
      lot: LOT[listing.market],
    };
    super(instrument, seed);
    this.issuePrice = issuePrice;
    this.move = move;
    const [y, m, d] = listing.listingDate.split('-').map(Number) as [number, number, number];
    // A weekend listing date trades from the next trading day (ordinalOf rounds forward).
    this.firstOrdinal = M.max(0, ordinalOf(dayOf(y, m, d)));
  }

  /** The first trading date (YYYY-MM-DD). */
  get firstDate(): string {
    return dateOf(dayOfOrdinal(this.firstOrdinal));
  }

  override basePrice(): number {
    return snap(this.rule, this.issuePrice, undefined);
  }

  protected override drawDay(k: number, prev: number): [open: number, close: number] {
    // Days before the listing are never shown (quotes, candles and lists stop at firstOrdinal).
    if (k < this.firstOrdinal) return [prev, prev];
    if (k > this.firstOrdinal) return super.drawDay(k, prev);
    const limits = dailyLimits(this.rule, prev);
    return [
      snap(this.rule, prev * M.exp(this.move.open), limits),
      snap(this.rule, prev * M.exp(this.move.close), limits),
    ];
  }
}
