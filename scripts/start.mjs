#!/usr/bin/env node
/**
 * `npm start`: builds when any dist folder is missing or older than its sources, then runs the
 * server (API + shell + remotes) on the embedded database and prints the URL.
 *   PORT (default 8080), DATA_DIR (default ./data), DATABASE_URL, WEB_ROOT, REMOTES_JSON pass through.
 *   DEMO_DATA defaults to 1 here (the demonstration new shares, copy products and block listings), 0 with
 *   NODE_ENV=production; an explicit DEMO_DATA wins.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './lib/build-state.mjs';

if (!buildIfNeeded()) {
  console.error('The build failed; see the output above.');
  process.exit(1);
}

const port = process.env.PORT || '8080';
const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: process.env.DATA_DIR || path.join(root, 'data'),
  WEB_ROOT: process.env.WEB_ROOT || root,
  DEMO_DATA: process.env.DEMO_DATA || (process.env.NODE_ENV === 'production' ? '0' : '1'),
  // This launcher announces the URL itself once the health check answers.
  KABU_LAUNCHED: '1',
};
const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { cwd: root, env, stdio: 'inherit' });

const url = `http://localhost:${port}/`;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  if (!stopping && code !== 0) console.error(`The server stopped (${signal ?? `exit code ${code}`}).`);
  process.exit(code ?? (signal ? 0 : 1));
});

// Print the URL once the server answers its health check (or say why it does not).
const deadline = Date.now() + 60_000;
async function announce() {
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) {
        console.log(`\nKabu is running at ${url}  (data in ${env.DATA_DIR}; Ctrl+C stops it)\n`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (server.exitCode === null) console.error(`The server did not answer ${url}api/health within 60 s.`);
}
void announce();
