/**
 * Where holdings get their current price. The market-data slice plugs its provider in here; until
 * then no quote exists and a holding is valued at its buy price (zero floating P&L), never at an
 * invented number.
 */
export interface PriceSource {
  /** Last traded price as a decimal string, or undefined when there is no quote. */
  lastPrice(market: string, code: string): string | undefined;
}

export const NO_PRICES: PriceSource = { lastPrice: () => undefined };
