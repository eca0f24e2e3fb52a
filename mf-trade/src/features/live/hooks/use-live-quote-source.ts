import { useEffect, useMemo, useState } from 'react';
import type { Market } from 'shared/mf';
import type { Quote } from 'shared/contract';
import type { LiveMode } from '../model/live-client';
import { getLiveClient } from './use-live-quotes';

/**
 * One stock's latest streamed quote as a tiny external store: `subscribe` / `get` for
 * `useSyncExternalStore` selectors or imperative readers (the chart). Unlike `useLiveQuotes`, a
 * tick never re-renders the component that follows the stock: only the components that select
 * from the source, and only when what they select changed.
 */
export interface QuoteSource {
  get(): Quote | undefined;
  subscribe(listener: () => void): () => void;
}

export interface LiveQuoteSource {
  source: QuoteSource;
  /** `polling` while the socket is unavailable: the screen refetches its own query. */
  mode: LiveMode;
}

/** Follows `code` of `market` on the quote stream while mounted; the returned source is stable per stock. */
export function useLiveQuoteSource(market: Market, code: string | undefined): LiveQuoteSource {
  const live = getLiveClient();
  const upper = code?.toUpperCase();
  const [mode, setMode] = useState<LiveMode>(live.getMode());
  const source = useMemo(() => {
    let current = upper ? live.getQuote(market, upper) : undefined;
    const listeners = new Set<() => void>();
    return {
      get: () => current,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      /** Internal: the hook's stream listener. */
      set(quote: Quote) {
        current = quote;
        for (const l of [...listeners]) l();
      },
    };
  }, [live, market, upper]);

  useEffect(() => live.onMode(setMode), [live]);

  useEffect(() => {
    if (!upper) return undefined;
    const initial = live.getQuote(market, upper);
    if (initial && initial !== source.get()) source.set(initial);
    const stopQuotes = live.onQuotes((incoming) => {
      let mine: Quote | undefined;
      for (const q of incoming) if (q.market === market && q.code.toUpperCase() === upper) mine = q;
      if (mine) source.set(mine);
    });
    const unsubscribe = live.subscribe(market, [upper]);
    setMode(live.getMode());
    return () => {
      stopQuotes();
      unsubscribe();
    };
  }, [live, market, upper, source]);

  return useMemo(() => ({ source, mode }), [source, mode]);
}
