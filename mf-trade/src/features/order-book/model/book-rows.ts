import type { DepthLevel, StockDepth } from 'shared/contract';

/** One row of the book as shown: its level (1 = best), price and size, and its bar as a share of the largest size. */
export interface BookRow extends DepthLevel {
  level: number;
  /** 0–100: the size against the largest size on either side. */
  bar: number;
}

/** The newer of two books of the same stock (by tick time); either may be missing. */
export function newerBook(a: StockDepth | undefined, b: StockDepth | undefined): StockDepth | undefined {
  if (!a || !b) return a ?? b;
  return Date.parse(b.time) > Date.parse(a.time) ? b : a;
}

/** Both sides of a book as rows, bars scaled to the largest size on either side. */
export function bookRows(book: StockDepth): { bids: BookRow[]; asks: BookRow[] } {
  let largest = 0;
  for (const level of [...book.bids, ...book.asks]) largest = Math.max(largest, Number(level.volume));
  const rows = (levels: DepthLevel[]) =>
    levels.map((level, i) => ({
      ...level,
      level: i + 1,
      bar: largest > 0 ? Math.max(2, Math.round((Number(level.volume) / largest) * 100)) : 0,
    }));
  return { bids: rows(book.bids), asks: rows(book.asks) };
}
