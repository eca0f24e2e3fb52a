#!/usr/bin/env node
/**
 * Quote fan-out bench: the built server (server/dist/main.js, as `npm start` runs it, embedded
 * PGlite) on a test clock inside Tokyo hours, 10,000 WebSocket clients from separate client
 * processes, each following a few codes; then the same clients against a bare `ws` server that
 * writes a same-sized frame to every socket each second (the floor: what the kernel and ws cost
 * without the app). Prints figures with how they were measured, and the targets of ARCHITECTURE.md
 * "Performance design" (≤ 15 % of one core, p99 ≤ 150 ms) as met or missed. Never fails: problems
 * are printed. Takes about 3 minutes.
 *
 *   npm run build -w shared -w server && node bench/stream-fanout.bench.mjs
 *   env: STREAM_BENCH_CLIENTS (10000), STREAM_BENCH_SECONDS (30), STREAM_BENCH_WORKERS (4),
 *        STREAM_BENCH_CODES (3 codes per client)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { freePort } from './lib/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'server/package.json'));
const SELF = fileURLToPath(import.meta.url);
// Wednesday 2025-03-12 10:00 JST: Tokyo is open for the next 90 minutes of test-clock time.
const CLOCK_START = '2025-03-12T01:00:00.000Z';
const JPY_CODES = [
  '7203',
  '6758',
  '9984',
  '8306',
  '6861',
  '9983',
  '6098',
  '8035',
  '4063',
  '9432',
  '7974',
  '6501',
  '8058',
  '8001',
  '8316',
  '4502',
  '6367',
  '7267',
  '6902',
  'N225',
];
const LANGS = ['cn', 'us', 'jp'];
/** Delay histogram: 1 ms buckets up to 10 s (the last bucket holds everything later). */
const BUCKETS = 10_001;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- client process ------------------------------------------------------------------------------

/**
 * Opens `count` sockets, authenticates and subscribes each, then records, for every ticks frame,
 * the delay from the frame's `time` (the server clock when the fan-out started, shifted by the test
 * clock's offset) to its arrival here. Talks to the parent over IPC.
 */
async function clientProcess() {
  const WebSocket = require('ws');
  const { url, token, account, count, codesPerClient, offsetMs, seed } = JSON.parse(process.argv[3]);
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const sockets = [];
  let recording = false;
  const histogram = new Uint32Array(BUCKETS);
  let frames = 0;
  let quickGaps = 0;
  let closedEarly = 0;
  let failed = 0;
  let sample;
  const lastArrival = new Float64Array(count);
  const framesPerClient = new Uint32Array(count);
  const PREFIX = '{"type":"ticks","time":"';

  const openOne = (index) =>
    new Promise((resolve) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const codes = new Set();
      while (codes.size < codesPerClient) codes.add(JPY_CODES[Math.floor(random() * JPY_CODES.length)]);
      const lang = LANGS[Math.floor(random() * LANGS.length)];
      let subscribed = false;
      ws.on('open', () => {
        ws.send(JSON.stringify({ op: 'auth', token, account, lang }));
        ws.send(JSON.stringify({ op: 'sub', market: 'jpy', codes: [...codes] }));
      });
      ws.on('message', (data) => {
        if (!subscribed) {
          const text = data.toString();
          if (text.startsWith('{"type":"snapshot"')) {
            subscribed = true;
            resolve(true);
          } else if (text.startsWith('{"type":"error"')) {
            failed += 1;
            resolve(false);
          }
          return;
        }
        if (!recording) return;
        // Only the head is read: the frame's time is its first field.
        const head = data.toString('latin1', 0, PREFIX.length + 24);
        if (!head.startsWith(PREFIX)) return;
        const now = Date.now();
        if (sample === undefined) sample = data.toString();
        const sent = Date.parse(head.slice(PREFIX.length, PREFIX.length + 24)) - offsetMs;
        const delay = Math.max(0, Math.min(BUCKETS - 1, Math.round(now - sent)));
        histogram[delay] += 1;
        frames += 1;
        framesPerClient[index] += 1;
        if (lastArrival[index] > 0 && now - lastArrival[index] < 900) quickGaps += 1;
        lastArrival[index] = now;
      });
      ws.on('close', () => {
        if (recording) closedEarly += 1;
        if (!subscribed) {
          failed += 1;
          resolve(false);
        }
      });
      ws.on('error', () => undefined);
      sockets.push(ws);
    });

  // Ramp up in waves so the server's session lookups (one database transaction each) keep up.
  const WAVE = 100;
  let ready = 0;
  for (let start = 0; start < count; start += WAVE) {
    const wave = [];
    for (let i = start; i < Math.min(count, start + WAVE); i += 1) wave.push(openOne(i));
    ready += (await Promise.all(wave)).filter(Boolean).length;
    process.send({ type: 'progress', ready });
  }
  process.send({ type: 'ready', ready, failed });
  process.on('message', (message) => {
    if (message.type === 'record') {
      recording = true;
    } else if (message.type === 'stop') {
      recording = false;
      let silent = 0;
      for (let i = 0; i < count; i += 1) if (framesPerClient[i] === 0) silent += 1;
      process.send(
        {
          type: 'result',
          histogram: Array.from(histogram),
          frames,
          quickGaps,
          closedEarly,
          silent,
          clients: ready,
          sample,
        },
        () => {
          for (const ws of sockets) ws.terminate();
          process.exit(0);
        },
      );
    }
  });
}

