/**
 * The WebSocket client swarm of the fan-out bench: client processes that each open, authenticate and
 * subscribe a share of the sockets and record the delivery delay of every ticks frame, and the parent
 * side that starts them, records a window and sums their figures with the server's CPU time.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(ROOT, 'server/package.json'));
export const JPY_CODES = [
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
export async function clientProcess() {
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

/**
 * A process's CPU over `seconds` with nothing else asked of it (the app with no clients: its simulator, jobs and
 * timers), as % of one core, user and kernel apart.
 */
export async function idleCpu(pid, seconds) {
  const hz = await clockTicksPerSecond();
  const before = cpuTicks(pid);
  const start = process.hrtime.bigint();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = cpuTicks(pid);
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const share = (ticks) => (ticks / hz / wall) * 100;
  const user = share(after.user - before.user);
  const system = share(after.system - before.system);
  return { user, system, total: user + system, wallSeconds: wall };
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

/**
 * Opens the client processes against `url` (`script --client <args>`: the bench script, which runs
 * clientProcess then), records for `seconds`, answers the figures.
 */
export async function measure({
  script,
  url,
  token,
  account,
  offsetMs,
  serverPid,
  clients,
  workers,
  codesPerClient,
  seconds,
}) {
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
        ['-c', `ulimit -n $(ulimit -Hn) 2>/dev/null; exec "${process.execPath}" "${script}" --client '${args}'`],
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
