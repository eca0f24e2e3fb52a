/**
 * One webpack + Module Federation configuration for the shell and every remote
 * (ARCHITECTURE.md "Module Federation"): shared singletons from one list, async boundary,
 * loaded-first share strategy, no dts, content-hashed files, mf-manifest.json, precompressed
 * assets, size budgets that fail the build, and V8's compile hint on the entry files (compile-hints.cjs).
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { CspHashesPlugin, devHeaders } = require('./csp.cjs');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { mfShared } = require('../../shared/build/mf-shared.cjs');
const { EntryCompileHintPlugin } = require('./compile-hints.cjs');

const root = path.resolve(__dirname, '../..');
const sharedPackageVersion = require('../../shared/package.json').version;

/**
 * Singletons only remotes import. `shared/api` holds the one RTK Query API (`baseApi`, reducerPath
 * `api`): every remote must use the same instance, whichever remote loads first (loaded-first), or
 * two `api` slices and middlewares would fight. The shell never imports it (RTK Query stays out of
 * its first paint), so the host does not declare it.
 */
const remoteOnlyShared = {
  'shared/api': { singleton: true, requiredVersion: false, version: sharedPackageVersion, eager: false },
};

/**
 * The JavaScript a browser runs before the host's first paint: the entry chunks, the chunks of the
 * async boundary (`import('./bootstrap')` in src/index.ts) and, recursively, the chunks of every
 * shared module those chunks consume (Module Federation loads a chunk's consumed shared modules
 * before running it). Later `import()`s are not followed: they load after the first paint.
 */
function firstPaintChunks(compilation, srcDir) {
  const { chunkGraph, moduleGraph } = compilation;
  const chunks = new Set();
  const queue = [];
  const addGroup = (group) => {
    if (!group) return;
    for (const chunk of group.chunks) {
      if (chunks.has(chunk)) continue;
      chunks.add(chunk);
      queue.push(chunk);
    }
  };
  for (const [name, entry] of compilation.entries) {
    addGroup(compilation.entrypoints.get(name));
    for (const dep of entry.dependencies) {
      const module = moduleGraph.getModule(dep);
      if (!module || typeof module.resource !== 'string' || !module.resource.startsWith(srcDir)) continue;
      for (const block of module.blocks) addGroup(chunkGraph.getBlockChunkGroup(block));
    }
  }
  followShared(compilation, chunks, queue);
  return chunks;
}

/** Adds to `chunks` the chunks of every shared module the chunks in `queue` consume, recursively. */
function followShared(compilation, chunks, queue) {
  const { chunkGraph } = compilation;
  while (queue.length) {
    const chunk = queue.shift();
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      for (const block of module.blocks) {
        for (const dep of chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) {
          if (chunks.has(dep)) continue;
          chunks.add(dep);
          queue.push(dep);
        }
      }
    }
  }
}

/**
 * The JavaScript the host runs right after its first paint: the chunks holding each module of
 * `modules` (paths under `srcDir`, e.g. stage 2's `app/start.tsx`) and, recursively, the chunks of
 * the shared modules they consume, less the first paint's own chunks. Without a preload these wait
 * for the first paint's chunks to run (Module Federation resolves a chunk's shared modules only
 * when it is imported), one more round trip on a phone's link.
 */
function afterPaintChunks(compilation, srcDir, modules) {
  const { chunkGraph } = compilation;
  const first = firstPaintChunks(compilation, srcDir);
  const wanted = new Set(modules.map((m) => path.join(srcDir, m)));
  const chunks = new Set();
  const queue = [];
  for (const module of compilation.modules) {
    // a production build concatenates modules: look inside a ConcatenatedModule
    const inner = module.modules ? [...module.modules] : [module];
    if (!inner.some((m) => typeof m.resource === 'string' && wanted.has(m.resource))) continue;
    // every chunk of the groups that load it (an import() may be split into several chunks)
    for (const holder of chunkGraph.getModuleChunksIterable(module)) {
      for (const group of holder.groupsIterable) {
        for (const chunk of group.chunks) {
          if (chunks.has(chunk) || first.has(chunk)) continue;
          chunks.add(chunk);
          queue.push(chunk);
        }
      }
    }
  }
  followShared(compilation, chunks, queue);
  return [...chunks].filter((chunk) => !first.has(chunk));
}

