/**
 * The live quote stream of one server instance: its sockets, their subscriptions, and the
 * once-a-second fan-out (protocol: shared/src/contract/stream.ts; design:
 * docs/decisions/0010-quote-stream.md).
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
import type { RawData, WebSocket } from 'ws';
import { STREAM_CLOSE, streamClientMessage, type Quote } from 'shared/contract';
import type { I18nLang, MessageKey } from 'shared/messages';
import { SessionError } from '../../errors';
import { hashToken } from '../../security/tokens';
import { toI18nLang } from '../profile/lang';
import type { MarketId } from '../market/calendar';
import type { TickBatch } from './bus';
import { joinedTextFrame, sendShared, type SharedFrame } from './frames';

export interface HubOptions {
  /** Codes one socket may follow (STREAM_MAX_CODES). */
  maxCodes: number;
  maxConnectionsPerSession: number;
  maxConnectionsPerIp: number;
  /** A socket holding more unsent bytes than this misses frames until it drains. */
  maxBufferedBytes: number;
  /** The auth message must arrive within this time. */
  authTimeoutMs: number;
  /** Protocol-level ping; a socket that has not answered the previous one is dropped. */
  heartbeatMs: number;
  /** Every so often the sessions behind the sockets are checked again (expiry, ban, password change). */
  sessionCheckMs: number;
  /** Minimum time between two tick frames (one second). */
  frameIntervalMs: number;
  /** Client messages: a bucket of `burst`, refilled at `perSecond`. */
  messageRate: { burst: number; perSecond: number };
}

export interface HubDeps {
  /** The wire quote of a code now (the snapshot); undefined for an unknown code. */
  quote(market: MarketId, code: string, lang: I18nLang): Quote | undefined;
  /** Throws SessionError when the token is not a live session of that account (the HTTP rule). */
  authenticate(token: string, account: string): Promise<unknown>;
  /** Which of these token hashes are live sessions. */
  liveSessions(tokenHashes: string[]): Promise<Set<string>>;
  /** The app clock. */
  now(): Date;
  log: { warn(object: object, message: string): void };
}

export interface HubStats {
  connections: number;
  ready: number;
  groups: number;
  framesSent: number;
  framesSkipped: number;
  flushes: number;
  /** CPU-side duration of the last fan-out, ms. */
  lastFlushMs: number;
}

type State = 'auth' | 'authing' | 'ready' | 'closed';

interface Group {
  key: string;
  lang: I18nLang;
  /** Subscribed `market:code` keys, sorted. */
  codes: string[];
  members: Set<Client>;
  /** The current fan-out's frames, built on first use and released at its end. */
  changes: SharedFrame | null | undefined;
  full: SharedFrame | null | undefined;
}

interface Client {
  ws: WebSocket;
  state: State;
  tokenHash: string;
  lang: I18nLang;
  subs: Set<string>;
  group: Group | undefined;
  /** Missed a frame (slow reader): the next frame carries all its codes. */
  stale: boolean;
  skippedInRow: number;
  /** Messages that arrived while the auth message was being checked. */
  queue: RawData[];
  alive: boolean;
  tokens: number;
  refilledAt: number;
  throttled: boolean;
  authTimer: NodeJS.Timeout | undefined;
}

const TEXT = { binary: false } as const;
const MAX_QUEUED_BEFORE_READY = 16;
/** Frames in a row a socket may miss (its buffer full) before it is dropped. */
const STUCK_FRAMES = 60;
const EMPTY = Buffer.alloc(0);
const FRAME_TAIL = Buffer.from(']}');

function json(message: object): string {
  return JSON.stringify(message);
}

export class StreamHub {
  private readonly clients = new Set<Client>();
  private readonly perIp = new Map<string, number>();
  private readonly perSession = new Map<string, Set<Client>>();
  private readonly groups = new Map<string, Group>();
  /** Latest quote per `market:code` from the bus, and the keys changed since the last frame. */
  private readonly latest = new Map<string, Quote>();
  private changed = new Set<string>();
  private staleCount = 0;
  private lastFlush = -Infinity;
  private flushTimer: NodeJS.Timeout | undefined;
  private flushImmediate: NodeJS.Immediate | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private checking = false;
  private recheck = false;
  private closed = false;
  private readonly counters = { framesSent: 0, framesSkipped: 0, flushes: 0, lastFlushMs: 0 };

