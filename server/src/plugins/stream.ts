/**
 * The live quote stream (fastify-plugin, registered after market-services): the WebSocket at
 * STREAM_PATH (protocol: shared/src/contract/stream.ts), the quote bus (in-process, or Redis
 * pub/sub when REDIS_URL is set) and the leader's publishing of the provider's ticks
 * (docs/decisions/0010-quote-stream.md).
 *
 * Options come from `buildApp({ stream })`; what is not given falls back to the environment:
 * REDIS_URL, STREAM_REDIS_PREFIX (default kabu:stream), STREAM_MAX_PER_SESSION (8),
 * STREAM_MAX_PER_IP (256).
 */
import { randomBytes } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { STREAM_MAX_CODES, STREAM_PATH, type Quote } from 'shared/contract';
import { isWellFormedToken } from '../security/tokens';
import { InProcessBus, type StreamBus } from '../modules/stream/bus';
import { StreamHub, type HubOptions } from '../modules/stream/hub';
import { RedisBus } from '../modules/stream/redis-bus';
import { liveSessions } from '../modules/stream/session-check';
import { onAlertFired } from '../modules/alerts/alerts-signal';

export interface StreamOptions extends HubOptions {
  /** Redis for fan-out across instances; null forces the in-process bus. */
  redisUrl: string | null;
  /** Key and channel prefix in Redis: instances sharing it serve one stream. */
  redisPrefix: string;
  /** Leader lease in Redis, and how often it is renewed (or taken over). */
  leaseMs: number;
  renewMs: number;
}

declare module '../config' {
  interface AppOptions {
    /** The live quote stream (defaults: environment, then DEFAULT_STREAM_OPTIONS). */
    stream?: Partial<StreamOptions>;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    stream: { bus: StreamBus; hub: StreamHub };
  }
}

export const DEFAULT_STREAM_OPTIONS: Omit<StreamOptions, 'redisUrl' | 'redisPrefix'> = {
  maxCodes: STREAM_MAX_CODES,
  maxConnectionsPerSession: 8,
  maxConnectionsPerIp: 256,
  maxBufferedBytes: 256 * 1024,
  authTimeoutMs: 10_000,
  heartbeatMs: 30_000,
  sessionCheckMs: 15_000,
  frameIntervalMs: 1000,
  messageRate: { burst: 20, perSecond: 10 },
  leaseMs: 5000,
  renewMs: 1500,
};

