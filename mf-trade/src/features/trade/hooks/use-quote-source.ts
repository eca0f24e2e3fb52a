import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Quote } from 'shared/contract';

/**
 * A quote that moves at tick rate, handed in by the composing screen (src/app): the form reads it
 * through selectors, so a tick re-renders only the parts that show the price, never the whole form.
 */
export interface QuoteSource {
  get(): Quote | undefined;
  subscribe(listener: () => void): () => void;
}

function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** What `select` takes from the source's quote; re-renders only when that changes (shallowly). */
export function useQuoteSelect<T>(source: QuoteSource, select: (quote: Quote | undefined) => T): T {
  const cache = useRef<{ quote: Quote | undefined; value: T; select: typeof select } | undefined>(undefined);
  const getSnapshot = useCallback(() => {
    const quote = source.get();
    const held = cache.current;
    if (held && held.quote === quote && held.select === select) return held.value;
    const value = select(quote);
    const kept = held && shallowEqual(held.value, value) ? held.value : value;
    cache.current = { quote, value: kept, select };
    return kept;
  }, [source, select]);
  return useSyncExternalStore(source.subscribe, getSnapshot, getSnapshot);
}

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
