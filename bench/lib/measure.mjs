/** Browser measurements: cold loads in Chromium (playwright) and Lighthouse 13 runs. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { median } from './stats.cjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const REMOTE_FILE = /\/(remoteEntry\.js|mf-manifest\.json)(\?|$)/;

/** Lighthouse's mobile profile (slow 4G, 4x CPU slowdown), applied for real through CDP. */
const MOBILE_THROTTLING = { latencyMs: 150, downloadKbps: 1638.4 * 0.9, uploadKbps: 675 * 0.9, cpuSlowdown: 4 };

/**
 * One cold load of `url` at phone size under mobile throttling: the first-contentful-paint time,
 * the remote manifests and entries requested before it, and the same-origin JS requested before it.
 */
export async function coldLoad(chromePath, url) {
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      deviceScaleFactor: 2,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_THROTTLING.latencyMs,
      downloadThroughput: (MOBILE_THROTTLING.downloadKbps * 1024) / 8,
      uploadThroughput: (MOBILE_THROTTLING.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    const { fcp, resources } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
      resources: performance.getEntriesByType('resource').map((r) => ({ name: r.name, start: r.startTime })),
    }));
    const beforePaint = resources.filter((r) => r.start < fcp);
    const origin = new URL(url).origin;
    const remoteRequests = beforePaint.filter((r) => REMOTE_FILE.test(new URL(r.name).pathname)).map((r) => r.name);
    const remotes = new Set(remoteRequests.map((r) => new URL(r).pathname.replace(REMOTE_FILE, '')));
    const jsBeforePaint = beforePaint
      .map((r) => new URL(r.name))
      .filter((u) => u.origin === origin && u.pathname.endsWith('.js'))
      .map((u) => u.pathname);
    await context.close();
    return { fcpMs: fcp, remoteRequests, remoteEntriesBeforePaint: remotes.size, jsBeforePaint };
  } finally {
    await browser.close();
  }
}

/** Lighthouse (default mobile config, simulated throttling) against system Chromium: `runs` results. */
export async function lighthouseRuns(chromePath, url, runs) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    // A fresh Chromium per run: no warm caches or compiled code between runs.
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    try {
      const runner = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = runner.lhr;
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        // Lighthouse's measure of this machine's speed at the time of the run (higher is faster).
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
        warnings: lhr.runWarnings,
      });
    } finally {
      await chrome.kill();
    }
  }
  return results;
}

/** Per-figure median over the runs. */
export function medianRun(runs) {
  return Object.fromEntries(
    ['fcp', 'lcp', 'tbt', 'cls', 'score', 'benchmarkIndex'].map((k) => [k, median(runs.map((r) => r[k]))]),
  );
}

/** os.loadavg() as "1.23 / 1.10 / 0.98" (1, 5 and 15 minutes). */
export function loadAverage(loads) {
  return loads.map((v) => v.toFixed(2)).join(' / ');
}