function positiveInt(text: string | undefined): number | undefined {
  const value = text === undefined ? Number.NaN : Number.parseInt(text, 10);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function streamOptionsFromEnv(env: NodeJS.ProcessEnv): Partial<StreamOptions> {
  const options: Partial<StreamOptions> = {};
  if (env.REDIS_URL) options.redisUrl = env.REDIS_URL;
  if (env.STREAM_REDIS_PREFIX) options.redisPrefix = env.STREAM_REDIS_PREFIX;
  const perSession = positiveInt(env.STREAM_MAX_PER_SESSION);
  if (perSession) options.maxConnectionsPerSession = perSession;
  const perIp = positiveInt(env.STREAM_MAX_PER_IP);
  if (perIp) options.maxConnectionsPerIp = perIp;
  return options;
}

/** Calls after which some session may have ended: every instance re-checks its sockets at once. */
const SESSION_ENDING_ROUTES = new Set([
  '/api/vue/user/logout',
  '/api/vue/user/changePassword',
  '/api/vue/admin/userFlags',
]);

/** The quote bus: Redis pub/sub when a URL is given, else the in-process bus. */
function createBus(options: StreamOptions, log: FastifyBaseLogger): StreamBus {
  const id = randomBytes(6).toString('hex');
  return options.redisUrl
    ? new RedisBus({
        url: options.redisUrl,
        prefix: options.redisPrefix,
        id,
        leaseMs: options.leaseMs,
        renewMs: options.renewMs,
        log,
      })
    : new InProcessBus(id);
}

/** The hub of this instance, on the app's provider, accounts and sessions. */
function createHub(app: FastifyInstance, options: StreamOptions): StreamHub {
  const { provider } = app.market;
  const idleSeconds = app.config.session.idleSeconds;
  return new StreamHub(options, {
    quote: (market, code, lang) => provider.quote(market, code, lang),
    depth: (market, code, at) => provider.depth?.(market, code, at),
    authenticate: (token, account) => app.accounts.authenticate(token, account),
    liveSessions: (hashes) => liveSessions(app.db, hashes, idleSeconds),
    now: app.config.now,
    log: app.log,
  });
}

/** Routes the bus's messages to the hub and the app's inbox and alert signals to the bus; answers the unsubscribe. */
function connectSignals(app: FastifyInstance, bus: StreamBus, hub: StreamHub): () => void {
  bus.onTicks((batch) => hub.receiveBatch(batch));
  bus.onSessionCheck(() => void hub.checkSessions());
  // An account's unread inbox count, to its sockets (modules/inbox/inbox-signal.ts), through the bus: they may be
  // on another instance than the one that wrote the message (issue 34 point 7).
  const stopInbox = app.inboxSignal.on((userId, unread) => bus.publishInbox({ userId: String(userId), unread }));
  bus.onInbox(({ userId, unread }) => hub.sendInbox(BigInt(userId), unread));
  // A fired price alert, to its account's sockets (modules/alerts/alerts-signal.ts).
  // Through the bus: the account's sockets may be on another instance than the job that fired it.
  const stopAlerts = onAlertFired((userId, alert) => bus.publishAlert({ userId: String(userId), alert }));
  bus.onAlert(({ userId, alert }) => hub.sendAlert(BigInt(userId), alert));
  return () => {
    stopInbox();
    stopAlerts();
  };
}

/** The leader turns each second's raw ticks into wire quotes once and publishes them; answers the unsubscribe. */
function publishTicks(app: FastifyInstance, bus: StreamBus): () => void {
  const { provider } = app.market;
  return provider.onTick((ticks) => {
    if (!bus.isLeader()) return;
    const quotes: Quote[] = [];
    for (const tick of ticks) {
      const quote = provider.quote(tick.market, tick.code, 'en');
      if (quote) quotes.push(quote);
    }
    if (quotes.length > 0) bus.publishTicks({ origin: bus.id, time: app.config.now().toISOString(), quotes });
  });
}

export const streamPlugin = fp(
  async (app, given: Partial<StreamOptions>) => {
    const options: StreamOptions = {
      redisUrl: null,
      redisPrefix: 'kabu:stream',
      ...DEFAULT_STREAM_OPTIONS,
      ...streamOptionsFromEnv(process.env),
      ...given,
    };
    const bus = createBus(options, app.log);
    const hub = createHub(app, options);
    app.decorate('stream', { bus, hub });

    const stopSignals = connectSignals(app, bus, hub);
    try {
      await bus.start();
    } catch (error) {
      await bus.close().catch(() => undefined);
      stopSignals();
      hub.close();
      throw new Error(`the quote stream could not reach Redis at ${options.redisUrl}: ${(error as Error).message}`);
    }

    const stopTicks = publishTicks(app, bus);

    app.addHook('onResponse', async (request) => {
      const url = request.routeOptions.url;
      if (url && SESSION_ENDING_ROUTES.has(url) && isWellFormedToken(request.headers.token)) {
        // The check itself decides which sockets close (a refused logout ends nothing).
        bus.publishSessionCheck();
      }
    });

    // Sockets first (preClose), or the HTTP server would wait for them to end.
    app.addHook('preClose', async () => {
      stopTicks();
      stopSignals();
      hub.close();
    });
    app.addHook('onClose', async () => {
      await bus.close();
    });

    await app.register(websocket, {
      options: { maxPayload: 16 * 1024, perMessageDeflate: false, clientTracking: false },
    });
    app.get(STREAM_PATH, { websocket: true }, (socket, request) => hub.accept(socket, request.ip));
  },
  { name: 'stream', dependencies: ['config', 'db', 'services', 'market-services'] },
);