/** Fails the build when the first paint's JavaScript is over `budgetKb` KB gzip (level 9, as served). */
class InitialGzipBudgetPlugin {
  constructor(options) {
    this.options = options;
  }
  apply(compiler) {
    const { Compilation, WebpackError } = compiler.webpack;
    const { budgetKb, srcDir, name } = this.options;
    compiler.hooks.thisCompilation.tap('InitialGzipBudgetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'InitialGzipBudgetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        () => {
          const rows = [];
          for (const chunk of firstPaintChunks(compilation, srcDir)) {
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              const asset = compilation.getAsset(file);
              if (!asset) continue;
              rows.push({ file, gzip: zlib.gzipSync(asset.source.buffer(), { level: 9 }).length });
            }
          }
          rows.sort((a, b) => b.gzip - a.gzip);
          const total = rows.reduce((sum, r) => sum + r.gzip, 0);
          const kb = (n) => (n / 1024).toFixed(1);
          const list = rows.map((r) => `${r.file} ${kb(r.gzip)}`).join(', ');
          const line = `${name}: first-paint JS ${kb(total)} KB gzip (budget ${budgetKb} KB): ${list}`;
          if (total > budgetKb * 1024) {
            compilation.errors.push(new WebpackError(`initialGzipBudgetKb exceeded. ${line}`));
          } else if (!process.env.WEBPACK_QUIET_BUDGET) {
            console.log(line);
          }
        },
      );
    });
  }
}

/**
 * When the host's index.html downloads its JavaScript: the first paint's files (`firstPaintChunks`:
 * entry, async boundary, the shared React chunks) in parallel instead of one round trip after
 * another (HTML → main.js → chunks), without taking the network from the start-up screen's logo.
 *  - `preload`: `<link rel="preload" as="script">` in <head> for the first paint's files, entry
 *    first, while their gzip total stays within `parseBudgetKb` (all of them without a budget):
 *    they download while the browser parses, lays out and paints the pre-rendered screen.
 *  - `gateEntry`: index.html starts the entry itself once that screen is painted
 *    (docs/decisions/0011-first-paint-from-html.md, 0013): the entry's `<script>` tags are left
 *    out, and the template gets the first paint's files over the budget as URLs
 *    (`htmlWebpackPlugin.files.firstPaintChunks`) to preload at that moment, and the files of
 *    `afterPaint` (`afterPaintChunks`: what runs next, stage 2) to preload right after them.
 */