  constructor(
    private readonly options: HubOptions,
    private readonly deps: HubDeps,
  ) {
    const heartbeat = setInterval(() => this.heartbeat(), options.heartbeatMs);
    const sessions = setInterval(() => void this.checkSessions(), options.sessionCheckMs);
    heartbeat.unref();
    sessions.unref();
    this.timers.push(heartbeat, sessions);
  }

  stats(): HubStats {
    let ready = 0;
    for (const client of this.clients) if (client.state === 'ready') ready += 1;
    return { connections: this.clients.size, ready, groups: this.groups.size, ...this.counters };
  }

  // ---- connections ---------------------------------------------------------------------------

  /** A new upgraded socket from `ip`. */
  accept(ws: WebSocket, ip: string): void {
    if (this.closed) {
      ws.close(1001, 'shutting down');
      return;
    }
    const count = this.perIp.get(ip) ?? 0;
    if (count >= this.options.maxConnectionsPerIp) {
      ws.close(STREAM_CLOSE.tooMany, 'too many connections');
      return;
    }
    this.perIp.set(ip, count + 1);
    const client: Client = {
      ws,
      state: 'auth',
      tokenHash: '',
      lang: 'zh-CN',
      subs: new Set(),
      group: undefined,
      stale: false,
      skippedInRow: 0,
      queue: [],
      alive: true,
      tokens: this.options.messageRate.burst,
      refilledAt: performance.now(),
      throttled: false,
      authTimer: undefined,
    };
    this.clients.add(client);
    client.authTimer = setTimeout(
      () => this.drop(client, STREAM_CLOSE.unauthorized, 'auth expected'),
      this.options.authTimeoutMs,
    );
    ws.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('close', () => {
      this.forget(client);
      // The address's slot is freed only when the socket is really gone (a peer that never
      // answers our close keeps it for ws's close timeout), so closing cannot be cycled around the limit.
      const left = (this.perIp.get(ip) ?? 1) - 1;
      if (left > 0) this.perIp.set(ip, left);
      else this.perIp.delete(ip);
    });
    ws.on('error', () => this.forget(client));
  }

  private drop(client: Client, code: number, reason: string): void {
    if (client.state === 'closed') return;
    this.forget(client);
    client.ws.close(code, reason);
  }

  /** Drops every trace of a socket (idempotent). */
  private forget(client: Client): void {
    if (client.state === 'closed') return;
    client.state = 'closed';
    if (client.authTimer) clearTimeout(client.authTimer);
    client.queue = [];
    this.clients.delete(client);
    if (client.tokenHash) {
      const peers = this.perSession.get(client.tokenHash);
      peers?.delete(client);
      if (peers && peers.size === 0) this.perSession.delete(client.tokenHash);
    }
    this.leaveGroup(client);
    if (client.stale) this.staleCount -= 1;
    client.stale = false;
  }

  private send(client: Client, message: object): void {
    if (client.state !== 'closed') client.ws.send(json(message), TEXT);
  }

  private error(client: Client, msg: MessageKey, values?: Record<string, string>): void {
    this.send(client, values ? { type: 'error', msg, values } : { type: 'error', msg });
  }

  // ---- client messages -----------------------------------------------------------------------

  private takeToken(client: Client): boolean {
    const now = performance.now();
    const { burst, perSecond } = this.options.messageRate;
    client.tokens = Math.min(burst, client.tokens + ((now - client.refilledAt) / 1000) * perSecond);
    client.refilledAt = now;
    if (client.tokens < 1) return false;
    client.tokens -= 1;
    return true;
  }

