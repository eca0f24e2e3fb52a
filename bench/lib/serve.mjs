/** Servers for the bench: the app as `npm start` runs it, and a static server for the bare React page. */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts server/dist/main.js on a free port with a temp data directory; returns { url, stop }. On a loaded machine
 * the server can miss Fastify's plugin start-up limit (10 s: "Plugin did not start in time: 'db'"); it is tried up
 * to five times (the start is not what a bench measures).
 */
export async function startApp(root, logFile, attempts = 5) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startAppOnce(root, logFile);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stdout.write(`${error.message}; trying again.\n`);
    }
  }
}

async function startAppOnce(root, logFile) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kabu-bench-'));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_ROOT: root };
  delete env.DATABASE_URL;
  delete env.REMOTES_JSON;
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, 90_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The app server did not start (${error.message}); see ${logFile}`);
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const TYPES = {
  '.js': 'text/javascript',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** Serves a folder like a production static host: brotli or gzip, hashed files immutable, HTML no-cache. */
export async function serveStatic(folder) {
  const cache = new Map();
  const server = http.createServer((req, res) => {
    let rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(folder, path.normalize(rel));
    if (!file.startsWith(folder) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity';
    const key = `${file}:${encoding}`;
    if (!cache.has(key)) {
      const raw = readFileSync(file);
      cache.set(
        key,
        encoding === 'br' ? zlib.brotliCompressSync(raw) : encoding === 'gzip' ? zlib.gzipSync(raw, { level: 9 }) : raw,
      );
    }
    const headers = {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
      'Access-Control-Allow-Origin': '*',
      Vary: 'Accept-Encoding',
    };
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    res.writeHead(200, headers).end(cache.get(key));
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
