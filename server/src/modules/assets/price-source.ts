/**
 * Where holdings get their current price. The market-data slice plugs its provider in here; until
 * then no quote exists and a holding is valued at its buy price (zero floating P&L), never at an
 * invented number.
 */
import type { I18nLang } from 'shared/messages';

export interface PriceSource {
  /** Last traded price as a decimal string, or undefined when there is no quote. */
  lastPrice(market: string, code: string): string | undefined;
  /** The stock's name in a language, or undefined when the source does not know it. */
  nameOf?(market: string, code: string, lang: I18nLang): string | undefined;
}

export const NO_PRICES: PriceSource = { lastPrice: () => undefined };
