/**
 * Client of the live quote stream (shared/src/contract/stream.ts): one WebSocket per page, the
 * session in the first message, reference-counted subscriptions per market and code, snapshots and
 * tick frames handed to listeners. When the socket cannot connect (or drops), the client reports
 * `polling` so screens fall back to refetching their quotes every few seconds, and it retries the
 * socket with a growing delay.
 *
 * Every frame is checked against the contract's schema (frames.ts); a malformed one is dropped and
 * counted. The server's `error` messages are handled: unknown codes are not asked for again, a
 * refused `sub` over the per-socket cap lowers the cap and resubscribes within it, a dropped message
 * (`too_frequent`) is made good by asking again a second later. A session the server refuses (close
 * 4401) stops the retries until the session changes.
 */
import type { Market } from 'shared/mf';
import { STREAM_CLOSE, STREAM_MAX_CODES, type Quote, type AlertFired, type StockDepth } from 'shared/contract';
import { parseServerFrame, type ClientFrame, type ServerFrame } from './frames';
import type { LiveClientOptions, LiveIssue, LiveMode, SocketLike } from './live-types';
import { Subscriptions } from './subscriptions';

export type { LiveClientOptions, LiveIssue, LiveMode, SocketFactory, SocketLike } from './live-types';

type QuoteListener = (quotes: Quote[]) => void;
type ModeListener = (mode: LiveMode) => void;
type IssueListener = (issue: LiveIssue) => void;

const OPEN = 1;
const key = (market: string, code: string) => `${market}:${code.toUpperCase()}`;

export class LiveClient {
  private socket: SocketLike | undefined;
  /** The token the current socket authenticated with, and the last one the server refused. */
  private socketToken = '';
  private refusedToken: string | undefined;
  private ready = false;
  private mode: LiveMode = 'connecting';
  private readonly subs: Subscriptions;
  private readonly quoteListeners = new Set<QuoteListener>();
  private readonly modeListeners = new Set<ModeListener>();
  private readonly issueListeners = new Set<IssueListener>();
  private readonly inboxListeners = new Set<(unread: number) => void>();
  private readonly alertListeners = new Set<(alert: AlertFired) => void>();
  /** Followed order books (docs/decisions/0021) by `market:code`, with how many callers follow each. */
  private readonly books = new Map<string, { market: Market; code: string; count: number }>();
  private readonly bookListeners = new Set<(books: StockDepth[]) => void>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private resyncTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay: number;
  private readonly latest = new Map<string, Quote>();
  private malformed = 0;
  /** Whether this socket already started over after a `watchlist_full`. */
  private capResynced = false;

  constructor(private readonly options: LiveClientOptions) {
    this.retryDelay = options.retryMs ?? 5_000;
    this.subs = new Subscriptions(options.maxCodes ?? STREAM_MAX_CODES);
  }

  getMode(): LiveMode {
    return this.mode;
  }

  /** Frames dropped because they did not match the contract's schema. */
  get malformedFrames(): number {
    return this.malformed;
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

  onIssue(listener: IssueListener): () => void {
    this.issueListeners.add(listener);
    return () => void this.issueListeners.delete(listener);
  }

  /** The account's unread inbox count, pushed by the server when a message arrives or is read. */
  onInbox(listener: (unread: number) => void): () => void {
    this.inboxListeners.add(listener);
    return () => void this.inboxListeners.delete(listener);
  }

  /** A price alert of the account fired (docs/decisions/0022): the alerts feature shows it as a toast. */
  onAlert(listener: (alert: AlertFired) => void): () => void {
    this.alertListeners.add(listener);
    return () => void this.alertListeners.delete(listener);
  }

  /** Follows `codes` of `market` until the returned function is called. */
  subscribe(market: Market, codes: readonly string[]): () => void {
    if (this.subs.add(market, codes)) {
      if (!this.socket && !this.retryTimer) this.open();
      else this.sync();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const { gone, unsub } = this.subs.remove(market, codes);
      for (const code of gone) this.latest.delete(key(market, code));
      if (unsub.length > 0) {
        this.send({ op: 'unsub', market, codes: unsub });
        this.sync();
      }
    };
  }

  /**
   * Follows a stock's order book until the returned function is called: a `depth` frame at once
   * and with each tick. Asked again after every reconnect; none while polling (the screen polls).
   */
  subscribeDepth(market: Market, code: string, listener: (book: StockDepth) => void): () => void {
    const k = key(market, code);
    const followed = this.books.get(k);
    if (followed) followed.count += 1;
    else {
      this.books.set(k, { market, code: code.toUpperCase(), count: 1 });
      if (!this.socket && !this.retryTimer) this.open();
      else this.send({ op: 'depth', market, codes: [code.toUpperCase()] });
    }
    const mine = (books: StockDepth[]) => {
      for (const book of books) if (key(book.market, book.code) === k) listener(book);
    };
    this.bookListeners.add(mine);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.bookListeners.delete(mine);
      const entry = this.books.get(k);
      if (entry && --entry.count === 0) {
        this.books.delete(k);
        this.send({ op: 'undepth', market, codes: [entry.code] });
      }
    };
  }

  /** Closes the socket and stops retrying (tests, page teardown). */
  dispose(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.connectTimer);
    clearTimeout(this.resyncTimer);
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

  private report(issue: LiveIssue) {
    for (const listener of this.issueListeners) listener(issue);
  }

