/** Stops the server global-setup started and removes its temp folder, the data template and the state file. */
import { rmSync } from 'node:fs';
import { STATE_FILE } from './support/env';

export default async function globalTeardown(): Promise<void> {
  const run = globalThis.__KABU_E2E__;
  if (!run) return;
  await run.app.stop();
  rmSync(run.dataTemplate, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
  globalThis.__KABU_E2E__ = undefined;
}
