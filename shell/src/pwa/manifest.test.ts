/**
 * @jest-environment node
 */
/**
 * The web app manifests (docs/decisions/0037-installable-app-and-dark-mode.md): what the build emits next to
 * index.html (build/web-manifest-plugin.cjs, in a real webpack build), one per language with every field a phone
 * needs to install the app (name, short_name, icons with maskable PNGs at 192 and 512, colours, standalone, start_url,
 * scope, lang), its icons PNGs of the sizes it names, and no Chinese in the English one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { MANIFEST_TAGS, manifestPath, type WebManifest } from './manifest';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { WebManifestPlugin } = require('../../build/web-manifest-plugin.cjs') as {
  WebManifestPlugin: new (options: { load: () => unknown }) => webpack.WebpackPluginInstance;
};

/** A production build of an empty entry with the plugin: the emitted files by name. */
function build(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-manifest-'));
  const entry = path.join(dir, 'entry.js');
  fs.writeFileSync(entry, '');
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: entry },
    output: { path: path.join(dir, 'dist'), filename: '[name].js' },
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    plugins: [new WebManifestPlugin({ load: () => require('./manifest') })],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats || stats.hasErrors()) reject(error ?? new Error(String(stats?.toString())));
      else resolve(path.join(dir, 'dist'));
    }),
  );
}

/** A PNG's width and height from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

let dist: string;
beforeAll(async () => {
  dist = await build();
}, 60_000);

const read = (tag: (typeof MANIFEST_TAGS)[number]): WebManifest =>
  JSON.parse(fs.readFileSync(path.join(dist, manifestPath(tag)), 'utf8')) as WebManifest;

describe('web app manifests', () => {
  it('emits one per language: the default zh-CN at /manifest.webmanifest, en and ja beside it', () => {
    expect(fs.existsSync(path.join(dist, 'manifest.webmanifest'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'manifest.en.webmanifest'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'manifest.ja.webmanifest'))).toBe(true);
  });

  it.each(MANIFEST_TAGS)('has the fields an install needs (%s)', (tag) => {
    const m = read(tag);
    expect(m).toMatchObject({
      id: '/',
      short_name: 'Kabu',
      lang: tag,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(m.name.length).toBeGreaterThan(0);
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    expect(m.description.length).toBeGreaterThan(0);
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        expect(m.icons).toContainEqual(expect.objectContaining({ sizes: size, type: 'image/png', purpose }));
      }
    }
  });

  it('names the app in its language; nothing Chinese in English', () => {
    const han = /[\u3400-\u9fff]/;
    expect(read('en').name + read('en').description).not.toMatch(han);
    expect(read('zh-CN').description).toMatch(han);
    expect(read('ja').description).toMatch(/[\u30a0-\u30ff]/);
    expect(new Set(MANIFEST_TAGS.map((t) => read(t).description)).size).toBe(3);
  });

  it('emits every PNG icon it names, of the size it names', () => {
    for (const icon of read('zh-CN').icons.filter((i) => i.type === 'image/png')) {
      const file = path.join(dist, icon.src);
      expect(fs.existsSync(file)).toBe(true);
      const [w, h] = pngSize(file);
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
  });
});
