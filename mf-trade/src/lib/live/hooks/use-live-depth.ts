import { useEffect, useState } from 'react';
import type { Market } from 'shared/mf';
import type { StockDepth } from 'shared/contract';
import type { LiveMode } from '../client/live-client';
import { getLiveClient } from '../page-client';

export interface LiveDepth {
  /** The last order book the stream sent for the stock (undefined until the first). */
  book: StockDepth | undefined;
  /** `polling` while the socket is unavailable: the screen refetches /stock/depth itself. */
  mode: LiveMode;
}

/** Follows a stock's order book on the stream while mounted (docs/decisions/0021). */
export function useLiveDepth(market: Market, code: string): LiveDepth {
  const live = getLiveClient();
  const [book, setBook] = useState<StockDepth>();
  const [mode, setMode] = useState<LiveMode>(live.getMode());
  useEffect(() => live.onMode(setMode), [live]);
  useEffect(() => {
    setBook(undefined);
    const stop = live.subscribeDepth(market, code, setBook);
    setMode(live.getMode());
    return stop;
  }, [live, market, code]);
  return { book, mode };
}
