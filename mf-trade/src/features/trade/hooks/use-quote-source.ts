import { useEffect, useMemo, useRef } from 'react';
import type { Quote } from 'shared/contract';
import type { QuoteSource } from '#lib';

export { useQuoteSelect, type QuoteSource } from '#lib';

/** A source over a quote held in props (polled, or given by a screen without a source). */
export function usePropSource(quote: Quote | undefined): QuoteSource {
  const held = useRef(quote);
  const listeners = useMemo(() => new Set<() => void>(), []);
  const source = useMemo<QuoteSource>(
    () => ({
      get: () => held.current,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    }),
    [listeners],
  );
  useEffect(() => {
    if (held.current === quote) return;
    held.current = quote;
    for (const l of [...listeners]) l();
  }, [quote, listeners]);
  return source;
}