// ---- parent --------------------------------------------------------------------------------------

function cpuTicks(pid) {
  // /proc/<pid>/stat: fields 14 and 15 are utime and stime in clock ticks (after the ")" of comm).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

function clockTicksPerSecond() {
  return new Promise((resolve) => {
    const child = spawn('getconf', ['CLK_TCK'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', () => resolve(Number.parseInt(out, 10) || 100));
    child.on('error', () => resolve(100));
  });
}

function percentile(histogram, total, p) {
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms];
    if (seen >= rank) return ms;
  }
  return histogram.length - 1;
}

async function startServer(port, dataDir) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: ROOT,
    TEST_CLOCK_START: CLOCK_START,
    LOG_LEVEL: 'warn',
    // One session and one address serve every bench client.
    STREAM_MAX_PER_SESSION: '1000000',
    STREAM_MAX_PER_IP: '1000000',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.REMOTES_JSON;
  delete env.NODE_ENV;
  // A shell raises the descriptor limit first (one per socket), then becomes the server (exec).
  const child = spawn(
    'bash',
    ['-c', `ulimit -n $(ulimit -Hn) 2>/dev/null; exec "${process.execPath}" server/dist/main.js`],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}): ${log.slice(-2000)}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 90 s');
    await sleep(200);
  }
  return { child, base, log: () => log };
}

/**
 * The test clock's offset (server clock − wall clock) from the server's own start-up line: both instants are read
 * together.
 */
function offsetFromLog(log) {
  for (const line of log.split('\n')) {
    if (!line.includes('TEST CLOCK')) continue;
    try {
      const entry = JSON.parse(line);
      if (typeof entry.time === 'number' && typeof entry.now === 'string') return Date.parse(entry.now) - entry.time;
    } catch {
      // not JSON
    }
  }
  return undefined;
}

