import type { Quote } from 'shared/contract';
import type { QuoteSource } from '#lib';

export type { QuoteSource } from '#lib';

/**
 * The detail screen's current quote: the newer of the streamed and the polled one (an offer older
 * than what is shown is ignored). Components select from it, so a tick re-renders only the parts
 * that show what moved (the header's figures, the indicator text), never the whole screen.
 */
export class QuoteStore implements QuoteSource {
  private current: Quote | undefined;

  /** The store of one stock: quotes of any other (a query's previous data while the next loads) are ignored. */
  constructor(private readonly stock?: { market: string; code: string }) {}

  private readonly listeners = new Set<() => void>();

  get = (): Quote | undefined => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Takes a quote if it is at least as new as the current one. */
  offer(quote: Quote | undefined): void {
    if (!quote || quote === this.current) return;
    if (
      this.stock &&
      (quote.market !== this.stock.market || quote.code.toUpperCase() !== this.stock.code.toUpperCase())
    )
      return;
    if (this.current && Date.parse(quote.time) < Date.parse(this.current.time)) return;
    this.current = quote;
    for (const listener of [...this.listeners]) listener();
  }
}
