/**
 * Where the browser tests find the server started by global-setup: process.env for in-band runs,
 * and a state file for anything started later (both written by global-setup).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', 'artifacts');
export const STATE_FILE = path.join(ARTIFACTS_DIR, '.e2e-state.json');
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export interface E2eState {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  /** The REMOTES_JSON override file the server re-reads on every request (absent = server default). */
  remotesJson: string;
  /** Temp folder holding the data directory and the override file; removed by global-teardown. */
  tmpDir: string;
  /** Server log (stdout and stderr). */
  serverLog: string;
  pid: number;
  /** The migrated data directory the journeys' servers start from (support/data-template.ts). */
  dataTemplate?: string;
}

export function readState(): E2eState {
  if (process.env.E2E_BASE_URL && process.env.E2E_REMOTES_JSON && process.env.E2E_TMP_DIR) {
    return {
      baseUrl: process.env.E2E_BASE_URL,
      remotesJson: process.env.E2E_REMOTES_JSON,
      tmpDir: process.env.E2E_TMP_DIR,
      serverLog: process.env.E2E_SERVER_LOG ?? '',
      pid: Number(process.env.E2E_SERVER_PID ?? 0),
    };
  }
  if (!existsSync(STATE_FILE))
    throw new Error(`No e2e server state (${STATE_FILE}); run through jest --selectProjects e2e.`);
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2eState;
}
