#!/usr/bin/env node
/**
 * `npm run bench`: prints figures, never fails on them.
 *  - initial JavaScript per app (bytes gzip),
 *  - remote manifests/entries fetched before first paint on a cold load of #/login/start,
 *  - Lighthouse 13 (default mobile config: simulated slow 4G and 4x CPU) of #/login/start, median
 *    of BENCH_RUNS (5) per figure, next to a bare React 19 page built and measured in the same run,
 * then the targets with met/missed, each a ratio to the bare page's figure of the same run (TBT <= max(1.5x bare,
 * bare + 50 ms), LCP <= 1.0x bare, score within 2 points of bare), printed with Lighthouse's benchmarkIndex and the
 * load average. Writes bench/artifacts/bench-<time>.json (and latest.json).
 * Chromium: CHROME_PATH, else /usr/bin/chromium, installed as `npm test` does (scripts/lib/chromium.mjs); the
 * resolved path goes to every bench script through CHROME_PATH.
 * Env: CHROME_PATH (default /usr/bin/chromium), BENCH_RUNS (default 5), BENCH_ONLY, BENCH_SKIP_BUILD=1 (no rebuild
 * of stale packages, only of missing ones).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, REMOTE_FOLDERS, root } from '../scripts/lib/build-state.mjs';
import { ensureChromium } from '../scripts/lib/chromium.mjs';
import { pageTouchLine } from './lib/machine.mjs';
import { coldLoad, lighthouseRuns, loadAverage, medianRun } from './lib/measure.mjs';
import { serveStatic, startApp } from './lib/serve.mjs';
import { htmlScripts, remoteInitialFiles, sumGzip } from './lib/sizes.mjs';
import { atMost, median, pageLoadGoals, ratio, verdict } from './lib/stats.cjs';

/** BENCH_SKIP_BUILD=1: measure the build as it is (builds only what is missing), e.g. while sources are edited. */
const onlyMissing = process.env.BENCH_SKIP_BUILD === '1';
/** Set by all() before any bench runs (ensureChromium). */
let chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.BENCH_RUNS || 5));
const artifacts = path.join(root, 'bench/artifacts');
const bareDir = path.join(root, 'bench/bare-react');
const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;
const KB = 1024;

/** Issue 15: every time goal is a ratio to the bare React page measured in the same run. */
const TARGETS = {
  shellInitialJsKb: 175,
  remoteEntriesBeforePaint: 1,
  lcpRatioToBare: 1.0,
  tbtRatioToBare: 1.5,
  tbtOverBareMs: 50,
  scorePointsBelowBare: 2,
  cls: 0.01,
};

const log = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');
/** A ratio as "1.23x"; "n/a" where there is none (a bare figure of 0). */
const times = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : 'n/a');
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

