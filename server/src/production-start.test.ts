/**
 * The server as it is started (main.ts in a child process), in production mode (issue 34 points 4 and 5):
 * - without the keys, or with an unbounded TRUST_PROXY, it refuses to start, exits non-zero and names each setting;
 * - with them all it starts, seeds no demonstration data (no DEMO_DATA), and on SIGTERM with one request in flight
 *   and an idle keep-alive socket it finishes that request and exits at once, well inside the grace period.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './config';

jest.setTimeout(480_000);

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** main.ts in a child process as production would run it (not under jest: no JEST_WORKER_ID). */
function startMain(env: Record<string, string>): Started {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(base))
    if (/^(JEST_|TEST_|NEW_SHARE_SEED|COPY_SEED|DEMO_DATA|SMTP_|WEBAUTHN_|SECOND_FACTOR_KEY|TRUST_PROXY)/.test(key))
      delete base[key];
  const child = spawn(
    process.execPath,
    ['--conditions=source', '-r', 'ts-node/register/transpile-only', path.join(REPO_ROOT, 'server/src/main.ts')],
    {
      cwd: REPO_ROOT,
      env: { ...base, TS_NODE_PROJECT: path.join(REPO_ROOT, 'server/tsconfig.json'), LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function listeningPort(started: Started): Promise<number> {
  const deadline = Date.now() + 400_000;
  while (Date.now() < deadline) {
    const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output());
    if (match) return Number(match[1]);
    if (started.child.exitCode !== null) throw new Error(`the server exited:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not listen:\n${started.output()}`);
}

const PRODUCTION_KEYS = {
  NODE_ENV: 'production',
  SECOND_FACTOR_KEY: 'ab'.repeat(32),
  WEBAUTHN_RP_ID: 'kabu.example',
  WEBAUTHN_ORIGINS: 'https://kabu.example',
  // Never connected to here: nothing is mailed in this test.
  SMTP_URL: 'smtp://127.0.0.1:2525',
  TRUST_PROXY: '1',
};

describe('starting in production', () => {
  it('refuses without the keys and with TRUST_PROXY=true, naming each setting, and exits non-zero', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-prod-'));
    const started = startMain({ NODE_ENV: 'production', TRUST_PROXY: 'true', PORT: '0', DATA_DIR: dataDir });
    const code = await started.exited;
    expect(code).not.toBe(0);
    const output = started.output();
    for (const name of ['SECOND_FACTOR_KEY', 'WEBAUTHN_RP_ID', 'WEBAUTHN_ORIGINS', 'SMTP_URL', 'TRUST_PROXY=true'])
      expect(output).toContain(name);
    expect(output).not.toContain('Server listening');
    // Refused before the database was touched.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('starts with every key set, seeds no demo data, on SIGTERM ends the request in flight, then exits', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-prod-'));
    const started = startMain({ ...PRODUCTION_KEYS, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    const port = await listeningPort(started);

    // An idle keep-alive socket (its request answered)…
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const health = await new Promise<number>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
    expect(health).toBe(200);

    // …and a request in flight on another keep-alive socket: its body arrives only after SIGTERM.
    const body = new URLSearchParams({ type: 'all' }).toString();
    let signalledAt = 0;
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/vue/common/config',
          agent: new http.Agent({ keepAlive: true }),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 3));
      setTimeout(() => {
        signalledAt = Date.now();
        started.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(3)), 1500);
      }, 500);
    });

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 1 });
    const code = await started.exited;
    const tookMs = Date.now() - signalledAt;
    agent.destroy();
    expect(code).toBe(0);
    // The grace period is 10 s; idle keep-alive sockets used to hold the process for 72 s.
    expect(tookMs).toBeLessThan(6_000);

    // No demonstration data without DEMO_DATA=1 in production (read by a plain node process: PGlite on a folder
    // needs dynamic imports, which jest's module system refuses).
    const read = spawnSync(
      process.execPath,
      [
        '-e',
        `const { PGlite } = require('@electric-sql/pglite');
        (async () => {
          const db = await PGlite.create(${JSON.stringify(path.join(dataDir, 'pglite'))});
          const r = await db.query('SELECT (SELECT count(*)::int FROM new_share_issues) AS issues,' +
            ' (SELECT count(*)::int FROM copy_products) AS products,' +
            ' (SELECT count(*)::int FROM block_listings) AS listings');
          console.log(JSON.stringify(r.rows[0]));
          await db.close();
        })().catch((e) => { console.error(e.message); process.exit(1); });`,
      ],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(read.stderr).toBe('');
    expect(JSON.parse(read.stdout)).toEqual({ issues: 0, products: 0, listings: 0 });
  });
});
