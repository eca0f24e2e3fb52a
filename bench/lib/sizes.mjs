/**
 * Initial JavaScript per app, in bytes gzip: what an app's entry needs at start.
 *  - shell and the bare page: the scripts of index.html, plus (shell) the chunks it requests before
 *    first paint on a throttled cold load (async boundary, shared React, ...), as the browser sees them;
 *  - remotes: remoteEntry.js plus the sync JS chunks of the exposed module (from mf-manifest.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** gzip size of a built file: its precompressed .gz when the build wrote one, else gzip -9. */
export function gzipSize(file) {
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return zlib.gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Script files an index.html loads, relative to its folder: `<script src>`,
 * `<link rel="preload" as="script">` and the files of its `first-paint-js` list (the shell starts
 * its first paint's JavaScript itself once its start-up screen is painted,
 * docs/decisions/0011-first-paint-from-html.md and 0013).
 */
export function htmlScripts(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="?([^"\s>]+)"?/g)].map((m) => m[1]);
  const island = /<script id="first-paint-js" type="application\/json">([^<]*)<\/script>/.exec(html);
  if (island) {
    const { entries = [], chunks = [] } = JSON.parse(island[1]);
    scripts.push(...entries, ...chunks);
  }
  const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel="?preload"?/.test(tag) && /\bas="?script"?/.test(tag))
    .map((tag) => /\bhref="?([^"\s>]+)"?/.exec(tag)?.[1])
    .filter(Boolean);
  return [...new Set([...scripts, ...preloads])]
    .filter((src) => !/^(https?:)?\/\//.test(src))
    .map((src) => src.replace(/^\.?\//, ''));
}

export function sumGzip(distDir, files) {
  const unique = [...new Set(files)].filter((f) => existsSync(path.join(distDir, f)));
  return { files: unique, bytes: unique.reduce((sum, f) => sum + gzipSize(path.join(distDir, f)), 0) };
}

/** remoteEntry.js + the exposed module's sync JS chunks, from the remote's mf-manifest.json. */
export function remoteInitialFiles(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8'));
  const meta = manifest.metaData?.remoteEntry ?? {};
  const entry = path.posix.join(meta.path || '', meta.name || 'remoteEntry.js');
  const exposeJs = (manifest.exposes ?? []).flatMap((e) => e.assets?.js?.sync ?? []);
  return [entry, ...exposeJs];
}