async function form(base, route, fields, headers = {}) {
  const response = await fetch(`${base}/api/vue${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return response.json();
}

/**
 * The floor for comparison: a bare `ws` server (no application: no auth lookup, no subscriptions,
 * no quotes) that writes one pre-built frame of the same size to every socket once a second.
 */
function bareServer() {
  const { WebSocketServer } = require('ws');
  const { port, sample } = JSON.parse(process.argv[3]);
  const quotes = JSON.stringify(JSON.parse(sample).quotes);
  const wss = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false, maxPayload: 16 * 1024 });
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const op = JSON.parse(data.toString()).op;
      if (op === 'auth') ws.send('{"type":"ready"}');
      else if (op === 'sub') ws.send(`{"type":"snapshot","quotes":${quotes}}`);
    });
  });
  setInterval(() => {
    const frame = Buffer.from(`{"type":"ticks","time":"${new Date().toISOString()}","quotes":${quotes}}`);
    for (const ws of wss.clients) ws.send(frame, { binary: false });
  }, 1000);
  wss.on('listening', () => process.send({ type: 'listening' }));
}

/** Opens the client processes against `url`, records for `seconds`, answers the figures. */
async function measure({ url, token, account, offsetMs, serverPid, clients, workers, codesPerClient, seconds }) {
  const children = [];
  try {
    const started = Date.now();
    const progress = new Array(workers).fill(0);
    const readies = [];
    for (let w = 0; w < workers; w += 1) {
      const count = Math.floor(clients / workers) + (w < clients % workers ? 1 : 0);
      const args = JSON.stringify({ url, token, account, count, codesPerClient, offsetMs, seed: 0x9e3779b9 * (w + 1) });
      const child = spawn(
        'bash',
        ['-c', `ulimit -n $(ulimit -Hn) 2>/dev/null; exec "${process.execPath}" "${SELF}" --client '${args}'`],
        { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
      );
      children.push(child);
      readies.push(
        new Promise((resolve, reject) => {
          child.on('message', (message) => {
            if (message.type === 'progress') progress[w] = message.ready;
            if (message.type === 'ready') resolve(message);
          });
          child.on('exit', (code) =>
            reject(new Error(`client process ${w} exited (${code}) before its sockets were ready`)),
          );
        }),
      );
    }
    const ticker = setInterval(
      () => process.stdout.write(`\r  connecting: ${progress.reduce((a, b) => a + b, 0)} / ${clients} ready`),
      1000,
    );
    const ready = await Promise.all(readies).finally(() => clearInterval(ticker));
    const connected = ready.reduce((sum, r) => sum + r.ready, 0);
    const refused = ready.reduce((sum, r) => sum + r.failed, 0);
    process.stdout.write('\n');
    const rampSeconds = (Date.now() - started) / 1000;

    // Settle, then record for `seconds`.
    await sleep(3000);
    const hz = await clockTicksPerSecond();
    for (const child of children) child.send({ type: 'record' });
    const cpuBefore = cpuTicks(serverPid);
    const wallBefore = process.hrtime.bigint();
    await sleep(seconds * 1000);
    const cpuAfter = cpuTicks(serverPid);
    const wallSeconds = Number(process.hrtime.bigint() - wallBefore) / 1e9;
    const results = await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            child.once('message', resolve);
            child.send({ type: 'stop' });
          }),
      ),
    );
    const histogram = new Array(BUCKETS).fill(0);
    const sum = { frames: 0, quickGaps: 0, closedEarly: 0, silent: 0 };
    let sample;
    for (const r of results) {
      r.histogram.forEach((n, i) => (histogram[i] += n));
      for (const key of Object.keys(sum)) sum[key] += r[key];
      sample ??= r.sample;
    }
    const share = (ticks) => (ticks / hz / wallSeconds) * 100;
    const user = share(cpuAfter.user - cpuBefore.user);
    const system = share(cpuAfter.system - cpuBefore.system);
    return {
      connected,
      refused,
      rampSeconds,
      wallSeconds,
      sample,
      ...sum,
      cpu: { user, system, total: user + system },
      p50: percentile(histogram, sum.frames, 50),
      p99: percentile(histogram, sum.frames, 99),
      max: percentile(histogram, sum.frames, 100),
      perClient: sum.frames / Math.max(1, connected) / wallSeconds,
    };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await sleep(500);
  }
}

function printRound(r) {
  console.log(
    `  server CPU: ${r.cpu.total.toFixed(1)} % of one core ` +
      `(user ${r.cpu.user.toFixed(1)} %, kernel ${r.cpu.system.toFixed(1)} %)`,
  );
  console.log(`  delivery delay: p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms over ${r.frames} frames`);
  console.log(
    `  frames per client per second: ${r.perClient.toFixed(3)}; ` +
      `arrivals < 900 ms after the same client's previous one: ${r.quickGaps}; ` +
      `clients without a frame: ${r.silent}; sockets closed in the window: ${r.closedEarly}`,
  );
}

