/**
 * Shared by the stock-page, interaction and chart benches (issue 15): the built server on a test clock inside Tokyo
 * hours with a bootstrap administrator, investors made through the API (registered, logged in, funded the way
 * e2e/support/trading.ts `fundInvestor` does: identity and JPY deposit approved by the back office), the session put
 * into localStorage before the app's scripts run (as e2e/support/app.ts `storeSession`), real mobile throttling
 * through CDP, the bare React pages built and served, percentiles and the load-average line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, serveStatic } from './serve.mjs';
import { CHROMIUM_ARGS as MEASURE_ARGS } from './measure.mjs';
import { atMost, verdict } from './stats.cjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Tuesday 24 November 2026, 10:00 JST: Tokyo trades for the next 90 minutes of clock time (as chart.bench.mjs). */
export const CLOCK_START = '2026-11-24T01:00:00.000Z';
const ADMIN_ACCOUNT = '0900000001';
const ADMIN_PASSWORD = 'Admin-bench-stock-1';
export const BUILD_MARKERS = [
  'server/dist/main.js',
  'shell/dist/index.html',
  'mf-trade/dist/mf-manifest.json',
  'mf-account/dist/mf-manifest.json',
];

/** Lighthouse's mobile profile (slow 4G, 4× CPU), applied for real through CDP as bench/lib/measure.mjs coldLoad. */
export const MOBILE = { latencyMs: 150, downloadKbps: 1638.4 * 0.9, uploadKbps: 675 * 0.9, cpuSlowdown: 4 };
export const MOBILE_TEXT = 'slow 4G (150 ms RTT, 1.47 Mbit/s down, 0.6 Mbit/s up) and 4× CPU, through CDP';

/** measure.mjs's flags, and timers and rendering kept at full speed while the page is measured. */
export const CHROMIUM_ARGS = [
  ...MEASURE_ARGS,
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
];

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  serviceWorkers: 'block',
  locale: 'en',
};

export const log = (line = '') => process.stdout.write(`${line}\n`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const fmt = (v, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
export const loadLine = () =>
  `machine: ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ')} (1/5/15 min): shared with other work, absolute times mean little; the ratios compare figures ` +
  'taken in the same run';
/** A goal line: figure, reference, ratio and verdict. */
export const goalLine = (name, value, limit, unit = 'ms') =>
  `  ${name.padEnd(46)} ${fmt(value, unit === '×' ? 2 : 0)}${unit === '×' ? '×' : ` ${unit}`} ` +
  `(goal ≤ ${limit}${unit === '×' ? '×' : ` ${unit}`}): ${verdict(atMost(value, limit))}`;

export function missingBuild() {
  return BUILD_MARKERS.filter((m) => !existsSync(path.join(ROOT, m)));
}

/**
 * The built server on a free port, fresh data, the test clock and a bootstrap administrator. On a loaded machine its
 * database plugin may miss the server's own start-up timeout: then it is started again (three tries).
 */
export async function startServer(extraEnv = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(extraEnv);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`  (the server did not start, try ${attempt}: ${String(error.message).slice(0, 160)}; starting it again)`);
    }
  }
}

async function startServerOnce(extraEnv) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kabu-stock-bench-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    WEB_ROOT: ROOT,
    TEST_CLOCK_START: CLOCK_START,
    ADMIN_ACCOUNT,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'REMOTES_JSON', 'NODE_ENV', 'UPLOADS_DIR', 'SMTP_URL']) delete env[k];
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`the server exited: ${stderr}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 90 s');
    await sleep(300);
  }
  return {
    base,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** POST /api/vue<route> form-encoded (multipart when `files`), as `session` when given; the JSON answer. */
export async function api(base, route, body, session, { files, idempotent } = {}) {
  const headers = session ? { token: session.token, account: session.account } : {};
  if (idempotent) headers['idempotency-key'] = randomUUID();
  let payload;
  if (files) {
    payload = new FormData();
    for (const [k, v] of Object.entries(body)) payload.append(k, v);
    for (const [k, f] of Object.entries(files)) payload.append(k, new Blob([f.bytes], { type: f.type }), f.name);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body).toString();
  }
  const res = await fetch(`${base}/api/vue${route}`, { method: 'POST', headers, body: payload });
  return res.json();
}

async function ok(base, route, body, session, options) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await api(base, route, body, session, options);
    if (answer.status === 1) return answer.data;
    // Money calls are limited to one per action every 2 s per user.
    if (attempt < 4 && String(answer.msg).includes('too_frequent')) {
      await sleep(2_200);
      continue;
    }
    throw new Error(`POST ${route}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
}

