/**
 * Remote swap: a second build of mf-copytrade (BUILD_LABEL=e2e-v2), published on another origin,
 * replaces the running one through the REMOTES_JSON override alone: the shell picks it up on reload,
 * without being rebuilt. Restoring the registry brings the original remote back. The app is a server of
 * this journey's own (support/app-server.ts), so the journeys running beside it never see the swap.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { RemotesRegistry } from 'shared/mf';
import { eventually, expectScreen, registerAndLogIn, remoteScope, storeSession } from './support/app';
import { startAppServer, type AppServer } from './support/app-server';
import { REPO_ROOT } from './support/env';
import { launchBrowser, runJourney } from './support/journey';
import { serveStatic, type StaticServer } from './support/servers';

const REMOTE = 'mf_copytrade';
const FOLDER = 'mf-copytrade';
const ROUTE = '/home/qcList';
const LABEL = 'e2e-v2';

let browser: Browser;
let outDir: string;
let cdn: StaticServer | undefined;
let app: AppServer | undefined;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'kabu-e2e-v2-'));
  const build = spawnSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/webpack-cli/bin/cli.js'),
      '--mode',
      'production',
      '--config',
      `${FOLDER}/webpack.config.cjs`,
      '--output-path',
      outDir,
    ],
    { cwd: REPO_ROOT, env: { ...process.env, BUILD_LABEL: LABEL }, encoding: 'utf8' },
  );
  if (build.status !== 0)
    throw new Error(`Building ${FOLDER} with BUILD_LABEL=${LABEL} failed:\n${build.stdout}\n${build.stderr}`);
  cdn = await serveStatic(outDir);
  app = await startAppServer('server-remote-swap.log');
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await browser?.close();
  await cdn?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

test('a remote redeployed elsewhere replaces the running one on reload, with no shell rebuild', async () => {
  const { remotesJson, baseUrl } = app!.state;
  const shellBuilt = statSync(path.join(REPO_ROOT, 'shell/dist/index.html')).mtimeMs;

  await runJourney(
    browser,
    'remote-swap',
    async (j) => {
      const { page } = j;
      const session = await registerAndLogIn(baseUrl, j.account, j.password);
      await storeSession(page, session);

      // The remote as built by npm run build.
      await page.goto(`/#${ROUTE}`);
      await expectScreen(page, ROUTE);
      const original = await remoteScope(page, REMOTE).first().getAttribute('data-build');
      expect(original).toBeTruthy();
      expect(original).not.toBe(LABEL);
      await j.shot('original');

      // Point the registry at the second build (the file is re-read on every request).
      const originalRegistry = readFileSync(remotesJson, 'utf8');
      const res = await fetch(`${baseUrl}/remotes.json`, { headers: { 'cache-control': 'no-cache' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control') ?? '').toMatch(/no-cache|no-store/);
      const registry = (await res.json()) as RemotesRegistry;
      const entry = registry.remotes.find((r) => r.name === REMOTE);
      expect(entry).toBeDefined();
      const swapped: RemotesRegistry = {
        ...registry,
        remotes: registry.remotes.map((r) => (r.name === REMOTE ? { ...r, entry: `${cdn!.url}/mf-manifest.json` } : r)),
      };
      writeFileSync(remotesJson, JSON.stringify(swapped, null, 2));
      const served = (await (await fetch(`${baseUrl}/remotes.json`)).json()) as RemotesRegistry;
      expect(served.remotes.find((r) => r.name === REMOTE)?.entry).toBe(`${cdn!.url}/mf-manifest.json`);

      await page.reload();
      await expectScreen(page, ROUTE);
      await eventually(
        `data-build="${LABEL}" on [data-remote="${REMOTE}"]`,
        async () => (await remoteScope(page, REMOTE).first().getAttribute('data-build')) === LABEL,
      );
      expect(cdn!.requests).toContain('/mf-manifest.json');
      expect(cdn!.requests).toContain('/remoteEntry.js');
      await j.shot('swapped-e2e-v2');

      // Restore the registry as it was.
      writeFileSync(remotesJson, originalRegistry);
      await page.reload();
      await expectScreen(page, ROUTE);
      await eventually(
        `data-build="${original}" again`,
        async () => (await remoteScope(page, REMOTE).first().getAttribute('data-build')) === original,
      );
      await j.shot('restored');
    },
    baseUrl,
  );

  // The shell was not rebuilt for any of this.
  expect(statSync(path.join(REPO_ROOT, 'shell/dist/index.html')).mtimeMs).toBe(shellBuilt);
}, 600_000);