class FirstPaintPreloadPlugin {
  constructor(options) {
    this.options = options;
  }
  apply(compiler) {
    const { srcDir, gateEntry, preload, parseBudgetKb = Infinity, afterPaint = [] } = this.options;
    compiler.hooks.thisCompilation.tap('FirstPaintPreloadPlugin', (compilation) => {
      let split;
      /** The first paint's JS files, entry first: those preloaded while parsing, and the rest. */
      const splitFiles = () => {
        if (split) return split;
        const entries = new Set();
        for (const [name] of compilation.entries)
          for (const chunk of compilation.entrypoints.get(name).chunks) for (const f of chunk.files) entries.add(f);
        const files = [];
        if (preload) {
          for (const chunk of firstPaintChunks(compilation, srcDir))
            for (const f of chunk.files) if (f.endsWith('.js')) files.push(f);
        }
        files.sort((a, b) => Number(entries.has(b)) - Number(entries.has(a)));
        const atParse = [];
        const later = [];
        let bytes = 0;
        for (const file of files) {
          const asset = compilation.getAsset(file);
          const gzip = asset ? zlib.gzipSync(asset.source.buffer(), { level: 9 }).length : 0;
          if (bytes + gzip <= parseBudgetKb * 1024) {
            bytes += gzip;
            atParse.push(file);
          } else {
            later.push(file);
          }
        }
        split = { entries, atParse, later };
        return split;
      };
      const hooks = HtmlWebpackPlugin.getHooks(compilation);
      if (gateEntry) {
        hooks.beforeAssetTagGeneration.tap('FirstPaintPreloadPlugin', (data) => {
          const publicPath = data.assets.publicPath ?? '/';
          const { entries, later } = splitFiles();
          data.assets.firstPaintChunks = later.filter((f) => !entries.has(f)).map((f) => publicPath + f);
          data.assets.afterPaintChunks = afterPaintChunks(compilation, srcDir, afterPaint)
            .flatMap((chunk) => [...chunk.files].filter((f) => f.endsWith('.js')))
            .map((f) => publicPath + f);
          return data;
        });
      }
      hooks.alterAssetTags.tap('FirstPaintPreloadPlugin', (data) => {
        if (gateEntry)
          data.assetTags.scripts = data.assetTags.scripts.filter(
            (tag) => !(tag.tagName === 'script' && tag.attributes && tag.attributes.src),
          );
        const publicPath = data.publicPath ?? '/';
        const tag = (file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: 'FirstPaintPreloadPlugin' },
          // low: the HTML paints the first screen; these must not compete with its logo
          attributes: { rel: 'preload', href: publicPath + file, as: 'script', fetchpriority: 'low' },
        });
        data.assetTags.styles.unshift(...splitFiles().atParse.map(tag));
        return data;
      });
    });
  }
}

/** The origins of `npm run dev` in the packages (the shell on 3000, the remotes on 3001-3006). */
const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005, 3006].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

/**
 * @param {object} o
 * @param {string} o.dir            the app's folder (absolute)
 * @param {string} o.name           federation name: shell, mf_trade, ...
 * @param {'host'|'remote'} o.kind
 * @param {string} o.cssPrefix      class prefix for CSS Modules
 * @param {number} [o.devPort]      port of `npm run dev`
 * @param {number} [o.budgetKb]     uncompressed budget for the initial entry and any asset (KB)
 * @param {number} [o.initialGzipBudgetKb] gzip budget (KB) for the JS of the first paint: entry,
 *                                  async boundary and the shared modules they consume; the build
 *                                  fails above it (production builds with an entry only)
 * @param {string[]} [o.runtimePlugins]
 * @param {Record<string,string>} [o.define] extra compile-time constants
 * @param {Record<string,unknown>} [o.templateParameters] variables for src/index.html (lodash template)
 * @param {boolean} [o.preloadFirstPaint] host: preload the first paint's files (FirstPaintPreloadPlugin)
 * @param {number} [o.parsePreloadBudgetKb] host: gzip KB of them preloaded while index.html parses
 * @param {boolean} [o.gateEntry] host: index.html starts the entry scripts itself (files.js) and
 *                                  preloads the rest of the first paint (files.firstPaintChunks)
 * @param {string[]} [o.preloadAfterPaint] host, with gateEntry: modules (paths under src/) whose
 *                                  chunks and shared modules index.html preloads after those
 *                                  (files.afterPaintChunks)
 */
