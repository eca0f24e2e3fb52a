import type { Quote } from 'shared/contract';
import type { QuoteSource } from './quote-source';

/**
 * The one QuoteSource implementation: a quote held for its readers, who are told when it changes.
 * `set` shows whatever it is given (a stream's latest, a prop); `offer` keeps the newer of two
 * feeds (the detail screen: streamed and polled), so an offer older than what is shown is ignored.
 */
export class QuoteStore implements QuoteSource {
  private current: Quote | undefined;
  private readonly listeners = new Set<() => void>();

  /**
   * The store of one stock: `offer` ignores quotes of any other (a query's previous data while the
   * next loads). `initial` is held from the start, without telling anyone.
   */
  constructor(
    private readonly stock?: { market: string; code: string },
    initial?: Quote,
  ) {
    this.current = initial;
  }

  get = (): Quote | undefined => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Holds `quote` (whatever its time) and tells the listeners if it is a different one. */
  set(quote: Quote | undefined): void {
    if (quote === this.current) return;
    this.current = quote;
    for (const listener of [...this.listeners]) listener();
  }

  /** Takes a quote of the store's stock if it is at least as new as the current one. */
  offer(quote: Quote | undefined): void {
    if (!quote || quote === this.current) return;
    if (
      this.stock &&
      (quote.market !== this.stock.market || quote.code.toUpperCase() !== this.stock.code.toUpperCase())
    )
      return;
    if (this.current && Date.parse(quote.time) < Date.parse(this.current.time)) return;
    this.set(quote);
  }
}
