/**
 * Starts the server: reads the environment, builds the app, listens. Everything else lives in
 * app.ts. Env: PORT (8080), DATA_DIR (./data), DATABASE_URL (else embedded PGlite in DATA_DIR),
 * WEB_ROOT (the repository root), REMOTES_JSON (optional registry override), TRUST_PROXY (1 behind
 * a reverse proxy), LOG_LEVEL (info), TEST_CLOCK_START (tests only: an ISO instant the server's
 * clock starts from, then runs at real speed, so browser tests can sit inside or outside business
 * hours; refused when NODE_ENV=production; it also enables POST /api/vue/test/clock to move it),
 * SMTP_URL and SMTP_FROM (password-reset mails; without SMTP_URL they are written to the log).
 */
import path from 'node:path';
import { buildApp } from './app';
import type { DatabaseConfig } from './db/database';
import { testClockFromEnv } from './clock';

function databaseFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: path.resolve(process.cwd(), env.DATA_DIR ?? 'data') };
}

async function main(): Promise<void> {
  const env = process.env;
  const testClock = testClockFromEnv(env);
  const now = testClock?.now;
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  const app = await buildApp({
    database: databaseFromEnv(env),
    webRoot: env.WEB_ROOT,
    remotesJsonPath: env.REMOTES_JSON || undefined,
    trustProxy: env.TRUST_PROXY === '1',
    logger: { level: env.LOG_LEVEL ?? 'info' },
    now,
    testClock,
    mail: { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM },
  });
  if (now) app.log.warn({ now: now().toISOString() }, 'TEST CLOCK: the server clock is shifted (TEST_CLOCK_START)');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // app.close runs the database onClose hook: CHECKPOINT and close PGlite, release the lock file.
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
