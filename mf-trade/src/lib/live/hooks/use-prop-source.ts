import { useEffect, useState } from 'react';
import type { Quote } from 'shared/contract';
import type { QuoteSource } from '../quote-source';
import { QuoteStore } from '../quote-store';

/** A source over a quote held in props (polled, or given by a screen without a source). */
export function usePropSource(quote: Quote | undefined): QuoteSource {
  const [store] = useState(() => new QuoteStore(undefined, quote));
  useEffect(() => store.set(quote), [store, quote]);
  return store;
}
