/**
 * A price the user picked on one part of the stock page for another (the order book's level fills
 * the trade form's limit price). src/app creates one per stock and hands it to both features, which
 * never import each other.
 */
export class PricePicks {
  private readonly listeners = new Set<(price: string) => void>();

  pick(price: string): void {
    for (const listener of this.listeners) listener(price);
  }

  subscribe(listener: (price: string) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
