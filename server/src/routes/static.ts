/**
 * Serves the built shell at "/", each remote's build at "/remotes/<folder>/", and server/public
 * at "/" (logo, support page). Precompressed .br/.gz files are served when the browser accepts
 * them. Files with a content hash in their name never change: immutable for a year; entry points
 * (HTML, remotes.json, mf-manifest.json, remoteEntry.js) and other unhashed files: no-cache.
 * A missing dist folder is not fatal: its paths answer 404 until it is built.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REMOTE_FOLDERS, REMOTE_NAMES } from 'shared/routes';

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;

export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const setHeaders = (reply: FastifyReply, file: string) => {
  reply.header('cache-control', cacheControlFor(file));
};

export async function staticRoutes(app: FastifyInstance): Promise<void> {
  const { webRoot, publicDir } = app.config;
  const common = { preCompressed: true, cacheControl: false, setHeaders, suppressWarning: true } as const;
  const shellDist = path.join(webRoot, 'shell', 'dist');
  for (const dir of [shellDist, ...REMOTE_NAMES.map((name) => path.join(webRoot, REMOTE_FOLDERS[name], 'dist'))]) {
    if (!fs.existsSync(dir)) app.log.warn({ dir }, 'build folder missing: its paths answer 404 until it is built');
  }
  await app.register(fastifyStatic, { ...common, root: [shellDist, publicDir], prefix: '/', index: ['index.html'] });
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
