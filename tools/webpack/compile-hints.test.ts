/**
 * The compile hint on the entry files (compile-hints.cjs), in a real production build of a fixture: the entry
 * begins with the hint after minification, its precompressed copy holds it, the chunk it loads does not, and the
 * file's content hash covers it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack from 'webpack';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { EntryCompileHintPlugin, COMPILE_HINT } = require('./compile-hints.cjs') as {
  EntryCompileHintPlugin: new () => webpack.WebpackPluginInstance;
  COMPILE_HINT: string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const CompressionPlugin = require('compression-webpack-plugin') as new (
  options: object,
) => webpack.WebpackPluginInstance;

const fixture = path.join(__dirname, 'fixtures/hint-app');

function build(withHint: boolean): Promise<{ dir: string; files: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hint-'));
  const compiler = webpack({
    mode: 'production',
    context: fixture,
    entry: { main: './entry.js' },
    target: 'web',
    output: { path: dir, filename: '[name].[contenthash:10].js', chunkFilename: '[name].[contenthash:10].js' },
    plugins: [
      ...(withHint ? [new EntryCompileHintPlugin()] : []),
      new CompressionPlugin({
        algorithm: 'gzip',
        test: /\.js$/,
        threshold: 0,
        minRatio: 1,
        filename: '[path][base].gz',
      }),
    ],
    optimization: { chunkIds: 'deterministic' },
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats || stats.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else resolve({ dir, files: fs.readdirSync(dir) });
    }),
  );
}

describe('EntryCompileHintPlugin', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts the entry file with the hint after minification, and only the entry file', async () => {
    const { dir, files } = await build(true);
    dirs.push(dir);
    const main = files.find((f) => /^main\.[0-9a-f]{10}\.js$/.test(f));
    const chunk = files.find((f) => f.endsWith('.js') && !f.startsWith('main.'));
    expect(main).toBeDefined();
    expect(chunk).toBeDefined();
    const mainText = fs.readFileSync(path.join(dir, main!), 'utf8');
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
    expect(mainText.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    // minified: the fixture's own comments are gone, so the hint was added after the minifier
    expect(mainText).not.toContain('Fixture of');
    expect(mainText.split(COMPILE_HINT)).toHaveLength(2);
    expect(fs.readFileSync(path.join(dir, chunk!), 'utf8')).not.toContain(COMPILE_HINT);
    // the precompressed copy is made from the hinted file
    const gz = zlib.gunzipSync(fs.readFileSync(path.join(dir, `${main}.gz`))).toString('utf8');
    expect(gz).toBe(mainText);
  }, 60_000);

  it('changes the entry file’s content hash (a cached copy without the hint is not reused)', async () => {
    const withHint = await build(true);
    const without = await build(false);
    dirs.push(withHint.dir, without.dir);
    const name = (files: string[]) => files.find((f) => /^main\.[0-9a-f]{10}\.js$/.test(f));
    expect(name(withHint.files)).not.toBe(name(without.files));
    const plain = fs.readFileSync(path.join(without.dir, name(without.files)!), 'utf8');
    expect(plain).not.toContain(COMPILE_HINT);
  }, 60_000);
});
