/**
 * The market-data provider interface. The built-in simulator implements it; a licensed feed would
 * implement the same calls and answer `simulated: false`. Answers are wire-ready (decimal strings).
 */
import type { Candle, CandlePeriod, ListSort, Quote, StockDepth } from 'shared/contract';
import type { I18nLang } from 'shared/messages';
import type { MarketId } from './calendar';
import type { Listing } from './listing-symbol';

export type { Listing } from './listing-symbol';

export interface ListOptions {
  sort: ListSort;
  order: 'asc' | 'desc';
  page: number;
  size: number;
  lang: I18nLang;
}

export interface Tick {
  market: MarketId;
  code: string;
  /** Decimal string. */
  price: string;
  /** Shares traded in this tick, integer string. */
  volume: string;
  /** Epoch ms. */
  time: number;
}

export interface MarketDataProvider {
  /** True for the simulator: every answer carries it and the UI labels it. */
  readonly simulated: boolean;
  list(market: MarketId, options: ListOptions): { list: Quote[]; total: number; index: Quote };
  search(q: string, market: MarketId | undefined, lang: I18nLang): Quote[];
  /** undefined when the market has no such code. */
  quote(market: MarketId, code: string, lang: I18nLang): Quote | undefined;
  candles(market: MarketId, code: string, period: CandlePeriod, limit: number): Candle[] | undefined;
  /**
   * The order book of a stock (docs/decisions/0021): at the clock's time, or at the tick of `at` (a quote from
   * the bus, so the book straddles exactly the price that was sent). undefined for an unknown code or an index.
   */
  depth?(market: MarketId, code: string, at?: Quote): StockDepth | undefined;
  /** Last price as a decimal string (the PriceSource holdings are valued with). */
  lastPrice(market: string, code: string): string | undefined;
  /** The instrument's name in a language (undefined for an unknown code). */
  nameOf(market: string, code: string, lang: I18nLang): string | undefined;
  /**
   * Adds a new listing (issue 11): quoted, listed and searchable from its listing date's open, never
   * before. Adding it again is a no-op; false when the code is already another instrument's.
   */
  addListing?(listing: Listing): boolean;
  /**
   * The price limits and previous close of the session of a local trade date (YYYY-MM-DD; issue 13: the limits
   * an order placed outside hours is checked against). After today's close the next session's derive from
   * today's close. Limits are null where the market has none; undefined for an unknown code.
   */
  sessionLimits?(
    market: MarketId,
    code: string,
    tradeDate: string,
  ): { limit_up: string | null; limit_down: string | null; prev_close: string } | undefined;
  /** The opening price of a trade date's session once it has opened (undefined before, or for an unknown code). */
  sessionOpen?(market: MarketId, code: string, tradeDate: string): string | undefined;
  /** Live ticks while a market is open; returns the unsubscribe function. */
  onTick(listener: (ticks: Tick[]) => void): () => void;
  /** Starts the once-a-second tick loop (stopped by stop()). */
  start(): void;
  stop(): void;
}
