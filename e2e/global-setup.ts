/**
 * Starts the composed app once for the journeys that share it, as production serves it (support/app-server.ts):
 * builds only when a dist folder is missing (npm test has just built), then the server with a fresh temp data
 * directory and a REMOTES_JSON override file; its address goes to the journeys through the environment (jest's
 * workers inherit it) and the state file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAppServer, type AppServer } from './support/app-server';
import { createDataTemplate } from './support/data-template';
import { CHROME_PATH, REPO_ROOT, STATE_FILE } from './support/env';

declare global {
  var __KABU_E2E__: { app: AppServer; dataTemplate: string } | undefined;
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

  // The journeys run on the embedded database, like `npm start`; their servers start from one migrated copy.
  const dataTemplate = mkdtempSync(path.join(os.tmpdir(), 'kabu-e2e-template-'));
  createDataTemplate(dataTemplate);
  process.env.E2E_DATA_TEMPLATE = dataTemplate;
  const app = await startAppServer('server.log');
  const state = { ...app.state, dataTemplate };
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
  process.env.E2E_BASE_URL = state.baseUrl;
  process.env.E2E_REMOTES_JSON = state.remotesJson;
  process.env.E2E_TMP_DIR = state.tmpDir;
  process.env.E2E_SERVER_LOG = state.serverLog;
  process.env.E2E_SERVER_PID = String(state.pid);
  globalThis.__KABU_E2E__ = { app, dataTemplate };
  console.log(
    `\ne2e: server at ${state.baseUrl} (data ${state.tmpDir}, log ${path.relative(REPO_ROOT, state.serverLog)})`,
  );
}
