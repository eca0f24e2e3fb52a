/**
 * The live quote stream of one server instance (protocol: shared/src/contract/stream.ts; design:
 * docs/decisions/0010-quote-stream.md): the connection lifecycle of its sockets. A socket is
 * accepted within the per-IP cap, must authenticate first (its session is checked like an HTTP
 * call's, within the per-session cap, and again every `sessionCheckMs`), is rate-limited, answers a
 * protocol-level heartbeat, and is closed with the contract's close codes. Subscriptions and the
 * once-a-second `ticks` frames are the fan-out's (fan-out.ts). An account's `inbox` frames (its
 * unread count) go to that account's ready sockets only (`sendInbox`).
 */
import { performance } from 'node:perf_hooks';
import type { RawData, WebSocket } from 'ws';
import { STREAM_CLOSE, type Quote } from 'shared/contract';
import type { I18nLang, MessageKey } from 'shared/messages';
import { SessionError } from '../../errors';
import { hashToken } from '../../security/tokens';
import { toI18nLang } from '../wire/lang';
import type { MarketId } from '../market/calendar';
import type { TickBatch } from './bus';
import {
  authMessage,
  hasOp,
  parseClientData,
  readClientMessage,
  takeToken,
  type MessageBucket,
} from './client-protocol';
import { FanOut, type FanOutDeps, type Subscriber } from './fan-out';
import { heartbeatSlices, heartbeatTurn } from './hub-heartbeat';
import { HubRegistry } from './hub-registry';

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
  /**
   * The sockets are pinged in this many turns spread over `heartbeatMs` (default: one turn per two frame intervals, at
   * most 30), so their pongs do not all come back in the same second.
   */
  heartbeatSlices?: number;
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
  authenticate(token: string, account: string): Promise<{ userId: bigint }>;
  /** Which of these token hashes are live sessions. */
  liveSessions(tokenHashes: string[]): Promise<Set<string>>;
  /** The app clock. */
  now(): Date;
  log: { warn(object: object, message: string): void };
  /** The order book of a stock (docs/decisions/0021); absent: the stream carries no books. */
  depth?: FanOutDeps<Subscriber>['depth'];
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

interface Client extends Subscriber, MessageBucket {
  state: State;
  tokenHash: string;
  userId: bigint | undefined;
  /** Messages that arrived while the auth message was being checked. */
  queue: RawData[];
  alive: boolean;
  /** Its heartbeat turn (HubOptions.heartbeatSlices). */
  slot: number;
  throttled: boolean;
  authTimer: NodeJS.Timeout | undefined;
}

const TEXT = { binary: false } as const;
const MAX_QUEUED_BEFORE_READY = 16;
const EMPTY = Buffer.alloc(0);

function json(message: object): string {
  return JSON.stringify(message);
}

export class StreamHub {
  private readonly clients = new Set<Client>();
  /** The sockets per IP address, session and account (hub-registry.ts). */
  private readonly registry = new HubRegistry<Client>();
  private readonly fanOut: FanOut<Client>;
  private readonly timers: NodeJS.Timeout[] = [];
  /** Heartbeat turns so far, the number of turns per heartbeat, and the sockets accepted (each gets a turn). */
  private beats = 0;
  private readonly slices: number;
  private accepted = 0;
  private checking = false;
  private recheck = false;
  private closed = false;

  constructor(
    private readonly options: HubOptions,
    private readonly deps: HubDeps,
  ) {
    this.fanOut = new FanOut<Client>(
      options,
      {
        quote: (market, code, lang) => deps.quote(market, code, lang),
        depth: deps.depth,
        now: () => deps.now(),
        send: (client, message) => this.send(client, message),
        error: (client, msg, values) => this.error(client, msg, values),
        stuck: (client) => {
          this.forget(client);
          client.ws.terminate();
        },
      },
      this.clients,
    );
    this.slices = heartbeatSlices(options);
    const heartbeat = setInterval(() => this.heartbeat(), options.heartbeatMs / this.slices);
    const sessions = setInterval(() => void this.checkSessions(), options.sessionCheckMs);
    heartbeat.unref();
    sessions.unref();
    this.timers.push(heartbeat, sessions);
  }

  stats(): HubStats {
    let ready = 0;
    for (const client of this.clients) if (client.state === 'ready') ready += 1;
    return { connections: this.clients.size, ready, groups: this.fanOut.groupCount, ...this.fanOut.counters };
  }

  // ---- connections ---------------------------------------------------------------------------

