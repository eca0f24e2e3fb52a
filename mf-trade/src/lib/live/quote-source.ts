import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Quote } from 'shared/contract';

/**
 * A quote that changes at tick rate, read without re-rendering whoever holds it
 * (`useSyncExternalStore`). `QuoteStore` is the one implementation: the stream's source of one stock
 * (`useLiveQuoteSource`), a source over a prop (`usePropSource`) and the detail screen's store are
 * all QuoteStores, so a tick re-renders only what shows the price.
 */
export interface QuoteSource {
  get(): Quote | undefined;
  subscribe(listener: () => void): () => void;
}

/** Shallow equality of two plain objects (or identity for anything else). */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * What `select` takes from the source's quote; the component re-renders only when that changes
 * (shallowly), not on every tick. `select` may change between renders (it is read at snapshot time).
 */
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