/** A registered investor's session ({ token, account, is_admin }), as the register answer gives it. */
export async function registerInvestor(base, tag = 'bench') {
  const account = `09${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
  const password = `Bench-${Math.random().toString(36).slice(2, 10)}`;
  const reg = await api(base, '/user/register', {
    account,
    email: `${tag}-${account}@example.test`,
    password,
    password2: password,
    invite_code: '',
    agree: '1',
  });
  if (reg.status !== 1 || !reg.data?.token) throw new Error(`register refused: ${JSON.stringify(reg)}`);
  return { token: reg.data.token, account: reg.data.account ?? account, is_admin: reg.data.is_admin ?? '' };
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function totp(secret) {
  let bits = 0;
  let value = 0;
  const key = [];
  for (const c of secret.replace(/=+$/, '')) {
    value = (value << 5) | BASE32.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      key.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', Buffer.from(key)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The bootstrap administrator's session: a fresh server makes it enrol an authenticator (decision 0027). */
async function adminSession(base) {
  const login = await api(base, '/user/login', { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  let data = login.data;
  if (login.status === 1 && data?.second_factor === 'enrol') {
    const enrol = await ok(base, '/user/loginEnrolTotp', { challenge: data.challenge });
    data = await ok(base, '/user/loginSecondFactor', { challenge: data.challenge, code: totp(enrol.secret) });
  }
  if (!data?.token) throw new Error(`the administrator cannot log in: ${JSON.stringify(login)}`);
  return { token: data.token, account: ADMIN_ACCOUNT };
}

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQ' +
    'CgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

async function approve(base, admin, kind, account) {
  const [list, review] = {
    realname: ['/admin/realnames', '/admin/realnameReview'],
    deposit: ['/admin/deposits', '/admin/depositReview'],
  }[kind];
  const rows = (await ok(base, list, { status: 'pending' }, admin)).list.filter((r) => r.account === account);
  if (rows.length !== 1) throw new Error(`${list}: ${rows.length} pending items of ${account}`);
  await ok(base, review, { id: String(rows[0].id), action: 'approve' }, admin);
}

/** A verified investor with `yen` JPY, as e2e/support/trading.ts fundInvestor makes one (API and back office). */
export async function fundedInvestor(base, yen = 500_000) {
  const investor = await registerInvestor(base, 'funded');
  const admin = await adminSession(base);
  const png = { bytes: TINY_PNG, type: 'image/png', name: 'id-front.png' };
  const jpg = (name) => ({ bytes: TINY_JPEG, type: 'image/jpeg', name });
  await ok(
    base,
    '/user/realname',
    { name: 'Taro Yamada', id_number: `ID-${investor.account}`, privacy: '1' },
    investor,
    { files: { front: png, back: jpg('id-back.jpg') } },
  );
  await approve(base, admin, 'realname', investor.account);
  await ok(
    base,
    '/user/bankAdd',
    {
      holder_name: 'Taro Yamada',
      card_number: `62${investor.account}`,
      card_type: 'ordinary',
      bank_name: 'Mizuho Bank',
      branch_name: 'Tokyo Main Office',
      branch_code: '001',
    },
    investor,
  );
  const channel = (await ok(base, '/funds/channels', { lang: 'us' }, investor)).channels.find(
    (c) => c.currency === 'JPY',
  );
  if (!channel) throw new Error('no JPY deposit channel');
  await ok(base, '/funds/deposit', { amount: String(yen), currency: 'JPY', channel_id: channel.id }, investor, {
    files: { proof: jpg('transfer-proof.jpg') },
    idempotent: true,
  });
  await approve(base, admin, 'deposit', investor.account);
  return investor;
}

/** A phone-sized context whose pages hold `session` in localStorage before any script runs (English). */
export async function sessionContext(browser, base, session, options = {}) {
  const context = await browser.newContext({ ...PHONE, baseURL: base, ...options });
  await context.addInitScript((s) => {
    if (location.pathname.startsWith('/api/')) return;
    localStorage.setItem('token', s.token);
    localStorage.setItem('account', s.account);
    localStorage.setItem('is_admin', s.is_admin ?? '');
    localStorage.setItem('language', 'us');
  }, session);
  return context;
}

/** Slow 4G and/or 4× CPU on a page, through CDP; answers the CDP session. */
export async function throttle(context, page, { network = true, cpu = MOBILE.cpuSlowdown } = {}) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (network)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: (MOBILE.downloadKbps * 1024) / 8,
      uploadThroughput: (MOBILE.uploadKbps * 1024) / 8,
    });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return cdp;
}

/**
 * The bare React page of `npm run bench` (bench/bare-react), built as run.mjs builds it when its dist is missing, and
 * a variant with one button toggling state (the interaction reference), built into bench/artifacts/inp-bare; both
 * served as a static host. Answers { url, toggleUrl, stop }.
 */
export async function bareReact({ toggle = false } = {}) {
  const bareDir = path.join(ROOT, 'bench/bare-react');
  const webpack = path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js');
  const build = (config, dist) => {
    if (existsSync(path.join(dist, 'index.html'))) return;
    const r = spawnSync(process.execPath, [webpack, '--config', config], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`building ${path.relative(ROOT, config)} failed:\n${r.stdout}${r.stderr}`);
  };
  build(path.join(bareDir, 'webpack.config.cjs'), path.join(bareDir, 'dist'));
  const bare = await serveStatic(path.join(bareDir, 'dist'));
  let tog;
  if (toggle) {
    const dist = path.join(ROOT, 'bench/artifacts/inp-bare');
    build(path.join(ROOT, 'bench/lib/inp-bare.webpack.cjs'), dist);
    tog = await serveStatic(dist);
  }
  return {
    url: `${bare.url}/`,
    toggleUrl: tog ? `${tog.url}/` : undefined,
    stop: async () => {
      await bare.stop();
      await tog?.stop();
    },
  };
}
