/**
 * Starts the server: reads the environment, builds the app, listens. Everything else lives in
 * app.ts. Env: PORT (8080), DATA_DIR (./data), DATABASE_URL (else embedded PGlite in DATA_DIR),
 * WEB_ROOT (the repository root), REMOTES_JSON (optional registry override), TRUST_PROXY (1 behind
 * a reverse proxy), LOG_LEVEL (info).
 */
import path from 'node:path';
import { buildApp } from './app';
import type { DatabaseConfig } from './db/database';

function databaseFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: path.resolve(process.cwd(), env.DATA_DIR ?? 'data') };
}

async function main(): Promise<void> {
  const env = process.env;
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  const app = await buildApp({
    database: databaseFromEnv(env),
    webRoot: env.WEB_ROOT,
    remotesJsonPath: env.REMOTES_JSON || undefined,
    trustProxy: env.TRUST_PROXY === '1',
    logger: { level: env.LOG_LEVEL ?? 'info' },
  });

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
  console.log(`Kabu is running at http://localhost:${port}/`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
