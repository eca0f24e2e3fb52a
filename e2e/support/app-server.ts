/**
 * The composed app as production serves it: server/dist/main.js on a free port, a fresh temp data directory on the
 * embedded database (as `npm start`), and a REMOTES_JSON override file the tests control, which starts as the
 * server's own default registry (the server re-reads it on every request and treats a missing or invalid one as an
 * operator error). global-setup starts one for the journeys that share it; remote-swap starts its own, so the
 * journeys running beside it never see its registry swapped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDataDir } from './data-template';
import { ARTIFACTS_DIR, REPO_ROOT, type E2eState } from './env';
import { freePort, stopProcess, waitForHttp } from './servers';

export interface AppServer {
  state: E2eState;
  process: ChildProcess;
  /** Stops the server (SIGTERM, then SIGKILL after 10 s) and removes its temp folder. */
  stop(): Promise<void>;
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

/** Starts the app with its log at e2e/artifacts/<logName>; waits for /api/health (90 s). */
export async function startAppServer(logName: string): Promise<AppServer> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'kabu-e2e-'));
  const dataDir = path.join(tmpDir, 'data');
  mkdirSync(dataDir);
  seedDataDir(dataDir);
  const remotesJson = path.join(tmpDir, 'remotes.override.json');
  writeFileSync(remotesJson, defaultRegistry());
  const serverLog = path.join(ARTIFACTS_DIR, logName);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const log = createWriteStream(serverLog);
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
  const stop = async () => {
    await stopProcess(server);
    rmSync(tmpDir, { recursive: true, force: true });
  };

  try {
    await waitForHttp(`${baseUrl}/api/health`, 90_000, () => exited);
  } catch (error) {
    server.kill('SIGKILL');
    let tail = '';
    try {
      tail = readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      // no log yet
    }
    throw new Error(`e2e: the server did not start: ${(error as Error).message}\n--- ${serverLog} (tail)\n${tail}`);
  }
  return { state: { baseUrl, remotesJson, tmpDir, serverLog, pid: server.pid ?? 0 }, process: server, stop };
}
