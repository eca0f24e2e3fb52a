/**
 * The live-quote kit the app layer hands to the market screens (features never import each other,
 * so src/app composes this into the quotes, watchlist, dashboard and detail screens as a prop).
 */
import { LivePrice } from './components/live-price';
import { MarketStatusNote } from './components/market-status-note';
import { POLL_MS, useLiveQuotes } from './hooks/use-live-quotes';

export { LivePrice, MarketStatusNote, POLL_MS, useLiveQuotes };
export { getLiveClient, resetLiveClient, type LiveQuotes } from './hooks/use-live-quotes';
export { LiveClient, type LiveMode, type SocketLike } from './model/live-client';

/** What a market screen receives from src/app. */
export const liveKit = { useQuotes: useLiveQuotes, Price: LivePrice, StatusNote: MarketStatusNote, pollMs: POLL_MS };
export type LiveKit = typeof liveKit;