async function stop(child) {
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

async function main() {
  const clients = Number.parseInt(process.env.STREAM_BENCH_CLIENTS ?? '10000', 10);
  const seconds = Number.parseInt(process.env.STREAM_BENCH_SECONDS ?? '30', 10);
  const workers = Number.parseInt(process.env.STREAM_BENCH_WORKERS ?? '4', 10);
  const codesPerClient = Number.parseInt(process.env.STREAM_BENCH_CODES ?? '3', 10);
  const shape = { clients, workers, codesPerClient, seconds };
  console.log('# Quote fan-out (WebSocket /api/vue/stream)');
  console.log(
    `How: the built server (server/dist/main.js, embedded PGlite) on the test clock from ${CLOCK_START} (Tokyo open);`,
  );
  console.log(
    `${clients} WebSocket clients from ${workers} client processes on 127.0.0.1, ` +
      `one logged-in session, each following ${codesPerClient} random`,
  );
  console.log(
    `Tokyo codes (of ${JPY_CODES.length}) in a random language; ` +
      `ramp-up in waves of 100 per process, 3 s settle, then ${seconds} s recorded.`,
  );
  console.log(
    'Server CPU = utime + stime of the server process (/proc/<pid>/stat) over the window ÷ wall time, ' +
      'as % of one core.',
  );
  console.log(
    'Delay = arrival (Date.now() in the client process) − ' +
      'the frame\'s "time" (the server clock when its fan-out began),',
  );
  console.log(
    "corrected by the test clock's offset, read from the server's start-up log line (it logs both clocks at once).",
  );
  if (!existsSync(path.join(ROOT, 'server/dist/main.js'))) {
    console.log('server/dist/main.js is missing: run `npm run build -w shared -w server` first. Nothing measured.');
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kabu-stream-bench-'));
  let server;
  let bare;
  try {
    const port = await freePort();
    server = await startServer(port, dataDir);
    const offsetMs = offsetFromLog(server.log());
    if (offsetMs === undefined) {
      console.log('The server did not log its TEST CLOCK line: delays cannot be measured. Nothing measured.');
      return;
    }
    const account = `09${String(Date.now()).slice(-8)}`;
    const password = 'bench horse 7';
    const registered = await form(server.base, '/user/register', {
      account,
      email: 'bench@example.com',
      password,
      password2: password,
      invite_code: '',
      agree: '1',
    });
    if (registered.status !== 1) throw new Error(`register refused: ${registered.msg}`);
    const login = await form(server.base, '/user/login', { account, password });
    if (login.status !== 1) throw new Error(`login refused: ${login.msg}`);

    const app = await measure({
      url: `ws://127.0.0.1:${port}/api/vue/stream`,
      token: login.data.token,
      account,
      offsetMs,
      serverPid: server.child.pid,
      ...shape,
    });
    await stop(server.child);
    console.log(
      `\n## The app: ${app.connected} sockets authenticated and subscribed in ${app.rampSeconds.toFixed(1)} s ` +
        `(${app.refused} refused or closed); window ${app.wallSeconds.toFixed(1)} s`,
    );
    printRound(app);

    // The same clients against a bare ws server writing same-sized frames: the kernel's share.
    let floor;
    if (app.sample) {
      const barePort = await freePort();
      bare = spawn(
        'bash',
        [
          '-c',
          `ulimit -n $(ulimit -Hn) 2>/dev/null; ` +
            `exec "${process.execPath}" "${SELF}" --bare-server ` +
            `'${JSON.stringify({ port: barePort, sample: app.sample }).replace(/'/g, "'\\''")}'`,
        ],
        { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
      );
      await new Promise((resolve, reject) => {
        bare.once('message', resolve);
        bare.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
      });
      floor = await measure({
        url: `ws://127.0.0.1:${barePort}/`,
        token: 'bare',
        account: 'bare',
        offsetMs: 0,
        serverPid: bare.pid,
        ...shape,
      });
      console.log(
        `\n## Floor: a bare ws server (no app logic) ` +
          `writing the same ${Buffer.byteLength(app.sample)}-byte frame to every socket each second`,
      );
      printRound(floor);
    }

    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `\nMachine: ${os.cpus().length} cores, load average ${load} ` +
        `(shared with other work; the client processes run on the same cores, ` +
        `so their own scheduling delays are part of the measured delay).`,
    );
    if (floor)
      console.log(
        `App ÷ floor: CPU ${(app.cpu.total / Math.max(0.1, floor.cpu.total)).toFixed(2)}×, ` +
          `p99 ${(app.p99 / Math.max(1, floor.p99)).toFixed(2)}×`,
      );
    console.log(
      `Target server CPU ≤ 15 % of one core: ${app.cpu.total <= 15 ? 'met' : 'missed'} (${app.cpu.total.toFixed(1)} %)`,
    );
    console.log(`Target p99 delivery ≤ 150 ms: ${app.p99 <= 150 ? 'met' : 'missed'} (${app.p99} ms)`);
    console.log(
      `Target one frame per client per second: ` +
        `${app.perClient <= 1.001 && app.perClient >= 0.95 ? 'met' : 'missed'} (${app.perClient.toFixed(3)})`,
    );
  } catch (error) {
    console.log(`  not measured: ${error.message}`);
  } finally {
    await stop(server?.child);
    await stop(bare);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--client') {
  clientProcess().catch((error) => {
    console.error(`client process: ${error.message}`);
    process.exit(1);
  });
} else if (process.argv[2] === '--bare-server') {
  bareServer();
} else {
  main().catch((error) => {
    console.log(`stream fan-out bench: ${error.message}`);
  });
}