  private isReady(): boolean {
    return !!this.socket && this.ready && this.socket.readyState === OPEN;
  }

  private send(message: ClientFrame) {
    if (this.isReady()) this.socket!.send(JSON.stringify(message));
  }

  /** Asks the server for followed codes it does not hold yet, as far as the cap allows. */
  private sync() {
    if (!this.isReady()) return;
    const { subs, waiting } = this.subs.take();
    for (const { market, codes } of subs) this.send({ op: 'sub', market, codes });
    if (waiting > 0) this.report({ kind: 'capped', max: this.subs.cap, waiting });
  }

  private open() {
    this.retryTimer = undefined;
    const { token, account, lang } = this.options.auth();
    let socket: SocketLike | undefined;
    try {
      socket = token && account && token !== this.refusedToken ? this.options.connect?.(this.options.url) : undefined;
    } catch {
      socket = undefined;
    }
    if (!socket) {
      this.fail(token !== '' && token === this.refusedToken);
      return;
    }
    this.socket = socket;
    this.socketToken = token;
    this.ready = false;
    if (this.mode !== 'polling') this.setMode('connecting');
    this.connectTimer = setTimeout(() => this.drop(socket), this.options.connectTimeoutMs ?? 4_000);
    socket.onopen = () => socket.send(JSON.stringify({ op: 'auth', token, account, ...(lang ? { lang } : {}) }));
    socket.onmessage = (event) => this.receive(socket, event.data);
    socket.onerror = () => this.drop(socket);
    socket.onclose = (event) => this.drop(socket, event?.code);
  }

  private receive(socket: SocketLike, data: unknown) {
    if (socket !== this.socket) return;
    const message = parseServerFrame(data);
    if (!message) {
      this.malformed += 1;
      if (this.malformed === 1) this.report({ kind: 'malformed' });
      return;
    }
    switch (message.type) {
      case 'ready':
        clearTimeout(this.connectTimer);
        this.ready = true;
        this.capResynced = false;
        this.retryDelay = this.options.retryMs ?? 5_000;
        this.subs.reset();
        this.sync();
        for (const { market, code } of this.books.values()) this.send({ op: 'depth', market, codes: [code] });
        this.setMode('live');
        return;
      case 'snapshot':
      case 'ticks': {
        const quotes = message.quotes.filter((q) => this.subs.has(q.market, q.code));
        if (quotes.length === 0) return;
        for (const q of quotes) this.latest.set(key(q.market, q.code), q);
        for (const listener of this.quoteListeners) listener(quotes);
        return;
      }
      case 'error':
        this.refused(message);
        return;
      case 'pong':
        return;
      case 'inbox':
        for (const listener of this.inboxListeners) listener(message.unread);
        return;
      case 'depth':
        for (const listener of this.bookListeners) listener(message.books);
        return;
      case 'alert':
        for (const listener of this.alertListeners) listener(message.alert);
        return;
    }
  }

  /** A message of ours the server refused (shared/src/contract/stream.ts lists the keys). */
  private refused({ msg, values }: Extract<ServerFrame, { type: 'error' }>) {
    // A refused book leaves the quote subscriptions alone (the screen shows the polled book).
    if (values?.op === 'depth') return this.report({ kind: 'refused', msg, values });
    switch (msg) {
      case 'stock_not_found':
        this.subs.refuse(values?.code?.split(',') ?? []);
        break;
      case 'watchlist_full':
        this.overCap(Number(values?.max));
        return;
      case 'too_frequent':
        // Some message was dropped: ask again for what should be held (the server skips what it has).
        this.resyncTimer ??= setTimeout(() => {
          this.resyncTimer = undefined;
          for (const { market, codes } of this.subs.heldByMarket()) this.send({ op: 'sub', market, codes });
        }, this.options.resyncMs ?? 1_000);
        break;
    }
    this.report({ kind: 'refused', msg, ...(values ? { values } : {}) });
  }

  /**
   * A whole `sub` was refused (the socket would have gone over the server's cap, `max`): take that
   * cap, drop everything and ask again within it. Once per socket unless the cap went down, so a
   * server that keeps refusing cannot make the client loop.
   */
  private overCap(max: number) {
    const valid = Number.isInteger(max) && max > 0;
    if (valid && (max < this.subs.cap || !this.capResynced)) {
      this.capResynced = true;
      this.subs.cap = Math.min(this.subs.cap, max);
      for (const { market, codes } of this.subs.heldByMarket()) this.send({ op: 'unsub', market, codes });
      this.subs.reset();
      this.sync();
    }
    this.report({ kind: 'capped', max: this.subs.cap, waiting: 0 });
  }

  /** The socket failed or closed: poll meanwhile and try again later (not with a refused session). */
  private drop(socket: SocketLike, code?: number) {
    if (socket !== this.socket) return;
    clearTimeout(this.connectTimer);
    clearTimeout(this.resyncTimer);
    this.resyncTimer = undefined;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
    this.socket = undefined;
    this.ready = false;
    const unauthorized = code === STREAM_CLOSE.unauthorized;
    if (unauthorized) {
      this.refusedToken = this.socketToken;
      this.report({ kind: 'unauthorized' });
    }
    this.fail(unauthorized);
  }

  /** Polls meanwhile; retries later unless the session was refused (a new session tries again). */
  private fail(refused = false) {
    this.setMode('polling');
    if (refused || this.subs.size === 0) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(delay * 2, this.options.maxRetryMs ?? 60_000);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }
}