  /** A new upgraded socket from `ip`. */
  accept(ws: WebSocket, ip: string): void {
    if (this.closed) {
      ws.close(1001, 'shutting down');
      return;
    }
    if (!this.registry.admitIp(ip, this.options.maxConnectionsPerIp)) {
      ws.close(STREAM_CLOSE.tooMany, 'too many connections');
      return;
    }
    const client: Client = {
      ws,
      state: 'auth',
      tokenHash: '',
      userId: undefined,
      lang: 'zh-CN',
      subs: new Set(),
      group: undefined,
      stale: false,
      skippedInRow: 0,
      queue: [],
      alive: true,
      pingDue: 0,
      slot: this.accepted++ % this.slices,
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
      this.registry.releaseIp(ip);
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
    this.registry.leave(client);
    this.fanOut.remove(client);
  }

  private send(client: Client, message: object): void {
    if (client.state !== 'closed') client.ws.send(json(message), TEXT);
  }

  private error(client: Client, msg: MessageKey, values?: Record<string, string>): void {
    this.send(client, values ? { type: 'error', msg, values } : { type: 'error', msg });
  }

  // ---- client messages -----------------------------------------------------------------------

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
    const message = parseClientData(data, isBinary);
    if (client.state === 'auth') {
      const auth = authMessage(message);
      if (!auth) {
        this.drop(client, STREAM_CLOSE.unauthorized, 'auth expected');
        return;
      }
      this.authenticate(client, auth.token, auth.account, auth.lang);
      return;
    }
    if (!hasOp(message)) {
      this.drop(client, STREAM_CLOSE.badProtocol, 'malformed message');
      return;
    }
    if (!takeToken(client, this.options.messageRate, performance.now())) {
      // One answer per burst, so a flood cannot make us write.
      if (!client.throttled) this.error(client, 'too_frequent');
      client.throttled = true;
      return;
    }
    client.throttled = false;
    const read = readClientMessage(message);
    if (!read.op) {
      this.error(client, 'field_invalid', { field: read.field });
      return;
    }
    const { op } = read;
    switch (op.op) {
      case 'ping':
        this.send(client, { type: 'pong' });
        return;
      case 'auth':
        this.error(client, 'field_invalid', { field: 'op' });
        return;
      case 'sub':
      case 'unsub':
      case 'depth':
      case 'undepth':
        this.fanOut.follow(client, op);
        return;
    }
  }

  private authenticate(client: Client, token: string, account: string, lang: string | undefined): void {
    client.state = 'authing';
    this.deps.authenticate(token, account).then(
      (user) => {
        if (client.state === 'closed') return;
        if (!this.registry.join(client, hashToken(token), user.userId, this.options.maxConnectionsPerSession)) {
          this.drop(client, STREAM_CLOSE.tooMany, 'too many connections for this session');
          return;
        }
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

  // ---- fan-out -------------------------------------------------------------------------------

  /** A batch from the bus: remember the quotes, send within the frame budget. */
  receiveBatch(batch: TickBatch): void {
    if (this.closed) return;
    this.fanOut.receiveBatch(batch);
  }

  /** A fired price alert of the account, to its ready sockets only. */
  sendAlert(userId: bigint, alert: object): void {
    for (const client of this.registry.ofUser(userId)) this.send(client, { type: 'alert', alert });
  }

  /** The account's unread inbox count, to its ready sockets only. */
  sendInbox(userId: bigint, unread: number): void {
    for (const client of this.registry.ofUser(userId)) this.send(client, { type: 'inbox', unread });
  }

  // ---- liveness and sessions -----------------------------------------------------------------

  /** One turn of the heartbeat (hub-heartbeat.ts): a socket that did not answer its last ping is dropped. */
  private heartbeat(): void {
    heartbeatTurn(this.clients, ++this.beats, this.slices, (client) => {
      this.forget(client);
      client.ws.terminate();
    });
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
        const hashes = this.registry.sessions();
        if (hashes.length === 0) continue;
        const live = await this.deps.liveSessions(hashes);
        for (const hash of hashes) {
          if (live.has(hash)) continue;
          for (const client of this.registry.ofSession(hash))
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

  /**
   * Stops the timers and the fan-out and closes every socket (1001 going away; cut after a second
   * without the client's answer).
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.fanOut.close();
    const sockets = [...this.clients].map((client) => client.ws);
    for (const client of [...this.clients]) this.drop(client, 1001, 'server shutting down');
    if (sockets.length > 0) setTimeout(() => sockets.forEach((ws) => ws.terminate()), 1000).unref();
  }
}