async function main() {
  if (!buildIfNeeded({ log, onlyMissing })) throw new Error('The build failed; nothing to measure.');
  const loadAtStart = os.loadavg();
  log(`Load average at start (1/5/15 min): ${loadAverage(loadAtStart)} on ${os.cpus().length} cores`);
  log('Building the bare React page (bench/bare-react)...');
  const bare = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--config', path.join(bareDir, 'webpack.config.cjs')],
    { cwd: root, encoding: 'utf8' },
  );
  if (bare.status !== 0) throw new Error(`Building bench/bare-react failed:\n${bare.stdout}${bare.stderr}`);

  mkdirSync(artifacts, { recursive: true });
  const app = await startApp(root, path.join(artifacts, 'server.log'));
  const bareServer = await serveStatic(path.join(bareDir, 'dist'));
  const appUrl = `${app.url}/#/login/start`;
  const bareUrl = `${bareServer.url}/`;
  try {
    log(`Cold loads in Chromium under mobile throttling (${appUrl})...`);
    const loads = [];
    for (let i = 0; i < 3; i += 1) loads.push(await coldLoad(chromePath, appUrl));
    const bareLoad = await coldLoad(chromePath, bareUrl);

    // Initial JS: the shell's index.html scripts plus its own chunks requested before first paint
    // (async boundary, shared React, ...) on a throttled cold load.
    const shellDist = path.join(root, 'shell/dist');
    const shellObserved = loads
      .flatMap((l) => l.jsBeforePaint)
      .filter((p) => !p.startsWith('/remotes/'))
      .map((p) => p.replace(/^\//, ''));
    const shellHtmlOnly = sumGzip(shellDist, htmlScripts(shellDist));
    const sizes = {
      shell: sumGzip(shellDist, [...htmlScripts(shellDist), ...shellObserved]),
      ...Object.fromEntries(
        REMOTE_FOLDERS.map((folder) => {
          const dist = path.join(root, folder, 'dist');
          try {
            return [folder, sumGzip(dist, remoteInitialFiles(dist))];
          } catch (error) {
            return [folder, { files: [], bytes: Number.NaN, error: error.message }];
          }
        }),
      ),
      'bare-react': sumGzip(path.join(bareDir, 'dist'), htmlScripts(path.join(bareDir, 'dist'))),
    };
    const remoteEntries = median(loads.map((l) => l.remoteEntriesBeforePaint));

    log(`Lighthouse ${lighthouseVersion}: ${runs} runs each of the app and the bare page (alternating)...`);
    const appRuns = [];
    const bareRuns = [];
    for (let i = 0; i < runs; i += 1) {
      appRuns.push(...(await lighthouseRuns(chromePath, appUrl, 1)));
      bareRuns.push(...(await lighthouseRuns(chromePath, bareUrl, 1)));
      const [a, b] = [appRuns.at(-1), bareRuns.at(-1)];
      log(
        `  run ${i + 1}/${runs}: app LCP ${fmt(a.lcp)} ms TBT ${fmt(a.tbt)} ms (index ${fmt(a.benchmarkIndex)}), ` +
          `bare LCP ${fmt(b.lcp)} ms TBT ${fmt(b.tbt)} ms (index ${fmt(b.benchmarkIndex)})`,
      );
    }
    const appLh = medianRun(appRuns);
    const bareLh = medianRun(bareRuns);
    const loadAtEnd = os.loadavg();
    const range = (list, key, digits = 0) => {
      const values = list.map((r) => r[key]).filter(Number.isFinite);
      return values.length ? `${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)}` : 'n/a';
    };

    // Report.
    log('\nInitial JavaScript (gzip)');
    log(`  ${pad('app', 14)}${lpad('bytes', 10)}${lpad('KB', 10)}  files`);
    for (const [name, s] of Object.entries(sizes)) {
      log(
        `  ${pad(name, 14)}${lpad(Number.isFinite(s.bytes) ? s.bytes : 'n/a', 10)}` +
          `${lpad(Number.isFinite(s.bytes) ? (s.bytes / KB).toFixed(1) : 'n/a', 10)}` +
          `  ${s.error ?? s.files.join(', ')}`,
      );
    }
    log(
      `  (shell: ${kb(shellHtmlOnly.bytes)} in index.html's scripts; ` +
        `the rest is chunks it requests before first paint)`,
    );
    log(
      `\nRemote entries fetched before first paint ` +
        `(cold load of #/login/start, median of ${loads.length}): ${remoteEntries}`,
    );
    for (const url of loads[0].remoteRequests) log(`  ${url}`);
    log(
      `  first contentful paint (slow 4G, 4x CPU, real throttling): ` +
        `app ${fmt(median(loads.map((l) => l.fcpMs)))} ms, bare ${fmt(bareLoad.fcpMs)} ms`,
    );

    log(
      `\nLighthouse ${lighthouseVersion}, mobile, simulated throttling, ` +
        `median of ${runs} (#/login/start vs bare React 19)`,
    );
    log(`  ${pad('metric', 10)}${lpad('app', 10)}${lpad('bare', 10)}${lpad('ratio', 8)}`);
    const rows = [
      ['FCP ms', appLh.fcp, bareLh.fcp, 0],
      ['LCP ms', appLh.lcp, bareLh.lcp, 0],
      ['TBT ms', appLh.tbt, bareLh.tbt, 0],
      ['CLS', appLh.cls, bareLh.cls, 3],
      ['score', appLh.score, bareLh.score, 0],
    ];
    for (const [name, a, b, digits] of rows)
      log(`  ${pad(name, 10)}${lpad(fmt(a, digits), 10)}${lpad(fmt(b, digits), 10)}${lpad(fmt(ratio(a, b), 2), 8)}`);
    log(`  app TBT over the ${appRuns.length} runs: ${range(appRuns, 'tbt')} ms (bare: ${range(bareRuns, 'tbt')} ms)`);
    log(
      `  Lighthouse benchmarkIndex (machine speed, higher is faster): app runs median ` +
        `${fmt(appLh.benchmarkIndex)} (${range(appRuns, 'benchmarkIndex')}), bare runs median ` +
        `${fmt(bareLh.benchmarkIndex)} (${range(bareRuns, 'benchmarkIndex')})`,
    );
    log(`  load average (1/5/15 min): ${loadAverage(loadAtStart)} at start, ${loadAverage(loadAtEnd)} at end`);

    const goals = pageLoadGoals(appLh, bareLh, {
      lcpRatio: TARGETS.lcpRatioToBare,
      tbtRatio: TARGETS.tbtRatioToBare,
      tbtOverMs: TARGETS.tbtOverBareMs,
      scorePoints: TARGETS.scorePointsBelowBare,
    });
    // Time goals against the bare page of the same run: goal, app, reference, ratio, verdict.
    const relative = [
      {
        target: `LCP <= ${TARGETS.lcpRatioToBare.toFixed(1)}x bare`,
        app: `${fmt(appLh.lcp)} ms`,
        reference: `${fmt(bareLh.lcp)} ms`,
        ratio: times(goals.lcp.ratio),
        met: goals.lcp.met,
      },
      {
        target:
          `TBT <= max(${TARGETS.tbtRatioToBare}x bare, bare + ${TARGETS.tbtOverBareMs} ms) = ` +
          `${fmt(goals.tbt.limit)} ms`,
        app: `${fmt(appLh.tbt)} ms`,
        reference: `${fmt(bareLh.tbt)} ms`,
        ratio: times(goals.tbt.ratio),
        met: goals.tbt.met,
      },
      {
        target: `score >= bare - ${TARGETS.scorePointsBelowBare} = ${fmt(goals.score.limit)}`,
        app: fmt(appLh.score),
        reference: fmt(bareLh.score),
        ratio: times(goals.score.ratio),
        met: goals.score.met,
      },
    ];
    log('\nGoals against bare React in this run (Lighthouse medians)');
    log(`  ${pad('goal', 50)}${lpad('app', 10)}${lpad('bare', 10)}${lpad('ratio', 8)}  verdict`);
    for (const t of relative)
      log(`  ${pad(t.target, 50)}${lpad(t.app, 10)}${lpad(t.reference, 10)}${lpad(t.ratio, 8)}  ${verdict(t.met)}`);

    const targets = [
      {
        target: `shell initial JS <= ${TARGETS.shellInitialJsKb} KB gzip`,
        value: kb(sizes.shell.bytes),
        met: atMost(sizes.shell.bytes, TARGETS.shellInitialJsKb * KB),
      },
      {
        target: `<= ${TARGETS.remoteEntriesBeforePaint} remote entry before first paint`,
        value: String(remoteEntries),
        met: atMost(remoteEntries, TARGETS.remoteEntriesBeforePaint),
      },
      ...relative.map((t) => ({ target: t.target, value: `${t.app} (${t.ratio})`, met: t.met })),
      { target: `CLS <= ${TARGETS.cls}`, value: fmt(appLh.cls, 3), met: atMost(appLh.cls, TARGETS.cls) },
    ];
    log('\nTargets');
    for (const t of targets) log(`  ${pad(t.target, 52)}${pad(t.value, 20)}${verdict(t.met)}`);

    const warnings = [...new Set([...appRuns, ...bareRuns].flatMap((r) => r.warnings ?? []))];
    if (warnings.length) log(`\nLighthouse warnings:\n  ${warnings.join('\n  ')}`);

    const report = {
      time: new Date().toISOString(),
      lighthouseVersion,
      chromium: spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim(),
      runs,
      urls: { app: appUrl, bare: bareUrl },
      initialJsGzip: { ...sizes, shellIndexHtmlScriptsOnly: shellHtmlOnly },
      remoteEntriesBeforePaint: { median: remoteEntries, loads },
      bareColdLoad: bareLoad,
      lighthouse: {
        app: { median: appLh, runs: appRuns },
        bare: { median: bareLh, runs: bareRuns },
        lcpRatio: goals.lcp.ratio,
        tbtRatio: goals.tbt.ratio,
        tbtLimitMs: goals.tbt.limit,
        scoreLimit: goals.score.limit,
      },
      loadAverage: { start: loadAtStart, end: loadAtEnd, cores: os.cpus().length },
      goalsAgainstBare: relative,
      targets,
    };
    const file = path.join(artifacts, `bench-${report.time.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(report, null, 2));
    writeFileSync(path.join(artifacts, 'latest.json'), JSON.stringify(report, null, 2));
    log(`\nReport: ${path.relative(root, file)}`);
  } finally {
    await bareServer.stop();
    await app.stop();
  }
}

/**
 * The other benches, each a standalone script that prints its own figures and method:
 * bench/orders.bench.mjs (order placements/s, p50/p99 at 64 connections on PostgreSQL and PGlite,
 * next to the bare SQL), bench/stream-fanout.bench.mjs (10,000 WebSocket clients at one frame/s),
 * bench/chart.bench.mjs (stock-detail chart under 4× CPU throttling), bench/draw.bench.mjs (the new-share
 * draw at 10k, 100k and 1M applications on PostgreSQL next to a bare UPDATE of the same rows),
 * bench/accrual.bench.mjs (copy trading's nightly accrual at 10k, 100k and 1M follow orders, likewise),
 * bench/matcher.bench.mjs (one matcher pass per tick at 10k and 100k waiting orders and one alerts pass over 10k
 * alerts, next to a bare SELECT of the same rows), bench/open.bench.mjs (10k and 100k orders queued overnight filled
 * at the open, next to one bare set-based SQL per write of the same fills), bench/expiry.bench.mjs (orders:expire over
 * 10k and 100k waiting orders after the close, next to one bare SQL of the same writes). They run after the page-load
 * bench, one at a time; BENCH_ONLY=pageload,orders,stream,chart,draw,accrual,matcher,open,expiry picks some.
 */
const SUITES = [
  { name: 'orders', script: 'orders.bench.mjs', title: 'Order placement throughput' },
  { name: 'stream', script: 'stream-fanout.bench.mjs', title: 'Quote fan-out to 10,000 WebSocket clients' },
  { name: 'chart', script: 'chart.bench.mjs', title: 'Stock-detail chart under 4x CPU throttling' },
  { name: 'draw', script: 'draw.bench.mjs', title: 'New-share draw at 10k, 100k and 1M applications' },
  { name: 'accrual', script: 'accrual.bench.mjs', title: 'Copy-trading accrual at 10k, 100k and 1M follow orders' },
  { name: 'matcher', script: 'matcher.bench.mjs', title: 'Matcher per tick at 10k and 100k orders; 10k price alerts' },
  { name: 'open', script: 'open.bench.mjs', title: 'The open: 10k and 100k queued orders filled' },
  { name: 'expiry', script: 'expiry.bench.mjs', title: 'Order expiries at the close: 10k and 100k waiting orders' },
  { name: 'login', script: 'login.bench.mjs', title: 'Login and fund password: tap to screen vs the password hash' },
  { name: 'stockpage', script: 'stockpage.bench.mjs', title: 'Stock page, cold and warm: price and chart' },
  { name: 'inp', script: 'inp.bench.mjs', title: 'Interaction to next paint: the trade sheet at 4x CPU' },
];
const only = (process.env.BENCH_ONLY || '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const wanted = (name) => only.length === 0 || only.includes(name);

/** The benches that drive Chromium; the others run without it. */
const BROWSER_SUITES = ['pageload', 'chart', 'login', 'stockpage', 'inp'];

async function all() {
  // Before anything is started: what once-a-second work costs on this machine (bench/lib/machine.mjs).
  log(await pageTouchLine());
  if (BROWSER_SUITES.some(wanted)) {
    // Installs Chromium as `npm test` does, or names the fix and exits; every bench script gets the path.
    chromePath = ensureChromium({ command: 'npm run bench' });
    process.env.CHROME_PATH = chromePath;
  }
  if (wanted('pageload')) await main();
  else if (!buildIfNeeded({ log, onlyMissing })) throw new Error('The build failed; nothing to measure.');
  const failed = [];
  for (const suite of SUITES.filter((s) => wanted(s.name))) {
    log(`\n=== ${suite.title} (bench/${suite.script}) ===`);
    const run = spawnSync(process.execPath, [path.join(root, 'bench', suite.script)], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) failed.push(suite.script);
  }
  // Figures never fail the bench; a bench that could not run is reported.
  if (failed.length > 0) log(`\nThese benches could not finish: ${failed.join(', ')}`);
}

all().catch((error) => {
  console.error(`npm run bench: ${error.message}`);
  process.exit(1);
});
