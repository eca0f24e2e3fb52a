/**
 * The chart bench's own background load (issue 15), in a process of its own on the same machine: `sockets` quote
 * stream clients of the bench's session (each following 7203 and two other Tokyo codes, as other phones on the
 * stock pages would) and `rps` requests a second of POST /stock/detail and /stock/candles for rotating Tokyo codes
 * (phones whose stream fell back to polling, and chart loads). The server and this process share the machine's CPUs
 * with the measured browser. Answers the counts when stopped.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The `ws` client the server depends on (Node 20 has no global WebSocket).
const WebSocket = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json'))(
  'ws',
);

const CODES = ['7203', '6758', '9984', '8306', '6861', '9432', '4063', '6501', '7974', '8035'];

/** Starts the load in a child process; `stop()` answers { frames, requests, failed, sockets }. */
export async function startChartLoad({ base, session, sockets = 300, rps = 20 }) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), JSON.stringify({ base, session, sockets, rps })],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the load process exited (${code})`)));
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('message', (stats) => {
          child.kill();
          resolve(stats);
        });
        child.send('stop');
      }),
  };
}

async function runLoad({ base, session, sockets, rps }) {
  const stats = { sockets: 0, frames: 0, requests: 0, failed: 0 };
  const url = `${base.replace(/^http/, 'ws')}/api/vue/stream`;
  const open = [];
  for (let i = 0; i < sockets; i += 1) {
    await new Promise((resolve) => {
      const ws = new WebSocket(url);
      open.push(ws);
      ws.onopen = () => {
        ws.send(JSON.stringify({ op: 'auth', token: session.token, account: session.account, lang: 'us' }));
        const codes = ['7203', CODES[1 + (i % 9)], CODES[1 + ((i + 4) % 9)]];
        ws.send(JSON.stringify({ op: 'sub', market: 'jpy', codes: [...new Set(codes)] }));
        stats.sockets += 1;
        resolve();
      };
      ws.onmessage = () => (stats.frames += 1);
      ws.onerror = () => {
        stats.failed += 1;
        resolve();
      };
    });
  }
  let n = 0;
  const timer = setInterval(() => {
    n += 1;
    const code = CODES[n % CODES.length];
    const route = n % 2 ? '/stock/detail' : '/stock/candles';
    const body = new URLSearchParams({ code, market: 'jpy', lang: 'us', period: 'day' }).toString();
    fetch(`${base}/api/vue${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...session },
      body,
    })
      .then((r) => r.arrayBuffer())
      .then(() => (stats.requests += 1))
      .catch(() => (stats.failed += 1));
  }, 1000 / rps);
  process.send('ready');
  process.on('message', () => {
    clearInterval(timer);
    for (const ws of open) ws.close();
    process.send(stats);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = JSON.parse(process.argv[2]);
  runLoad({ ...options, session: { token: options.session.token, account: options.session.account } });
}
