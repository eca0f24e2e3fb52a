#!/usr/bin/env node
/**
 * `npm test`: the one command that proves the repo works, as CI runs it.
 *   1. build everything (npm run build),
 *   1b. static checks, side by side: npm run typecheck (tsc -b) and npm run lint (eslint),
 *   2. unit and API tests of every package (jest projects shared, server, shell, mf-*), two workers,
 *   3. browser journeys against the production build (jest project e2e, two workers, system Chromium).
 * Browser tests are never skipped: without Chromium it installs it (Debian, root) or stops with the
 * command to run. Exits non-zero when any step fails; ends with jest's summary lines of each step.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root, runBuild } from './lib/build-state.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const UNIT_PROJECTS = [
  'shared',
  'server',
  'tools',
  'shell',
  'mf-trade',
  'mf-funds',
  'mf-ipo',
  'mf-copytrade',
  'mf-account',
  'mf-admin',
];
const jestBin = path.join(root, 'node_modules/jest/bin/jest.js');
const color = process.stdout.isTTY ? ['--colors'] : [];

const stripAnsi = (s) => s.replace(/\u001b\[[0-9;]*m/g, '');

/** Runs jest with live output and returns its exit code and summary lines. */
function runJest(label, args, env) {
  console.log(`\n=== ${label}: jest ${args.join(' ')}\n`);
  return new Promise((resolve) => {
    // --forceExit: a test that leaves a handle open must not hang CI; jest still names it
    // ("Force exiting Jest"), and the summary below repeats that.
    const child = spawn(process.execPath, [jestBin, ...args, '--forceExit', ...color], {
      cwd: root,
      env,
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    let text = '';
    const tee = (stream, out) =>
      stream.on('data', (chunk) => {
        out.write(chunk);
        text += chunk.toString();
        if (text.length > 2_000_000) text = text.slice(-1_000_000);
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const summary = stripAnsi(text)
        .split('\n')
        .filter((line) => /^(Test Suites|Tests|Snapshots|Time):/.test(line) || /^No tests found/.test(line));
      const leaked = /Force exiting Jest|did not exit one second after/.test(text);
      resolve({ label, code: code ?? (signal ? 1 : 0), summary, leaked });
    });
  });
}

const chrome = ensureChromium();
const env = { ...process.env, CHROME_PATH: chrome };

console.log('\n=== build: npm run build\n');
const started = Date.now();
if (runBuild(root, env) !== 0) {
  console.error('\nnpm test: the build failed, so no test ran (see the build output above).');
  process.exit(1);
}

/**
 * A plain command as one step (typecheck, lint): passes or fails as a whole. Its output is kept and printed when it
 * ends, so two steps running side by side do not interleave their lines.
 */
function runStep(label, script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${label}: npm run ${script} (${code === 0 ? 'passed' : 'FAILED'})\n${text}`);
      resolve({ label, code: code ?? 1, summary: [], leaked: false });
    });
  });
}

// Two cores: the static checks (tsc and eslint, one process each) run side by side, then each jest step uses both
// (jest's default on two cores is one worker). Every suite owns its database, schema, ports and temp folders.
const WORKERS = '--maxWorkers=2';
const results = [];
results.push(...(await Promise.all([runStep('typecheck', 'typecheck'), runStep('lint', 'lint')])));
results.push(await runJest('unit and API tests', ['--selectProjects', ...UNIT_PROJECTS, WORKERS], env));
results.push(await runJest('browser tests', ['--selectProjects', 'e2e', WORKERS], env));

console.log(`\n=== npm test summary (${Math.round((Date.now() - started) / 1000)} s)`);
let failed = false;
for (const r of results) {
  const verdict = r.code === 0 ? 'passed' : `FAILED (exit code ${r.code})`;
  console.log(`\n${r.label}: ${verdict}`);
  for (const line of r.summary) console.log(`  ${line}`);
  const skipped = r.summary.find((l) => /^Tests:/.test(l) && /(skipped|todo)/.test(l));
  if (skipped) console.log(`  note: some tests are marked skipped or todo: ${skipped}`);
  if (r.leaked)
    console.log(
      '  note: tests left handles open (timers, sockets, databases); jest was force-exited — ' +
        'run with --detectOpenHandles',
    );
  if (r.code !== 0) failed = true;
}
// One plain closing line over every step, in the form CI reads: "N passed, N failed".
let passedCount = 0;
let failedCount = 0;
for (const r of results) {
  const line = r.summary.find((l) => /^Tests:/.test(l)) ?? '';
  passedCount += Number(/(\d+) passed/.exec(line)?.[1] ?? 0);
  failedCount += Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
  // A step that failed without a failing test (a suite that did not load) still counts as a failure.
  if (r.code !== 0 && !/(\d+) failed/.test(line)) failedCount += 1;
}
console.log(`\n${passedCount} passed, ${failedCount} failed`);
process.exit(failed ? 1 : 0);