function mfApp(o) {
  return (_env = {}, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const prod = mode === 'production';
    const isHost = o.kind === 'host';
    const budget = (o.budgetKb || 600) * 1024;
    const buildLabel = process.env.BUILD_LABEL || '';

    const federation = {
      name: o.name,
      filename: 'remoteEntry.js',
      shared: isHost ? mfShared() : { ...mfShared(), ...remoteOnlyShared },
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: { fileName: 'mf-manifest.json' },
      runtimePlugins: o.runtimePlugins || [],
      ...(isHost ? { remotes: {} } : { exposes: { './register': './src/expose/register.ts' } }),
    };

    return {
      mode,
      context: o.dir,
      entry: isHost || !prod ? { main: './src/index.ts' } : {},
      target: 'web',
      // Never an eval-* devtool: the Content-Security-Policy has no 'unsafe-eval', in development either
      // (docs/decisions/0033-content-security-policy.md).
      devtool: prod ? false : 'cheap-module-source-map',
      output: {
        path: path.join(o.dir, 'dist'),
        filename: prod ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: o.name,
        clean: true,
        // spec §9: script chunk load timeout 120 s
        chunkLoadTimeout: 120_000,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // `source` makes workspace packages (shared) resolve to their TypeScript sources.
        conditionNames: ['source', '...'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules[\\/](?!shared[\\/])/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !prod } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.module\.css$/,
            use: [
              prod ? MiniCssExtractPlugin.loader : 'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    localIdentName: prod ? `${o.cssPrefix}-[hash:base64:6]` : `${o.cssPrefix}-[name]__[local]`,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                  },
                },
              },
            ],
          },
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: [prod ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
          },
          { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
        ],
      },
      plugins: [
        new ModuleFederationPlugin(federation),
        prod &&
          new MiniCssExtractPlugin({
            filename: '[name].[contenthash:10].css',
            chunkFilename: '[name].[contenthash:10].css',
          }),
        (isHost || !prod) &&
          new HtmlWebpackPlugin({
            template: path.join(o.dir, 'src/index.html'),
            ...(o.templateParameters ? { templateParameters: o.templateParameters } : {}),
            scriptLoading: 'defer',
            inject: 'body',
            minify: prod,
          }),
        // csp-hashes.json: the hashes of index.html's inline scripts and style for the policy (csp.cjs).
        (isHost || !prod) && new CspHashesPlugin(),
        new (require('webpack').DefinePlugin)({
          __BUILD_LABEL__: JSON.stringify(buildLabel),
          __APP_NAME__: JSON.stringify(o.name),
          ...(o.define || {}),
        }),
        isHost &&
          (o.preloadFirstPaint || o.gateEntry) &&
          new FirstPaintPreloadPlugin({
            srcDir: path.join(o.dir, 'src'),
            gateEntry: Boolean(o.gateEntry),
            preload: Boolean(o.preloadFirstPaint),
            ...(o.parsePreloadBudgetKb !== undefined ? { parseBudgetKb: o.parsePreloadBudgetKb } : {}),
            afterPaint: o.preloadAfterPaint || [],
          }),
        prod &&
          isHost &&
          o.initialGzipBudgetKb &&
          new InitialGzipBudgetPlugin({
            budgetKb: o.initialGzipBudgetKb,
            srcDir: path.join(o.dir, 'src'),
            name: o.name,
          }),
        // The Module Federation runtime's files compiled off the main thread (compile-hints.cjs).
        prod && new EntryCompileHintPlugin(),
        prod &&
          new CompressionPlugin({
            algorithm: 'gzip',
            test: /\.(js|css|html|json|svg)$/,
            threshold: 0,
            minRatio: 1,
            filename: '[path][base].gz',
          }),
        prod &&
          new CompressionPlugin({
            algorithm: 'brotliCompress',
            test: /\.(js|css|html|json|svg)$/,
            threshold: 0,
            minRatio: 1,
            filename: '[path][base].br',
            compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
          }),
      ].filter(Boolean),
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      performance: prod
        ? {
            hints: 'error',
            maxEntrypointSize: budget,
            maxAssetSize: budget,
            assetFilter: (file) => /\.(js|css)$/.test(file),
          }
        : false,
      devServer: {
        port: o.devPort,
        hot: false,
        historyApiFallback: false,
        // The security headers and the policy, as the server sends them, with the dev servers' origins.
        headers: devHeaders(path.join(o.dir, 'dist'), DEV_ORIGINS),
        proxy: [{ context: ['/api'], target: process.env.API_ORIGIN || 'http://127.0.0.1:8080', ws: true }],
        static: false,
      },
      stats: prod ? 'errors-warnings' : 'minimal',
    };
  };
}

module.exports = { mfApp, root };
