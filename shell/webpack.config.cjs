const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');
const { mfApp } = require('../tools/webpack/mf-app.cjs');

/**
 * The default route table (shared/src/routes.ts), read at build time for the inline preload script
 * of index.html: path → the folder its remote is published under (/remotes/<folder>/).
 */
function routeTable() {
  const file = path.join(__dirname, '../shared/src/routes.ts');
  const js = ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', js)(mod, mod.exports, require);
  const { REMOTE_NAMES, REMOTE_FOLDERS, ROUTE_OWNERS, PUBLIC_ROUTES } = mod.exports;
  const routeFolders = {};
  for (const name of REMOTE_NAMES) for (const route of ROUTE_OWNERS[name]) routeFolders[route] = REMOTE_FOLDERS[name];
  return { routeFolders, publicRoutes: PUBLIC_ROUTES };
}

module.exports = mfApp({
  dir: __dirname,
  name: 'shell',
  kind: 'host',
  cssPrefix: 'sh',
  devPort: 3000,
  // Uncompressed budget per asset and for the initial entry; the gzip budget (175 KB) is checked
  // by the size test of the build (see shell/README.md).
  budgetKb: 520,
  templateParameters: routeTable(),
});
