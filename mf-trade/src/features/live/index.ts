/**
 * The live-quote kit the app layer hands to the market screens (features never import each other,
 * so src/app composes this into the quotes, watchlist, dashboard and detail screens as a prop).
 */
import { LivePrice } from './components/live-price';
import { MarketStatusNote } from './components/market-status-note';
import { POLL_MS, useLiveQuotes } from './hooks/use-live-quotes';
import { useLiveQuoteSource } from './hooks/use-live-quote-source';

export { LivePrice, MarketStatusNote, POLL_MS, useLiveQuotes, useLiveQuoteSource };
export type { LiveQuoteSource, QuoteSource } from './hooks/use-live-quote-source';
export { getLiveClient, resetLiveClient, type LiveQuotes } from './hooks/use-live-quotes';
export { LiveClient, type LiveMode, type SocketLike } from './model/live-client';

/** What a market screen receives from src/app. */
export const liveKit = {
  useQuotes: useLiveQuotes,
  useQuoteSource: useLiveQuoteSource,
  Price: LivePrice,
  StatusNote: MarketStatusNote,
  pollMs: POLL_MS,
};
export type LiveKit = typeof liveKit;
