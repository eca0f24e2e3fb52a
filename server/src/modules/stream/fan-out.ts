/**
 * The fan-out of the live quote stream (protocol: shared/src/contract/stream.ts; design:
 * docs/decisions/0010-quote-stream.md): each ready socket's subscriptions, and the once-a-second
 * `ticks` frames built from the bus's batches. The sockets themselves (accept, auth, limits,
 * heartbeat, close) are hub.ts's.
 *
 * Cost per second is what matters with many clients, so the fan-out
 * - keeps the latest quote of every code from the bus and the set of codes that changed since the
 *   last frame;
 * - serializes each changed quote once per language in use (a JSON piece);
 * - groups sockets by (language, subscribed codes): a group's frame is concatenated, encoded and
 *   framed once and the same buffer is written to every member (frames.ts);
 * - sends at most one `ticks` frame a second (a batch arriving sooner waits for the second to end);
 * - skips a socket whose send buffer still holds more than `maxBufferedBytes` (a slow reader), and
 *   sends it the full current quotes of its codes once it has drained: memory per socket stays
 *   bounded, and nothing queues without limit.
 */
import { performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import type { Quote, StockDepth } from 'shared/contract';
import type { I18nLang, MessageKey } from 'shared/messages';
import type { MarketId } from '../market/calendar';
import type { TickBatch } from './bus';
import { DepthFanOut } from './depth-fan-out';
import { joinedTextFrame, sendShared, type SharedFrame } from './frames';

export interface FanOutOptions {
  /** Codes one socket may follow (STREAM_MAX_CODES). */
  maxCodes: number;
  /** A socket holding more unsent bytes than this misses frames until it drains. */
  maxBufferedBytes: number;
  /** Minimum time between two tick frames (one second). */
  frameIntervalMs: number;
}

export interface FanOutDeps<C extends Subscriber> {
  /** The wire quote of a code now (the snapshot); undefined for an unknown code. */
  quote(market: MarketId, code: string, lang: I18nLang): Quote | undefined;
  /** The app clock. */
  now(): Date;
  /** Sends a JSON message to a socket (the snapshot and refusals of a sub). */
  send(client: C, message: object): void;
  error(client: C, msg: MessageKey, values?: Record<string, string>): void;
  /** Drops a socket that missed STUCK_FRAMES frames in a row (its buffer never drained). */
  stuck(client: C): void;
  /** The order book of a code now or at a bus quote's tick (depth-fan-out.ts); absent: no books. */
  depth?: (market: MarketId, code: string, at?: Quote) => StockDepth | undefined;
}

/** The messages that change what a socket follows. */
export interface FollowMessage {
  op: 'sub' | 'unsub' | 'depth' | 'undepth';
  market: MarketId;
  codes: string[];
}

/** What the fan-out keeps on a socket. */
export interface Subscriber {
  ws: WebSocket;
  lang: I18nLang;
  /** Subscribed `market:code` keys. */
  subs: Set<string>;
  group: Group | undefined;
  /** Missed a frame (slow reader): the next frame carries all its codes. */
  stale: boolean;
  skippedInRow: number;
  /** Non-zero: the heartbeat's ping is due; it goes out in the same write as the next quote frame (hub.ts). */
  pingDue?: number;
}

export interface Group {
  key: string;
  lang: I18nLang;
  /** Subscribed `market:code` keys, sorted. */
  codes: string[];
  members: Set<Subscriber>;
  /** The current fan-out's frames, built on first use and released at its end. */
  changes: SharedFrame | null | undefined;
  full: SharedFrame | null | undefined;
}

/** Frames in a row a socket may miss (its buffer full) before it is dropped. */
const STUCK_FRAMES = 60;
const FRAME_TAIL = Buffer.from(']}');

/** A group's `ticks` frame of the codes in `only` (all its codes when undefined); null when none has a quote. */
type FrameOf = (group: Group, only: Set<string> | undefined) => SharedFrame | null;

/** The frames of one flush at `time`: each quote's JSON piece is encoded once per language, on first use. */
function frameBuilder(latest: Map<string, Quote>, time: Date): FrameOf {
  const head = Buffer.from(`{"type":"ticks","time":"${time.toISOString()}","quotes":[`);
  const pieces = new Map<I18nLang, Map<string, Buffer>>();
  const piece = (lang: I18nLang, key: string): Buffer | undefined => {
    let byKey = pieces.get(lang);
    if (!byKey) {
      byKey = new Map();
      pieces.set(lang, byKey);
    }
    let encoded = byKey.get(key);
    if (encoded === undefined) {
      const quote = latest.get(key);
      if (!quote) return undefined;
      const name = quote.names[lang];
      encoded = Buffer.from(JSON.stringify(name === quote.name ? quote : { ...quote, name }));
      byKey.set(key, encoded);
    }
    return encoded;
  };
  return (group, only) => {
    const parts: Buffer[] = [];
    for (const key of group.codes) {
      if (only && !only.has(key)) continue;
      const encoded = piece(group.lang, key);
      if (encoded !== undefined) parts.push(encoded);
    }
    return parts.length === 0 ? null : joinedTextFrame(head, parts, FRAME_TAIL);
  };
}

export class FanOut<C extends Subscriber> {
  private readonly groups = new Map<string, Group>();
  /** Latest quote per `market:code` from the bus, and the keys changed since the last frame. */
  private readonly latest = new Map<string, Quote>();
  private changed = new Set<string>();
  private staleCount = 0;
  private lastFlush = -Infinity;
  private flushTimer: NodeJS.Timeout | undefined;
  private flushImmediate: NodeJS.Immediate | undefined;
  private closed = false;
  readonly counters = { framesSent: 0, framesSkipped: 0, flushes: 0, lastFlushMs: 0 };
  /** Order books, only for the sockets that asked for them (docs/decisions/0021). */
  private readonly books: DepthFanOut<C>;

  /** `clients`: every socket of the hub, in connection order (only those in a group get frames). */
  constructor(
    private readonly options: FanOutOptions,
    private readonly deps: FanOutDeps<C>,
    private readonly clients: Iterable<C>,
  ) {
    this.books = new DepthFanOut<C>(deps);
  }

  get groupCount(): number {
    return this.groups.size;
  }

  // ---- subscriptions -------------------------------------------------------------------------

  /** Quotes (`sub`, `unsub`) or order books (`depth`, `undepth`). */
  follow(client: C, { op, market, codes }: FollowMessage): void {
    if (op === 'sub') this.subscribe(client, market, codes);
    else if (op === 'unsub') this.unsubscribe(client, market, codes);
    else if (op === 'depth') this.books.subscribe(client, market, codes);
    else this.books.unsubscribe(client, market, codes);
  }

  subscribe(client: C, market: MarketId, codes: string[]): void {
    const snapshot: Quote[] = [];
    const added: string[] = [];
    const unknown: string[] = [];
    for (const code of codes) {
      const quote = this.deps.quote(market, code, client.lang);
      if (!quote) {
        if (!unknown.includes(code)) unknown.push(code);
        continue;
      }
      const key = `${market}:${quote.code}`;
      if (client.subs.has(key) || added.includes(key)) continue;
      added.push(key);
      snapshot.push(quote);
    }
    if (client.subs.size + added.length > this.options.maxCodes) {
      this.deps.error(client, 'watchlist_full', { max: String(this.options.maxCodes) });
      return;
    }
    if (added.length > 0) {
      for (const key of added) client.subs.add(key);
      this.regroup(client);
      this.deps.send(client, { type: 'snapshot', quotes: snapshot });
    }
    if (unknown.length > 0) this.deps.error(client, 'stock_not_found', { code: unknown.join(',') });
  }

  unsubscribe(client: C, market: MarketId, codes: string[]): void {
    let removed = false;
    for (const code of codes) removed = client.subs.delete(`${market}:${code.toUpperCase()}`) || removed;
    if (removed) this.regroup(client);
  }

  /** Forgets a closed socket: its group membership and its pending catch-up frame. */
  remove(client: C): void {
    this.leaveGroup(client);
    this.books.remove(client);
    if (client.stale) this.staleCount -= 1;
    client.stale = false;
  }

  // ---- groups --------------------------------------------------------------------------------

  private leaveGroup(client: C): void {
    const group = client.group;
    if (!group) return;
    group.members.delete(client);
    if (group.members.size === 0) this.groups.delete(group.key);
    client.group = undefined;
  }

  private regroup(client: C): void {
    this.leaveGroup(client);
    if (client.subs.size === 0) return;
    const codes = [...client.subs].sort();
    const key = `${client.lang}|${codes.join(',')}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { key, lang: client.lang, codes, members: new Set(), changes: undefined, full: undefined };
      this.groups.set(key, group);
    }
    group.members.add(client);
    client.group = group;
  }

  // ---- frames --------------------------------------------------------------------------------

  /** A batch from the bus: remember the quotes, send within the frame budget. */
  receiveBatch(batch: TickBatch): void {
    if (this.closed) return;
    for (const quote of batch.quotes) {
      const key = `${quote.market}:${quote.code}`;
      this.latest.set(key, quote);
      this.changed.add(key);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.flushTimer || this.flushImmediate || this.closed) return;
    const wait = this.lastFlush + this.options.frameIntervalMs - performance.now();
    if (wait > 0) {
      this.flushTimer = setTimeout(() => this.flush(), wait);
    } else {
      this.flushImmediate = setImmediate(() => this.flush());
    }
  }

  /** Sends this second's frames: each socket's changes (or its catch-up frame), then the order books. */
  private flush(): void {
    this.flushTimer = undefined;
    this.flushImmediate = undefined;
    if (this.closed) return;
    const started = performance.now();
    this.lastFlush = started;
    const changed = this.changed;
    this.changed = new Set();
    if (changed.size === 0 && this.staleCount === 0) return;
    this.counters.flushes += 1;
    const frame = frameBuilder(this.latest, this.deps.now());
    const maxBuffered = this.options.maxBufferedBytes;
    let sent = 0;
    let skipped = 0;
    // Sockets in connection order (not group by group): consecutive writes then tend to go to the
    // same peer network path, and each group's frames are still built once, on first use.
    for (const client of this.clients) {
      const outcome = this.sendFrame(client, changed, frame);
      if (outcome === 'sent') sent += 1;
      else if (outcome === 'skipped') skipped += 1;
    }
    // Then the order books of the changed codes, to the sockets that follow them.
    const books = this.books.flush(changed, this.latest, maxBuffered);
    // Let this second's buffers go.
    for (const group of this.groups.values()) {
      group.changes = undefined;
      group.full = undefined;
    }
    this.counters.framesSent += sent + books;
    this.counters.framesSkipped += skipped;
    this.counters.lastFlushMs = performance.now() - started;
    // Slow readers get their catch-up frame on the next second even when nothing changes.
    if (this.staleCount > 0) this.schedule();
  }

  /**
   * One socket's frame of a flush: none outside a group; skipped while its send buffer is full (it turns stale, and
   * is dropped once stuck); else its group's catch-up frame when stale, or the group's frame of the changed codes.
   */
  private sendFrame(client: C, changed: Set<string>, frame: FrameOf): 'sent' | 'skipped' | undefined {
    const group = client.group;
    if (!group) return undefined;
    if (client.ws.bufferedAmount > this.options.maxBufferedBytes) {
      if (!client.stale) {
        client.stale = true;
        this.staleCount += 1;
      }
      // A reader stuck for a minute is gone or hopeless: free its buffer.
      client.skippedInRow += 1;
      if (client.skippedInRow >= STUCK_FRAMES) this.deps.stuck(client);
      return 'skipped';
    }
    client.skippedInRow = 0;
    let data: SharedFrame | null;
    if (client.stale) {
      client.stale = false;
      this.staleCount -= 1;
      if (group.full === undefined) group.full = frame(group, undefined);
      data = group.full;
    } else {
      if (group.changes === undefined) group.changes = changed.size === 0 ? null : frame(group, changed);
      data = group.changes;
    }
    if (!data) return undefined;
    sendShared(client.ws, data, Boolean(client.pingDue));
    client.pingDue = 0;
    return 'sent';
  }

  /** Stops sending: no frame is scheduled or sent after this. */
  close(): void {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.flushImmediate) clearImmediate(this.flushImmediate);
  }
}
