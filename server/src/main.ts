/**
 * Starts the server: reads the environment, builds the app, listens. Everything else lives in
 * app.ts. Env: PORT (8080), DATA_DIR (./data), DATABASE_URL (else embedded PGlite in DATA_DIR),
 * WEB_ROOT (the repository root), REMOTES_JSON (optional registry override), TRUST_PROXY (the number of
 * reverse-proxy hops in front, e.g. 1, or the proxies' addresses/CIDRs; environment.ts), LOG_LEVEL (info),
 * TEST_CLOCK_START (tests only: an ISO instant the server's clock starts from, then runs at real speed, so browser
 * tests can sit inside or outside business hours; refused when NODE_ENV=production; it also enables
 * POST /api/vue/test/clock to move it),
 * SMTP_URL and SMTP_FROM (password-reset mails; without SMTP_URL they are written to the log, never in
 * production), DEMO_DATA (1 seeds the demonstration data; `npm start` sets it, production has none unless asked),
 * SHUTDOWN_GRACE_MS (10000: how long SIGTERM waits for requests in flight).
 * With NODE_ENV=production the start is refused, every missing or unsafe setting named, unless SECOND_FACTOR_KEY,
 * WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS and SMTP_URL are set and TRUST_PROXY is bounded (environment.ts).
 */
import path from 'node:path';
import { buildApp } from './app';
import type { DatabaseConfig } from './db/database';
import { testClockFromEnv } from './clock';
import { assertEnvironment, demoDataFromEnv, trustProxyFromEnv } from './environment';

/** How long SIGTERM waits for the requests in flight before closing their sockets anyway. */
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

function databaseFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: path.resolve(process.cwd(), env.DATA_DIR ?? 'data') };
}

async function main(): Promise<void> {
  const env = process.env;
  // Every missing or unsafe setting at once, by name (exits non-zero below).
  assertEnvironment(env);
  const production = env.NODE_ENV === 'production';
  const testClock = testClockFromEnv(env);
  const now = testClock?.now;
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  const app = await buildApp({
    database: databaseFromEnv(env),
    webRoot: env.WEB_ROOT,
    remotesJsonPath: env.REMOTES_JSON || undefined,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY).value,
    demoData: demoDataFromEnv(env),
    production,
    logger: { level: env.LOG_LEVEL ?? 'info' },
    now,
    testClock,
    mail: { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM },
  });
  if (now) app.log.warn({ now: now().toISOString() }, 'TEST CLOCK: the server clock is shifted (TEST_CLOCK_START)');

  if (trustProxyFromEnv(env.TRUST_PROXY).value === true)
    app.log.warn('TRUST_PROXY=true believes every X-Forwarded-For hop: a client can choose its own IP');

  const graceMs = Number.parseInt(env.SHUTDOWN_GRACE_MS ?? '', 10) || DEFAULT_SHUTDOWN_GRACE_MS;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs }, 'shutting down');
    // Requests in flight get the grace period; past it their sockets are cut and the process leaves anyway.
    setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown grace period over: closing the remaining connections');
      app.server.closeAllConnections();
      setTimeout(() => process.exit(1), 1000).unref();
    }, graceMs).unref();
    // app.close: new requests get 503, idle sockets close at once, the job runner, matcher and market stop (each
    // waits for its pass in flight), then the database onClose hook (CHECKPOINT and close PGlite, the lock file).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port, host: env.HOST ?? '0.0.0.0' });
  if (env.KABU_LAUNCHED !== '1') console.log(`Kabu is running at http://localhost:${port}/`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
