import { useEffect, useMemo, useState } from 'react';
import type { Market } from 'shared/mf';
import type { Quote } from 'shared/contract';
import type { LiveMode } from '../client/live-client';
import { getLiveClient } from '../page-client';
import type { QuoteSource } from '../quote-source';
import { QuoteStore } from '../quote-store';

export interface LiveQuoteSource {
  /**
   * One stock's latest streamed quote (a QuoteStore): unlike `useLiveQuotes`, a tick never
   * re-renders the component that follows the stock, only the components that select from the
   * source, and only when what they select changed.
   */
  source: QuoteSource;
  /** `polling` while the socket is unavailable: the screen refetches its own query. */
  mode: LiveMode;
}

/** Follows `code` of `market` on the quote stream while mounted; the returned source is stable per stock. */
export function useLiveQuoteSource(market: Market, code: string | undefined): LiveQuoteSource {
  const live = getLiveClient();
  const upper = code?.toUpperCase();
  const [mode, setMode] = useState<LiveMode>(live.getMode());
  const store = useMemo(
    () => new QuoteStore(upper ? { market, code: upper } : undefined, upper ? live.getQuote(market, upper) : undefined),
    [live, market, upper],
  );

  useEffect(() => live.onMode(setMode), [live]);

  useEffect(() => {
    if (!upper) return undefined;
    const initial = live.getQuote(market, upper);
    if (initial) store.set(initial);
    const stopQuotes = live.onQuotes((incoming) => {
      let mine: Quote | undefined;
      for (const q of incoming) if (q.market === market && q.code.toUpperCase() === upper) mine = q;
      if (mine) store.set(mine);
    });
    const unsubscribe = live.subscribe(market, [upper]);
    setMode(live.getMode());
    return () => {
      stopQuotes();
      unsubscribe();
    };
  }, [live, market, upper, store]);

  return useMemo(() => ({ source: store, mode }), [store, mode]);
}
