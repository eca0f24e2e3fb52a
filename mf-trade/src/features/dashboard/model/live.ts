import type { ComponentType } from 'react';
import type { Market } from 'shared/mf';
import type { Quote } from 'shared/contract';

/** The live-quote kit src/app hands in (features/live; features never import each other). */
export interface MarketLive {
  useQuotes: (
    market: Market,
    codes: readonly string[],
  ) => { quotes: Readonly<Record<string, Quote>>; mode: 'connecting' | 'live' | 'polling' };
  Price: ComponentType<{ value: string; className?: string }>;
  StatusNote: ComponentType<{ status: Quote['status']; nextOpen: string | null; market?: string }>;
  /** Refetch interval (ms) while the stream is unavailable. */
  pollMs: number;
}
