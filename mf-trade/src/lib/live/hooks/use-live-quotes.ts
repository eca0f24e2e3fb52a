import { useEffect, useMemo, useState } from 'react';
import type { Market } from 'shared/mf';
import type { Quote } from 'shared/contract';
import type { LiveMode } from '../client/live-client';
import { getLiveClient } from '../page-client';

export interface LiveQuotes {
  /** The latest streamed quote by code (upper case); empty until the first snapshot. */
  quotes: Readonly<Record<string, Quote>>;
  /** `polling` while the socket is unavailable: screens refetch their quotes every few seconds. */
  mode: LiveMode;
}

/** Fallback refetch interval (ms) while the stream is unavailable. */
export const POLL_MS = 4_000;

/** Follows `codes` of `market` on the quote stream for as long as the component is mounted. */
export function useLiveQuotes(market: Market, codes: readonly string[]): LiveQuotes {
  const live = getLiveClient();
  const codesKey = [...new Set(codes.map((c) => c.toUpperCase()))].sort().join(',');
  const [quotes, setQuotes] = useState<Record<string, Quote>>({});
  const [mode, setMode] = useState<LiveMode>(live.getMode());

  useEffect(() => live.onMode(setMode), [live]);

  useEffect(() => {
    const list = codesKey ? codesKey.split(',') : [];
    if (list.length === 0) return undefined;
    const wanted = new Set(list);
    const initial: Record<string, Quote> = {};
    for (const code of list) {
      const q = live.getQuote(market, code);
      if (q) initial[code] = q;
    }
    setQuotes(initial);
    const stopQuotes = live.onQuotes((incoming) => {
      const mine = incoming.filter((q) => q.market === market && wanted.has(q.code.toUpperCase()));
      if (mine.length === 0) return;
      setQuotes((prev) => {
        const next = { ...prev };
        for (const q of mine) next[q.code.toUpperCase()] = q;
        return next;
      });
    });
    const unsubscribe = live.subscribe(market, list);
    setMode(live.getMode());
    return () => {
      stopQuotes();
      unsubscribe();
    };
  }, [live, market, codesKey]);

  return useMemo(() => ({ quotes, mode }), [quotes, mode]);
}
