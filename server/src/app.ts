/**
 * The application as a plugin factory (fastify/demo style): infrastructure first (config, database,
 * services, auth, error handling), then routes. main.ts only listens; tests call buildApp and use
 * app.inject.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { resolveConfig, type AppOptions } from './config';
import type { TrustProxy } from './environment';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { configPlugin, databasePlugin, servicesPlugin } from './plugins/infra';
import { securityServicesPlugin } from './plugins/security-services';
import { fundsServicesPlugin } from './plugins/funds-services';
import { userServicesPlugin } from './plugins/user-services';
import { uploadsPlugin } from './plugins/uploads';
import { marketServicesPlugin } from './plugins/market-services';
import { streamPlugin } from './plugins/stream';
import { tradeServicesPlugin } from './plugins/trade-services';
import { ipoServicesPlugin } from './plugins/ipo-services';
import { blockServicesPlugin } from './plugins/block-services';
import { copyServicesPlugin } from './plugins/copy-services';
import { dayTradeServicesPlugin } from './plugins/daytrade-services';
import { alertsServicesPlugin } from './plugins/alerts-services';
import { lendingServicesPlugin } from './plugins/lending-services';
import { portfolioServicesPlugin } from './plugins/portfolio-services';
import { apiRoutes } from './routes/api-routes';
import { docsRoutes } from './routes/openapi';
import { remotesRoutes } from './routes/remotes';
import { safeLoggerOptions } from './security/log-redaction';
import { securityHeadersPlugin } from './security/headers';
import { staticRoutes } from './routes/static';
import { testClockRoutes } from './routes/test-clock';
import { jobsPlugin } from './plugins/jobs';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { gracefulClosePlugin } from './plugins/graceful-close';

export type { AppOptions };

/** A number of hops as the function Fastify makes of one (its types omit the number form): hop 0 is the socket. */
function fastifyTrustProxy(
  trust: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust ?? false;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const app = Fastify({
    // Card and ID numbers masked, names and passwords hidden, SQL parameters never logged.
    logger: safeLoggerOptions(options.logger),
    // A number of proxy hops or the proxies' addresses (TRUST_PROXY): a client never chooses its own IP.
    trustProxy: fastifyTrustProxy(options.trustProxy),
    // Closing (SIGTERM): idle keep-alive sockets end at once, new requests get 503, in-flight ones finish.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // A first start migrates the whole schema (PGlite on a busy machine took more than Fastify's default 10 s).
    pluginTimeout: 120_000,
    // Forms here are small; uploads get their own limit when multipart arrives.
    bodyLimit: 64 * 1024,
  });
  try {
    await app.register(configPlugin, { config });
    await app.register(gracefulClosePlugin);
    // CSP, HSTS, nosniff, referrer and framing headers on every answer (API, 404, errors, static files).
    await app.register(securityHeadersPlugin, {
      shellDist: path.join(config.webRoot, 'shell', 'dist'),
      remotesJsonPath: config.remotesJsonPath,
    });
    await app.register(databasePlugin);
    await app.register(uploadsPlugin, { dir: options.uploadsDir });
    // Every rate limit's store: memory, or Redis shared across instances (REDIS_URL).
    await app.register(rateLimitsPlugin, options.limits ?? {});
    await app.register(securityServicesPlugin);
    await app.register(servicesPlugin);
    await app.register(fundsServicesPlugin);
    await app.register(userServicesPlugin);
    await app.register(marketServicesPlugin);
    await app.register(streamPlugin, options.stream ?? {});
    await app.register(tradeServicesPlugin);
    await app.register(ipoServicesPlugin);
    await app.register(blockServicesPlugin);
    await app.register(copyServicesPlugin);
    await app.register(dayTradeServicesPlugin);
    await app.register(alertsServicesPlugin);
    await app.register(lendingServicesPlugin);
    await app.register(portfolioServicesPlugin);
    await app.register(authPlugin);
    await app.register(errorHandlerPlugin);
    // Background jobs (new-share draws, payment deadlines, listings): after the services they use.
    await app.register(jobsPlugin);
    await app.register(apiRoutes, { prefix: '/api/vue' });
    // Test-only: exists only with a test clock (TEST_CLOCK_START), never in production.
    if (config.testClock) await app.register(testClockRoutes, { prefix: '/api/vue', clock: config.testClock });
    await app.register(docsRoutes);
    await app.register(remotesRoutes);
    await app.register(staticRoutes);
    await app.ready();
  } catch (error) {
    // A failed start must still release the database (and PGlite's lock file).
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
