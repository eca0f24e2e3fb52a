/** Stops the server started by global-setup and removes its temp folder (data directory, override file). */
import { rmSync } from 'node:fs';
import { STATE_FILE } from './support/env';

export default async function globalTeardown(): Promise<void> {
  const run = globalThis.__KABU_E2E__;
  if (!run) return;
  const { server, state } = run;
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(state.tmpDir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
  globalThis.__KABU_E2E__ = undefined;
}
