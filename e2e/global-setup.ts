/**
 * Starts the composed app once for every journey, as production serves it: builds only when a dist
 * folder is missing (npm test has just built), then runs server/dist/main.js on a free port
 * with a fresh temp data directory and a REMOTES_JSON override file the tests control (it starts
 * as the server's default registry). Waits for /api/health.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS_DIR, CHROME_PATH, REPO_ROOT, STATE_FILE, type E2eState } from './support/env';
import { freePort, waitForHttp } from './support/servers';

declare global {
  var __KABU_E2E__: { server: ChildProcess; state: E2eState } | undefined;
}

/** The server's built-in registry (what GET /remotes.json answers without REMOTES_JSON). */
function defaultRegistry(): string {
  const script =
    "process.stdout.write(JSON.stringify(require('./server/dist/routes/remotes.js').defaultRegistry(), null, 2))";
  const out = spawnSync(process.execPath, ['-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (out.status !== 0)
    throw new Error(`e2e: cannot read the server's default registry (server/dist/routes/remotes.js):\n${out.stderr}`);
  return out.stdout;
}

export default async function globalSetup(): Promise<void> {
  const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/lib/build-state.mjs'), '--if-missing'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('e2e: the build failed (see above); no browser test can run.');

  try {
    readFileSync(CHROME_PATH);
  } catch {
    throw new Error(
      `e2e: Chromium not found at ${CHROME_PATH}. Install it (apt-get install -y chromium) or set CHROME_PATH.`,
    );
  }

  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'kabu-e2e-'));
  const dataDir = path.join(tmpDir, 'data');
  mkdirSync(dataDir);
  const remotesJson = path.join(tmpDir, 'remotes.override.json');
  // The server treats a missing or invalid override as an operator error (HTTP 500), so the override
  // starts as the server's own default registry; remote-swap rewrites it and puts it back.
  writeFileSync(remotesJson, defaultRegistry());
  const serverLog = path.join(ARTIFACTS_DIR, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const log = createWriteStream(serverLog);
  // The journeys run on the embedded database, like `npm start`.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_ROOT: REPO_ROOT,
    REMOTES_JSON: remotesJson,
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [path.join(REPO_ROOT, 'server/dist/main.js')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  let exited: string | undefined;
  server.on('exit', (code, signal) => {
    exited = `exit code ${code ?? ''} ${signal ?? ''}`.trim();
  });

  try {
    await waitForHttp(`${baseUrl}/api/health`, 90_000, () => exited);
  } catch (error) {
    server.kill('SIGKILL');
    const tail = (() => {
      try {
        return readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n');
      } catch {
        return '';
      }
    })();
    throw new Error(`e2e: the server did not start: ${(error as Error).message}\n--- ${serverLog} (tail)\n${tail}`);
  }

  const state: E2eState = { baseUrl, remotesJson, tmpDir, serverLog, pid: server.pid ?? 0 };
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_REMOTES_JSON = remotesJson;
  process.env.E2E_TMP_DIR = tmpDir;
  process.env.E2E_SERVER_LOG = serverLog;
  process.env.E2E_SERVER_PID = String(server.pid ?? 0);
  globalThis.__KABU_E2E__ = { server, state };
  console.log(`\ne2e: server at ${baseUrl} (data ${dataDir}, log ${path.relative(REPO_ROOT, serverLog)})`);
}