  private receive(client: Client, data: RawData, isBinary: boolean): void {
    if (client.state === 'closed') return;
    client.alive = true;
    if (client.state === 'authing') {
      // Sent right behind the auth message: handled once the session is accepted.
      if (client.queue.length >= MAX_QUEUED_BEFORE_READY)
        this.drop(client, STREAM_CLOSE.badProtocol, 'too many messages before ready');
      else client.queue.push(isBinary ? EMPTY : data);
      return;
    }
    const text = isBinary ? undefined : data.toString();
    let message: unknown;
    try {
      message = text === undefined ? undefined : JSON.parse(text);
    } catch {
      message = undefined;
    }
    if (client.state === 'auth') {
      const parsed = streamClientMessage.safeParse(message);
      if (!parsed.success || parsed.data.op !== 'auth') {
        this.drop(client, STREAM_CLOSE.unauthorized, 'auth expected');
        return;
      }
      this.authenticate(client, parsed.data.token, parsed.data.account, parsed.data.lang);
      return;
    }
    if (
      !message ||
      typeof message !== 'object' ||
      Array.isArray(message) ||
      typeof (message as { op?: unknown }).op !== 'string'
    ) {
      this.drop(client, STREAM_CLOSE.badProtocol, 'malformed message');
      return;
    }
    if (!this.takeToken(client)) {
      // One answer per burst, so a flood cannot make us write.
      if (!client.throttled) this.error(client, 'too_frequent');
      client.throttled = true;
      return;
    }
    client.throttled = false;
    const parsed = streamClientMessage.safeParse(message);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'op');
      this.error(client, 'field_invalid', { field });
      return;
    }
    const op = parsed.data;
    switch (op.op) {
      case 'ping':
        this.send(client, { type: 'pong' });
        return;
      case 'auth':
        this.error(client, 'field_invalid', { field: 'op' });
        return;
      case 'sub':
        this.subscribe(client, op.market, op.codes);
        return;
      case 'unsub':
        this.unsubscribe(client, op.market, op.codes);
        return;
    }
  }

  private authenticate(client: Client, token: string, account: string, lang: string | undefined): void {
    client.state = 'authing';
    this.deps.authenticate(token, account).then(
      () => {
        if (client.state === 'closed') return;
        const tokenHash = hashToken(token);
        const peers = this.perSession.get(tokenHash) ?? new Set<Client>();
        if (peers.size >= this.options.maxConnectionsPerSession) {
          this.drop(client, STREAM_CLOSE.tooMany, 'too many connections for this session');
          return;
        }
        peers.add(client);
        this.perSession.set(tokenHash, peers);
        client.tokenHash = tokenHash;
        client.lang = toI18nLang(lang);
        client.state = 'ready';
        if (client.authTimer) clearTimeout(client.authTimer);
        client.authTimer = undefined;
        this.send(client, { type: 'ready' });
        const queued = client.queue;
        client.queue = [];
        for (const data of queued) this.receive(client, data, data === EMPTY);
      },
      (error: unknown) => {
        if (error instanceof SessionError) {
          this.drop(client, STREAM_CLOSE.unauthorized, 'session invalid');
        } else {
          this.deps.log.warn({ err: (error as Error).message }, 'stream: session lookup failed');
          this.drop(client, 1011, 'try again');
        }
      },
    );
  }

  private subscribe(client: Client, market: MarketId, codes: string[]): void {
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
      this.error(client, 'watchlist_full', { max: String(this.options.maxCodes) });
      return;
    }
    if (added.length > 0) {
      for (const key of added) client.subs.add(key);
      this.regroup(client);
      this.send(client, { type: 'snapshot', quotes: snapshot });
    }
    if (unknown.length > 0) this.error(client, 'stock_not_found', { code: unknown.join(',') });
  }

  private unsubscribe(client: Client, market: MarketId, codes: string[]): void {
    let removed = false;
    for (const code of codes) removed = client.subs.delete(`${market}:${code.toUpperCase()}`) || removed;
    if (removed) this.regroup(client);
  }

  // ---- groups --------------------------------------------------------------------------------

  private leaveGroup(client: Client): void {
    const group = client.group;
    if (!group) return;
    group.members.delete(client);
    if (group.members.size === 0) this.groups.delete(group.key);
    client.group = undefined;
  }

  private regroup(client: Client): void {
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

  // ---- fan-out -------------------------------------------------------------------------------

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
    const head = Buffer.from(`{"type":"ticks","time":"${this.deps.now().toISOString()}","quotes":[`);
    const pieces = new Map<I18nLang, Map<string, Buffer>>();
    const piece = (lang: I18nLang, key: string): Buffer | undefined => {
      let byKey = pieces.get(lang);
      if (!byKey) {
        byKey = new Map();
        pieces.set(lang, byKey);
      }
      let encoded = byKey.get(key);
      if (encoded === undefined) {
        const quote = this.latest.get(key);
        if (!quote) return undefined;
        const name = quote.names[lang];
        encoded = Buffer.from(JSON.stringify(name === quote.name ? quote : { ...quote, name }));
        byKey.set(key, encoded);
      }
      return encoded;
    };
    const frame = (group: Group, only: Set<string> | undefined): SharedFrame | null => {
      const parts: Buffer[] = [];
      for (const key of group.codes) {
        if (only && !only.has(key)) continue;
        const encoded = piece(group.lang, key);
        if (encoded !== undefined) parts.push(encoded);
      }
      return parts.length === 0 ? null : joinedTextFrame(head, parts, FRAME_TAIL);
    };
    const maxBuffered = this.options.maxBufferedBytes;
    let sent = 0;
    let skipped = 0;
    // Sockets in connection order (not group by group): consecutive writes then tend to go to the
    // same peer network path, and each group's frames are still built once, on first use.
    for (const client of this.clients) {
      const group = client.group;
      if (!group) continue;
      if (client.ws.bufferedAmount > maxBuffered) {
        if (!client.stale) {
          client.stale = true;
          this.staleCount += 1;
        }
        skipped += 1;
        // A reader stuck for a minute is gone or hopeless: free its buffer.
        client.skippedInRow += 1;
        if (client.skippedInRow >= STUCK_FRAMES) {
          this.forget(client);
          client.ws.terminate();
        }
        continue;
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
      if (data) {
        sendShared(client.ws, data);
        sent += 1;
      }
    }
    // Let this second's buffers go.
    for (const group of this.groups.values()) {
      group.changes = undefined;
      group.full = undefined;
    }
    this.counters.framesSent += sent;
    this.counters.framesSkipped += skipped;
    this.counters.lastFlushMs = performance.now() - started;
    // Slow readers get their catch-up frame on the next second even when nothing changes.
    if (this.staleCount > 0) this.schedule();
  }

  // ---- liveness and sessions -----------------------------------------------------------------

  private heartbeat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        this.forget(client);
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }

  /** Closes (4401) every socket whose session is no longer usable. Concurrent calls coalesce. */
  async checkSessions(): Promise<void> {
    if (this.checking) {
      this.recheck = true;
      return;
    }
    this.checking = true;
    try {
      do {
        this.recheck = false;
        const hashes = [...this.perSession.keys()];
        if (hashes.length === 0) continue;
        const live = await this.deps.liveSessions(hashes);
        for (const hash of hashes) {
          if (live.has(hash)) continue;
          for (const client of [...(this.perSession.get(hash) ?? [])])
            this.drop(client, STREAM_CLOSE.unauthorized, 'session ended');
        }
      } while (this.recheck && !this.closed);
    } catch (error) {
      // The database is unavailable: keep the sockets, try again on the next round.
      this.deps.log.warn({ err: (error as Error).message }, 'stream: session check failed');
    } finally {
      this.checking = false;
    }
  }

  /** Stops the timers and closes every socket (1001 going away; cut after a second without the client's answer). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.flushImmediate) clearImmediate(this.flushImmediate);
    const sockets = [...this.clients].map((client) => client.ws);
    for (const client of [...this.clients]) this.drop(client, 1001, 'server shutting down');
    if (sockets.length > 0) setTimeout(() => sockets.forEach((ws) => ws.terminate()), 1000).unref();
  }
}
