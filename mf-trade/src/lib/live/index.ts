/**
 * Live quotes (`#lib/live`): the page's one client of the quote stream
 * (docs/decisions/0012-market-screens-live-and-chart.md), the hooks and components over it, and the
 * one QuoteSource type and implementation. A subpath of its own, not `#lib`: only the market screens
 * load it (their route chunks), never `register`.
 */
export {
  LiveClient,
  type LiveClientOptions,
  type LiveIssue,
  type LiveMode,
  type SocketLike,
} from './client/live-client';
export { getLiveClient, resetLiveClient } from './page-client';
export { POLL_MS, useLiveQuotes, type LiveQuotes } from './hooks/use-live-quotes';
export { useLiveQuoteSource, type LiveQuoteSource } from './hooks/use-live-quote-source';
export { usePropSource } from './hooks/use-prop-source';
export { useLiveDepth, type LiveDepth } from './hooks/use-live-depth';
export { PricePicks } from './price-picks';
export { LivePrice, type LivePriceProps } from './components/live-price';
export { MarketStatusNote, type MarketStatusNoteProps } from './components/market-status-note';
export { shallowEqual, useQuoteSelect, type QuoteSource } from './quote-source';
export { QuoteStore } from './quote-store';
export { liveKit, type MarketLive } from './live-kit';
