/**
 * Serves the built shell at "/", each remote's build at "/remotes/<folder>/", and server/public
 * at "/" (logo, support page). Precompressed .br/.gz files are served when the browser accepts
 * them. Files with a content hash in their name never change: immutable for a year; entry points
 * (HTML, remotes.json, mf-manifest.json, remoteEntry.js) and other unhashed files: no-cache.
 * A missing dist folder is not fatal: its paths answer 404 until it is built.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_FOLDERS, REMOTE_NAMES } from 'shared/routes';
import { listPublicConfig } from '../modules/site-config/site-config-repository';
import { chooseEncoding } from './compress';

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;

export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const setHeaders = (reply: FastifyReply, file: string) => {
  reply.header('cache-control', cacheControlFor(file));
};

/** The shell's index.html holds this element; the server fills it with the site config answer. */
export const SITE_CONFIG_SLOT = '<script id="site-config" type="application/json">null</script>';

/**
 * index.html with the site config answer (`{status: 1, msg: '', data}` as `/common/config` type=all
 * answers it) embedded in SITE_CONFIG_SLOT, so the start-up screen shows the logo and title with the
 * first paint (docs/decisions/0011-first-paint-from-html.md). JSON with `<` escaped: a config value
 * cannot close the script element. Without the slot the HTML is returned as it is.
 *
 * The logo (img_base + logo, spec §1) is the first paint's largest element: when `inline` answers a
 * `data:` URL for it (a small file of our own, publicImageInliner), it comes with the HTML as
 * `#site-logo` ({url, src}) and paints with the first paint; otherwise it is preloaded.
 */
export function embedSiteConfig(html: string, data: unknown, inline?: (url: string) => string | undefined): string {
  if (!html.includes(SITE_CONFIG_SLOT)) return html;
  const json = (value: unknown) =>
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
  const entries = Array.isArray(data) ? (data as Array<{ name?: unknown; value?: unknown }>) : [];
  const value = (name: string) => String(entries.find((e) => e && e.name === name)?.value ?? '');
  const logo = value('logo') ? `${value('img_base')}${value('logo')}` : '';
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const src = logo ? inline?.(logo) : undefined;
  const extra = src
    ? `<script id="site-logo" type="application/json">${json({ url: logo, src })}</script>`
    : logo
      ? // high: it is the start-up screen's largest element (a preloaded image is low until laid out)
        `<link rel="preload" as="image" href="${attr(logo)}" fetchpriority="high">`
      : '';
  const config = json({ status: 1, msg: '', data });
  return html.replace(SITE_CONFIG_SLOT, () => SITE_CONFIG_SLOT.replace('>null<', `>${config}<`) + extra);
}

/** Logos inlined into the page: at most this size, of these types. */
const INLINE_MAX_BYTES = 4096;
const INLINE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp' };

/**
 * A `data:` URL for a small image of `publicDir` named by a same-origin path ("/img/logo.svg"), kept
 * while the file is unchanged; undefined for anything else (another origin, a query, a path out of
 * the folder, a missing, large or other file): that logo is loaded as a URL.
 */
export function publicImageInliner(publicDir: string): (url: string) => string | undefined {
  const root = path.resolve(publicDir);
  const cache = new Map<string, { mtime: number; src: string | undefined }>();
  return (url) => {
    if (!/^\/[^/\\]/.test(url) || /[?#%]/.test(url)) return undefined;
    const file = path.resolve(root, `.${url}`);
    const type = INLINE_TYPES[path.extname(file).toLowerCase()];
    if (!type || !file.startsWith(`${root}${path.sep}`)) return undefined;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile() || stat.size > INLINE_MAX_BYTES) return undefined;
    const known = cache.get(file);
    if (known && known.mtime === stat.mtimeMs) return known.src;
    let src: string | undefined;
    try {
      src = `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;
    } catch {
      src = undefined;
    }
    cache.set(file, { mtime: stat.mtimeMs, src });
    return src;
  };
}

export async function staticRoutes(app: FastifyInstance): Promise<void> {
  const { webRoot, publicDir } = app.config;
  const common = { preCompressed: true, cacheControl: false, setHeaders, suppressWarning: true } as const;
  const shellDist = path.join(webRoot, 'shell', 'dist');
  for (const dir of [shellDist, ...REMOTE_NAMES.map((name) => path.join(webRoot, REMOTE_FOLDERS[name], 'dist'))]) {
    if (!fs.existsSync(dir)) app.log.warn({ dir }, 'build folder missing: its paths answer 404 until it is built');
  }
  await app.register(fastifyStatic, { ...common, root: [shellDist, publicDir], prefix: '/', index: false });
  // The page: index.html with the site config embedded (no-cache, compressed per request, the last
  // answer kept while neither the file nor the config changes).
  const indexFile = path.join(shellDist, 'index.html');
  const inline = publicImageInliner(publicDir);
  let last: { key: string; encoding: string; body: Buffer } | undefined;
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    let html: string;
    let mtime: number;
    try {
      mtime = fs.statSync(indexFile).mtimeMs;
      html = fs.readFileSync(indexFile, 'utf8');
    } catch {
      return reply.code(404).send({ status: 0, msg: 'not_found' });
    }
    let data: unknown = null;
    try {
      data = await app.db.tx((tx) => listPublicConfig(tx), { readOnly: true });
    } catch (error) {
      request.log.warn({ err: error }, 'site config for index.html: the page asks for it itself');
    }
    const out = data ? embedSiteConfig(html, data, inline) : html;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const key = `${mtime}:${out.length}:${out}`;
    if (!last || last.key !== key || last.encoding !== encoding) {
      const raw = Buffer.from(out);
      const body =
        encoding === 'br'
          ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : encoding === 'gzip'
            ? zlib.gzipSync(raw, { level: 9 })
            : raw;
      last = { key, encoding, body };
    }
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(last.body);
  };
  app.get('/', page);
  app.get('/index.html', page);
  // Browsers ask for /favicon.ico on pages that name no icon (e.g. /api/docs); answer the app's SVG icon.
  app.get('/favicon.ico', (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return reply.type('image/svg+xml').sendFile('favicon.svg', publicDir);
  });
  for (const name of REMOTE_NAMES) {
    const folder = REMOTE_FOLDERS[name];
    await app.register(fastifyStatic, {
      ...common,
      root: path.join(webRoot, folder, 'dist'),
      prefix: `/remotes/${folder}/`,
      decorateReply: false,
      index: false,
    });
  }
}
