import type { ComponentType } from 'react';
import type { Market } from 'shared/mf';
import { LivePrice, type LivePriceProps } from './components/live-price';
import { MarketStatusNote, type MarketStatusNoteProps } from './components/market-status-note';
import { POLL_MS, useLiveQuotes, type LiveQuotes } from './hooks/use-live-quotes';
import { useLiveQuoteSource, type LiveQuoteSource } from './hooks/use-live-quote-source';
import { useInboxUnread } from './hooks/use-inbox-unread';

/**
 * What a market screen (dashboard, quotes, watchlist, stock detail) uses of the live quotes. src/app
 * hands `liveKit` to the screens as a prop, so a test can render a screen with a kit of its own.
 */
export interface MarketLive {
  /** Follows codes of a market; with no codes, only the stream's mode. */
  useQuotes: (market: Market, codes: readonly string[]) => LiveQuotes;
  /** One stock's streamed quote as a store (a tick re-renders only what selects from it). */
  useQuoteSource: (market: Market, code: string | undefined) => LiveQuoteSource;
  Price: ComponentType<LivePriceProps>;
  StatusNote: ComponentType<MarketStatusNoteProps>;
  /** Refetch interval (ms) while the stream is unavailable. */
  pollMs: number;
  /** The unread inbox count pushed over the stream (undefined until the first push). */
  useInboxUnread: () => number | undefined;
}

export const liveKit: MarketLive = {
  useQuotes: useLiveQuotes,
  useQuoteSource: useLiveQuoteSource,
  Price: LivePrice,
  StatusNote: MarketStatusNote,
  pollMs: POLL_MS,
  useInboxUnread,
};
