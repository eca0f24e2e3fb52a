import type { Market } from 'shared/mf';

/** Market tabs of the quotes screen, Japan first (spec §1: the default market is jpy). */
export const MARKET_TABS: readonly Market[] = ['jpy', 'usd', 'cny'];

/** The session's market, or Japan when the session holds none. */
export function initialMarket(market: Market | undefined): Market {
  return market && MARKET_TABS.includes(market) ? market : 'jpy';
}
