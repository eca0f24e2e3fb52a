/**
 * Order books on the quote stream (docs/decisions/0021): a socket that sent `depth` for a code gets
 * that code's book at once and then with each frame of ticks that carries the code (at most once a
 * second); every other socket pays nothing. A book is derived from the quote the bus delivered (the
 * simulator's `depth(market, code, quote)`), so every instance sends the same book for the same
 * tick without the leader publishing books. Each book is serialized and framed once per second and
 * the same buffer is written to every socket following it; a socket over its send budget skips it.
 */
import type { WebSocket } from 'ws';
import { STREAM_MAX_DEPTH, type Quote, type StockDepth } from 'shared/contract';
import type { MessageKey } from 'shared/messages';
import type { MarketId } from '../market/calendar';
import { joinedTextFrame, sendShared } from './frames';

export interface DepthFanOutDeps<C> {
  /** The book of a code now, or at the tick of a quote from the bus; undefined for an unknown code or an index. */
  depth?(market: MarketId, code: string, at?: Quote): StockDepth | undefined;
  send(client: C, message: object): void;
  error(client: C, msg: MessageKey, values?: Record<string, string>): void;
}

const HEAD = Buffer.from('{"type":"depth","books":[');
const TAIL = Buffer.from(']}');

export class DepthFanOut<C extends { ws: WebSocket }> {
  /** Sockets per followed `market:code`, and each socket's followed keys. */
  private readonly followers = new Map<string, Set<C>>();
  private readonly byClient = new Map<C, Set<string>>();

  constructor(private readonly deps: DepthFanOutDeps<C>) {}

  /** Sockets following at least one book (for stats and tests). */
  get clientCount(): number {
    return this.byClient.size;
  }

  subscribe(client: C, market: MarketId, codes: string[]): void {
    const mine = this.byClient.get(client) ?? new Set<string>();
    const books: StockDepth[] = [];
    const unknown: string[] = [];
    for (const code of codes) {
      const book = this.deps.depth?.(market, code);
      if (!book) {
        if (!unknown.includes(code)) unknown.push(code);
        continue;
      }
      const key = `${market}:${book.code}`;
      if (mine.has(key) || books.some((b) => b.code === book.code)) continue;
      books.push(book);
    }
    if (mine.size + books.length > STREAM_MAX_DEPTH) {
      this.deps.error(client, 'field_invalid', { field: 'codes', op: 'depth', max: String(STREAM_MAX_DEPTH) });
      return;
    }
    for (const book of books) {
      const key = `${market}:${book.code}`;
      mine.add(key);
      this.followers.set(key, (this.followers.get(key) ?? new Set<C>()).add(client));
    }
    if (mine.size > 0) this.byClient.set(client, mine);
    if (books.length > 0) this.deps.send(client, { type: 'depth', books });
    // `op` tells the client the refusal is about books, not its quote subscriptions.
    if (unknown.length > 0) this.deps.error(client, 'stock_not_found', { code: unknown.join(','), op: 'depth' });
  }

  unsubscribe(client: C, market: MarketId, codes: string[]): void {
    const mine = this.byClient.get(client);
    if (!mine) return;
    for (const code of codes) {
      const key = `${market}:${code.toUpperCase()}`;
      if (!mine.delete(key)) continue;
      const peers = this.followers.get(key);
      peers?.delete(client);
      if (peers && peers.size === 0) this.followers.delete(key);
    }
    if (mine.size === 0) this.byClient.delete(client);
  }

  /** Forgets a closed socket. */
  remove(client: C): void {
    const mine = this.byClient.get(client);
    if (!mine) return;
    for (const key of mine) {
      const peers = this.followers.get(key);
      peers?.delete(client);
      if (peers && peers.size === 0) this.followers.delete(key);
    }
    this.byClient.delete(client);
  }

  /** With each frame of ticks: the book of every changed code someone follows, once, to its followers. */
  flush(changed: ReadonlySet<string>, latest: ReadonlyMap<string, Quote>, maxBufferedBytes: number): number {
    let sent = 0;
    if (this.followers.size === 0 || !this.deps.depth) return sent;
    for (const [key, peers] of this.followers) {
      const quote = changed.has(key) ? latest.get(key) : undefined;
      if (!quote) continue;
      const book = this.deps.depth(quote.market, quote.code, quote);
      if (!book) continue;
      const frame = joinedTextFrame(HEAD, [Buffer.from(JSON.stringify(book))], TAIL);
      for (const client of peers) {
        if (client.ws.bufferedAmount > maxBufferedBytes) continue;
        sendShared(client.ws, frame);
        sent += 1;
      }
    }
    return sent;
  }
}
