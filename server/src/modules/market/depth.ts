/**
 * The simulated order book (板, docs/decisions/0021): five bid and five ask levels derived from the
 * price path at one tick, a pure function of (seed, symbol, tick time, last price, limits), so
 * every instance answers the same book and nothing is stored.
 *
 * - Prices: bids[0] < last ≤ asks[0]. The best ask is the last price (the last trade lifted the ask)
 *   or one tick above it, by a hash bit; each further level is the next valid price on the market's
 *   tick grid (JPX table across band edges; 0.01 in the US and China), never beyond today's limits,
 *   never at or below zero. At a limit a side has fewer than five levels (none at all when the last
 *   price is the lower limit).
 * - Sizes: whole lots (JP and CN 100 shares, US 1), drawn from a hash of (symbol key, tick second,
 *   side, level) around the symbol's typical lots per tick, deeper levels larger on average.
 */
import type { MarketStatus, StockDepth } from 'shared/contract';
import { Decimal } from 'shared/money';
import type { MarketId } from './calendar';
import { tickSize, type TickRule } from './limits';
import { mix, uniform } from './prng';

/** Levels per side. */
export const DEPTH_LEVELS = 5;
/** Typical resting size at a level, in multiples of the symbol's average lots per tick. */
const SIZE_SCALE = 24;

/** What a book is derived from: the symbol's identity and the tick it belongs to (wire strings). */
export interface DepthInput {
  market: MarketId;
  code: string;
  rule: TickRule;
  /** The symbol's hash key (seed and symbol). */
  key: number;
  lot: number;
  /** Average lots traded per tick (sizes scale with it). */
  meanLots: number;
  price: string;
  limitUp: string | null;
  limitDown: string | null;
  status: MarketStatus;
  /** ISO instant of the tick. */
  time: string;
}

/** The next valid price above p: the tick of the band just above p (a band's bound belongs to the finer tick). */
export function priceAbove(rule: TickRule, price: Decimal): Decimal {
  return price.plus(tickSize(rule, price.toNumber() + 1e-7));
}

/** The next valid price below p: the tick of p's own band. */
export function priceBelow(rule: TickRule, price: Decimal): Decimal {
  return price.minus(tickSize(rule, price.toNumber()));
}

/** Decimals shown for a price: the market's (2 for the US and China, Japan by its tick there). */
function wire(rule: TickRule, price: Decimal): string {
  if (rule.market !== 'jpy') return price.toFixed(2);
  const tick = tickSize(rule, price.toNumber());
  return price.toFixed(tick >= 1 ? 0 : tick >= 0.1 ? 1 : 2);
}

/** The order book at one tick. */
export function depthOf(input: DepthInput): StockDepth {
  const { rule, lot } = input;
  const last = new Decimal(input.price);
  const second = Math.floor(Date.parse(input.time) / 1000);
  const bookKey = mix(input.key, second, 0xb00c);
  const up = input.limitUp === null ? undefined : new Decimal(input.limitUp);
  const down = input.limitDown === null ? undefined : new Decimal(input.limitDown);
  const wide = uniform(mix(bookKey, 1)) < 0.4;
  let ask = wide ? priceAbove(rule, last) : last;
  if (up && ask.gt(up)) ask = last;
  const size = (side: number, level: number): string => {
    const u = uniform(mix(bookKey, side, level));
    const lots = 1 + Math.floor(u * u * 2 * input.meanLots * SIZE_SCALE * (0.6 + 0.3 * level));
    return String(lots * lot);
  };
  const asks: StockDepth['asks'] = [];
  for (let level = 0; level < DEPTH_LEVELS && !(up && ask.gt(up)); level += 1) {
    asks.push({ price: wire(rule, ask), volume: size(2, level) });
    ask = priceAbove(rule, ask);
  }
  const bids: StockDepth['bids'] = [];
  let bid = priceBelow(rule, last);
  for (let level = 0; level < DEPTH_LEVELS && bid.gt(0) && !(down && bid.lt(down)); level += 1) {
    bids.push({ price: wire(rule, bid), volume: size(1, level) });
    bid = priceBelow(rule, bid);
  }
  return {
    market: input.market,
    code: input.code,
    price: input.price,
    bids,
    asks,
    lot,
    status: input.status,
    time: input.time,
    simulated: true,
  };
}
