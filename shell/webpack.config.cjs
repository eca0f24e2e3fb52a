const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');
const { mfApp } = require('../tools/webpack/mf-app.cjs');
const { prerenderStartup } = require('./build/prerender-startup.cjs');
const { ServiceWorkerPlugin } = require('./build/service-worker-plugin.cjs');
const { WebManifestPlugin } = require('./build/web-manifest-plugin.cjs');
const { loadManifestModule } = require('./build/prerender-startup.cjs');
const webpack = require('webpack');

/**
 * The default route table (shared/src/routes.ts), read at build time for the inline preload script
 * of index.html: path → the folder its remote is published under (/remotes/<folder>/).
 */
function routeTable() {
  const file = path.join(path.dirname(require.resolve('shared/package.json')), 'src/routes.ts');
  const js = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS },
  }).outputText;
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', js)(mod, mod.exports, require);
  const { REMOTE_NAMES, REMOTE_FOLDERS, ROUTE_OWNERS, PUBLIC_ROUTES } = mod.exports;
  const routeFolders = {};
  for (const name of REMOTE_NAMES) {
    // The back office is fetched only once the session's server-side roles allow it (shell/src/mf/admin-check.ts),
    // never preloaded by the page for whoever types an /admin/ address.
    if (name === 'mf_admin') continue;
    for (const route of ROUTE_OWNERS[name]) routeFolders[route] = REMOTE_FOLDERS[name];
  }
  return { routeFolders, publicRoutes: PUBLIC_ROUTES };
}

const shellApp = mfApp({
  dir: __dirname,
  name: 'shell',
  kind: 'host',
  cssPrefix: 'sh',
  devPort: 3000,
  // Uncompressed budget per asset and for the initial entry.
  budgetKb: 520,
  // The first paint (entry + boot chunk + the shared modules it consumes: react, react-dom) in KB
  // gzip; the build fails above it (docs/decisions/0005-progressive-boot.md).
  initialGzipBudgetKb: 175,
  // index.html: the route table for its preload script, and the pre-rendered start-up screen with
  // its inline CSS (docs/decisions/0011-first-paint-from-html.md).
  templateParameters: { ...routeTable(), startup: prerenderStartup() },
  // index.html starts main.js and preloads the rest of the first paint's files itself once the
  // pre-rendered start-up screen is complete (site config in, logo painted; at most 1 s).
  preloadFirstPaint: true,
  gateEntry: true,
  // What downloads while index.html is parsed and painted, before the logo is up: the entry and the
  // small first-paint chunks (~37 KB gzip), not react-dom (~63 KB). On the reference phone network
  // (slow 4G, ~200 KB/s) that is about what the ~300 ms from HTML to first paint can carry, so the
  // link is busy from the start without slowing the logo; react-dom starts at the
  // paint (docs/decisions/0013-short-tasks-after-first-paint.md).
  parsePreloadBudgetKb: 40,
  // Stage 2 (the router, i18n, Redux, the HTTP client: ~150 KB gzip) is preloaded with the first
  // paint's react-dom instead of after react-dom has run and the boot has hydrated: on slow 4G that
  // was one more wave of requests, about a second, before any remote's screen could start
  // (bench/MEASUREMENTS.md, 2026-11-25 evening).
  preloadAfterPaint: ['app/start.tsx'],
});

module.exports = (env, argv) => {
  const config = shellApp(env, argv);
  // The start-up screen's strings: only its keys of the `common` locale files (shared/src/i18n/common),
  // when boot/startup-strings.ts imports them (build/startup-keys-loader.cjs).
  config.module.rules.unshift({
    test: /[\\/]src[\\/]i18n[\\/]common[\\/][^\\/]+\.json$/,
    issuer: /[\\/]src[\\/]boot[\\/]startup-strings\.ts$/,
    use: [path.join(__dirname, 'build/startup-keys-loader.cjs')],
  });
  if (config.mode === 'production') {
    // /sw.js: precaches the shell, caches remote chunks on use (build/service-worker-plugin.cjs)
    config.plugins.push(new ServiceWorkerPlugin({ source: path.join(__dirname, 'src/sw/service-worker.ts') }));
  }
  // the web app manifests (one per language) and the home-screen icons (build/web-manifest-plugin.cjs)
  config.plugins.push(new WebManifestPlugin({ load: loadManifestModule }));
  config.plugins.push(new webpack.DefinePlugin({ __SERVICE_WORKER__: JSON.stringify(config.mode === 'production') }));
  return config;
};
