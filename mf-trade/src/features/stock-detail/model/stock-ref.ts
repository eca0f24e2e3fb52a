import { MARKETS, type Market } from 'shared/mf';

export interface StockRef {
  code: string;
  market: Market;
}

/** Reads `?code=&market=` (ARCHITECTURE.md: details use the query string); undefined without a code. */
export function readStockRef(params: URLSearchParams, fallbackMarket: Market): StockRef | undefined {
  const code = params.get('code')?.trim();
  if (!code) return undefined;
  const market = params.get('market') as Market | null;
  return { code, market: market && MARKETS.includes(market) ? market : fallbackMarket };
}
