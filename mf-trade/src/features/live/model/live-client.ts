/**
 * Client of the live quote stream (shared/src/contract/stream.ts): one WebSocket per page, the
 * session in the first message, reference-counted subscriptions per market and code, snapshots and
 * tick frames handed to listeners. When the socket cannot connect (or drops), the client reports
 * `polling` so screens fall back to refetching their quotes every few seconds, and it retries the
 * socket with a growing delay.
 */
import type { Market } from 'shared/mf';
import type { Quote } from 'shared/contract';

export type LiveMode = 'connecting' | 'live' | 'polling';

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

export interface LiveClientOptions {
  url: string;
  /** Session credentials and language, read at each connect. */
  auth: () => { token: string; account: string; lang?: string };
  /** Opens a socket; undefined when the environment has no WebSocket. */
  connect?: SocketFactory;
  /** First reconnect delay (ms); doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Gives up on a connect attempt that has not reached `ready` after this long (ms). */
  connectTimeoutMs?: number;
}

type QuoteListener = (quotes: Quote[]) => void;
type ModeListener = (mode: LiveMode) => void;

const OPEN = 1;
const key = (market: string, code: string) => `${market}:${code.toUpperCase()}`;

export class LiveClient {
  private socket: SocketLike | undefined;
  private ready = false;
  private mode: LiveMode = 'connecting';
  private readonly counts = new Map<string, number>();
  private readonly quoteListeners = new Set<QuoteListener>();
  private readonly modeListeners = new Set<ModeListener>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay: number;
  private readonly latest = new Map<string, Quote>();

  constructor(private readonly options: LiveClientOptions) {
    this.retryDelay = options.retryMs ?? 5_000;
  }

  getMode(): LiveMode {
    return this.mode;
  }

  /** The last quote the stream sent for a code, if any. */
  getQuote(market: Market, code: string): Quote | undefined {
    return this.latest.get(key(market, code));
  }

  onQuotes(listener: QuoteListener): () => void {
    this.quoteListeners.add(listener);
    return () => void this.quoteListeners.delete(listener);
  }

  onMode(listener: ModeListener): () => void {
    this.modeListeners.add(listener);
    return () => void this.modeListeners.delete(listener);
  }

  /** Follows `codes` of `market` until the returned function is called. */
  subscribe(market: Market, codes: readonly string[]): () => void {
    const added: string[] = [];
    for (const code of new Set(codes.map((c) => c.toUpperCase()))) {
      const k = key(market, code);
      const n = this.counts.get(k) ?? 0;
      this.counts.set(k, n + 1);
      if (n === 0) added.push(code);
    }
    if (added.length > 0) {
      if (!this.socket && !this.retryTimer) this.open();
      else this.send({ op: 'sub', market, codes: added });
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const removed: string[] = [];
      for (const code of new Set(codes.map((c) => c.toUpperCase()))) {
        const k = key(market, code);
        const n = (this.counts.get(k) ?? 1) - 1;
        if (n <= 0) {
          this.counts.delete(k);
          this.latest.delete(k);
          removed.push(code);
        } else this.counts.set(k, n);
      }
      if (removed.length > 0) this.send({ op: 'unsub', market, codes: removed });
    };
  }

  /** Closes the socket and stops retrying (tests, page teardown). */
  dispose(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.connectTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
    }
  }

  private setMode(mode: LiveMode) {
    if (mode === this.mode) return;
    this.mode = mode;
    for (const listener of this.modeListeners) listener(mode);
  }

  private send(message: unknown) {
    if (this.socket && this.ready && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private subscribedByMarket(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const k of this.counts.keys()) {
      const [market, code] = k.split(':') as [string, string];
      out.set(market, [...(out.get(market) ?? []), code]);
    }
    return out;
  }

  private open() {
    this.retryTimer = undefined;
    const { token, account, lang } = this.options.auth();
    let socket: SocketLike | undefined;
    try {
      socket = token && account ? this.options.connect?.(this.options.url) : undefined;
    } catch {
      socket = undefined;
    }
    if (!socket) {
      this.fail();
      return;
    }
    this.socket = socket;
    this.ready = false;
    if (this.mode !== 'polling') this.setMode('connecting');
    this.connectTimer = setTimeout(() => this.drop(socket), this.options.connectTimeoutMs ?? 4_000);
    socket.onopen = () => socket.send(JSON.stringify({ op: 'auth', token, account, ...(lang ? { lang } : {}) }));
    socket.onmessage = (event) => this.receive(socket, event.data);
    socket.onerror = () => this.drop(socket);
    socket.onclose = () => this.drop(socket);
  }

  private receive(socket: SocketLike, data: unknown) {
    if (socket !== this.socket) return;
    let message: { type?: string; quotes?: Quote[] };
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (message.type === 'ready') {
      clearTimeout(this.connectTimer);
      this.ready = true;
      this.retryDelay = this.options.retryMs ?? 5_000;
      for (const [market, codes] of this.subscribedByMarket()) {
        for (let i = 0; i < codes.length; i += 200) this.send({ op: 'sub', market, codes: codes.slice(i, i + 200) });
      }
      this.setMode('live');
    } else if ((message.type === 'snapshot' || message.type === 'ticks') && Array.isArray(message.quotes)) {
      const quotes = message.quotes.filter((q) => this.counts.has(key(q.market, q.code)));
      if (quotes.length === 0) return;
      for (const q of quotes) this.latest.set(key(q.market, q.code), q);
      for (const listener of this.quoteListeners) listener(quotes);
    }
  }

  /** The socket failed or closed: poll meanwhile and try again later. */
  private drop(socket: SocketLike) {
    if (socket !== this.socket) return;
    clearTimeout(this.connectTimer);
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
    this.socket = undefined;
    this.ready = false;
    this.fail();
  }

  private fail() {
    this.setMode('polling');
    if (this.counts.size === 0) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(delay * 2, this.options.maxRetryMs ?? 60_000);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }
}
