/**
 * The build side of the Content-Security-Policy (csp.cjs): the hashes of index.html's inline scripts and style,
 * taken from the page as emitted (minified), written next to it as csp-hashes.json; what no hash can allow fails
 * the build; the dev servers' policy has no 'unsafe-eval'.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const HtmlWebpackPlugin = require('html-webpack-plugin') as new (options: object) => webpack.WebpackPluginInstance;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const csp = require('./csp.cjs') as {
  CspHashesPlugin: new () => webpack.WebpackPluginInstance;
  inlineHashes(html: string): { 'script-src': string[]; 'style-src': string[] };
  devPolicy(outputPath: string, devOrigins: string[]): string;
  CSP_HASHES_FILE: string;
};

const fixture = path.join(__dirname, 'fixtures/csp-app');
const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function build(template: string): Promise<{ dir: string; errors: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-hashes-'));
  const compiler = webpack({
    mode: 'production',
    context: fixture,
    entry: { main: './entry.js' },
    target: 'web',
    output: { path: dir, filename: '[name].js' },
    plugins: [new HtmlWebpackPlugin({ template, minify: true, inject: 'body' }), new csp.CspHashesPlugin()],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('no stats'));
      else resolve({ dir, errors: stats.compilation.errors.map((e) => e.message) });
    }),
  );
}

describe('inlineHashes', () => {
  it('hashes the text of each inline script and style, not data blocks or scripts with a src', () => {
    const html =
      '<style>a{}</style><script>one()</script><script type="module">two()</script>' +
      '<script type="application/json">{"x":1}</script><script src="/main.js"></script><script>one()</script>';
    expect(csp.inlineHashes(html)).toEqual({
      'script-src': [hash('one()'), hash('two()')],
      'style-src': [hash('a{}')],
    });
  });

  it('refuses inline event handlers, style attributes and javascript: URLs', () => {
    expect(() => csp.inlineHashes('<button onclick="go()">x</button>')).toThrow(/inline event handler/);
    expect(() => csp.inlineHashes('<div style="color:red">x</div>')).toThrow(/style attribute/);
    expect(() => csp.inlineHashes('<a href="javascript:go()">x</a>')).toThrow(/javascript: URL/);
    // inside a script, markup-like text is code, not markup; but markup it inserts with a style attribute is refused
    expect(() => csp.inlineHashes('<script>el.innerHTML = "<b class=x>"</script>')).not.toThrow();
    expect(() => csp.inlineHashes('<script>var m = {"en":"<span style=\\"color:red\\">"}</script>')).toThrow(
      /inserts markup with a style attribute/,
    );
  });
});

describe('CspHashesPlugin', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the hashes of the page as emitted (minified) next to it', async () => {
    const { dir, errors } = await build(path.join(fixture, 'index.html'));
    dirs.push(dir);
    expect(errors).toEqual([]);
    const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    // minified: the script's text lost its surrounding whitespace, so hashing the template would not match
    expect(html).toContain('<script>/* an early-paint script');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    const written = JSON.parse(fs.readFileSync(path.join(dir, csp.CSP_HASHES_FILE), 'utf8')) as unknown;
    expect(written).toEqual({ 'script-src': scripts.map(hash), 'style-src': styles.map(hash) });
  }, 60_000);

  it('fails the build on a page with an inline event handler', async () => {
    const template = path.join(os.tmpdir(), `csp-handler-${process.pid}.html`);
    fs.writeFileSync(template, '<!doctype html><html><body><button onclick="go()">x</button></body></html>');
    try {
      const { dir, errors } = await build(template);
      dirs.push(dir);
      expect(errors.join('\n')).toMatch(/inline event handler/);
      expect(fs.existsSync(path.join(dir, csp.CSP_HASHES_FILE))).toBe(false);
    } finally {
      fs.rmSync(template, { force: true });
    }
  }, 60_000);
});

describe('devPolicy', () => {
  it('has no unsafe-eval and the dev origins for scripts and their sockets', () => {
    const policy = csp.devPolicy('/nowhere', ['http://localhost:3003']);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toMatch(/script-src 'self' http:\/\/localhost:3003(;|\s)/);
    expect(policy).toContain("connect-src 'self' http://localhost:3003 ws://localhost:3003");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });
});
