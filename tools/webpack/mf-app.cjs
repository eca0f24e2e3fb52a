/**
 * One webpack + Module Federation configuration for the shell and every remote
 * (ARCHITECTURE.md "Module Federation"): shared singletons from one list, async boundary,
 * loaded-first share strategy, no dts, content-hashed files, mf-manifest.json, precompressed
 * assets and size budgets that fail the build.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { mfShared } = require('../../shared/build/mf-shared.cjs');

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
 * @param {object} o
 * @param {string} o.dir            the app's folder (absolute)
 * @param {string} o.name           federation name: shell, mf_trade, ...
 * @param {'host'|'remote'} o.kind
 * @param {string} o.cssPrefix      class prefix for CSS Modules
 * @param {number} [o.devPort]      port of `npm run dev`
 * @param {number} [o.budgetKb]     uncompressed budget for the initial entry and any asset (KB)
 * @param {string[]} [o.runtimePlugins]
 * @param {Record<string,string>} [o.define] extra compile-time constants
 * @param {Record<string,unknown>} [o.templateParameters] variables for src/index.html (lodash template)
 */
function mfApp(o) {
  return (env = {}, argv = {}) => {
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
      devtool: prod ? false : 'eval-cheap-module-source-map',
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
        prod && new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }),
        (isHost || !prod) &&
          new HtmlWebpackPlugin({
            template: path.join(o.dir, 'src/index.html'),
            ...(o.templateParameters ? { templateParameters: o.templateParameters } : {}),
            scriptLoading: 'defer',
            inject: 'body',
            minify: prod,
          }),
        new (require('webpack').DefinePlugin)({
          __BUILD_LABEL__: JSON.stringify(buildLabel),
          __APP_NAME__: JSON.stringify(o.name),
          ...(o.define || {}),
        }),
        prod && new CompressionPlugin({ algorithm: 'gzip', test: /\.(js|css|html|json|svg)$/, threshold: 0, minRatio: 1, filename: '[path][base].gz' }),
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
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: process.env.API_ORIGIN || 'http://127.0.0.1:8080', ws: true }],
        static: false,
      },
      stats: prod ? 'errors-warnings' : 'minimal',
    };
  };
}

module.exports = { mfApp, root };
