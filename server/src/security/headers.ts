/**
 * Security headers on every answer (issue 34 point 3; docs/decisions/0033-content-security-policy.md):
 * @fastify/helmet's onRequest hooks, registered before any route, so API answers, 404s, errors, the
 * page and every static file carry the same headers.
 *
 * The Content-Security-Policy is strict: scripts only from this origin, the remotes' origins named by the
 * remote registry (GET /remotes.json, REMOTES_JSON when set) and the hashes of index.html's own inline
 * scripts and style, computed when the shell is built (`shell/dist/csp-hashes.json`,
 * tools/webpack/csp.cjs `CspHashesPlugin`). No 'unsafe-inline', no 'unsafe-eval', object-src/base-uri 'none',
 * frame-ancestors 'none'. connect-src 'self' also allows the page's own ws:/wss: origin (the quote stream).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { remotesRegistrySchema, type RemotesRegistry } from 'shared/mf';

/** What index.html's inline code needs: the CSP source expressions the shell's build computed. */
export interface InlineHashes {
  'script-src': string[];
  'style-src': string[];
}

/** The build's file next to index.html. */
export const CSP_HASHES_FILE = 'csp-hashes.json';

const HASH_SOURCE = /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/;

/** The hashes of `text` (csp-hashes.json), keeping only well-formed hash sources; none for anything else. */
export function parseInlineHashes(text: string): InlineHashes {
  const none: InlineHashes = { 'script-src': [], 'style-src': [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return none;
  }
  if (!value || typeof value !== 'object') return none;
  const pick = (list: unknown) =>
    Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string' && HASH_SOURCE.test(s)) : [];
  const record = value as Record<string, unknown>;
  return { 'script-src': pick(record['script-src']), 'style-src': pick(record['style-src']) };
}

/**
 * The origins of the registry's remotes whose entry is an absolute http(s) URL (a relative entry is
 * this origin, already 'self'). A remote's chunks come from its manifest's folder (publicPath 'auto').
 */
export function registryOrigins(registry: RemotesRegistry): string[] {
  const origins = new Set<string>();
  for (const remote of registry.remotes) {
    let url: URL;
    try {
      url = new URL(remote.entry);
    } catch {
      continue;
    }
    if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
  }
  return [...origins].sort();
}

/** A file read again only when its modification time changes; `fallback` while it is missing. */
function watchedFile<T>(file: string | undefined, parse: (text: string) => T, fallback: T): () => T {
  let last: { mtime: number; value: T } | undefined;
  return () => {
    if (!file) return fallback;
    let mtime: number;
    try {
      mtime = fs.statSync(file).mtimeMs;
    } catch {
      last = undefined;
      return fallback;
    }
    if (last && last.mtime === mtime) return last.value;
    let value = fallback;
    try {
      value = parse(fs.readFileSync(file, 'utf8'));
    } catch {
      value = fallback;
    }
    last = { mtime, value };
    return value;
  };
}

export interface CspSources {
  remotes: string[];
  hashes: InlineHashes;
}

/** The directives of the policy for these sources (the same on every answer). */
export function cspDirectives({ remotes, hashes }: CspSources): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...hashes['script-src']],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...remotes, ...hashes['style-src']],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    // 'self' covers the page's own ws:/wss: origin (CSP Level 3) for the quote stream and the inbox.
    'connect-src': ["'self'", ...remotes],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export interface SecurityHeadersOptions {
  /** shell/dist: where the build writes csp-hashes.json next to index.html. */
  shellDist: string;
  /** REMOTES_JSON, when set: the registry whose remotes' origins scripts may come from. */
  remotesJsonPath: string | undefined;
}

export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const hashes = watchedFile(path.join(options.shellDist, CSP_HASHES_FILE), parseInlineHashes, {
      'script-src': [],
      'style-src': [],
    });
    const remotes = watchedFile(
      options.remotesJsonPath,
      (text) => {
        const parsed = remotesRegistrySchema.safeParse(JSON.parse(text));
        // A broken override answers 500 at /remotes.json (routes/remotes.ts): no remote origin is allowed.
        return parsed.success ? registryOrigins(parsed.data) : [];
      },
      [],
    );
    // The directives of each request, from the registry and the build as they are when it arrives.
    const none: CspSources = { remotes: [], hashes: { 'script-src': [], 'style-src': [] } };
    const fallback = cspDirectives(none);
    const perRequest = new WeakMap<IncomingMessage, Record<string, string[]>>();
    app.addHook('onRequest', async (request) => {
      perRequest.set(request.raw, cspDirectives({ remotes: remotes(), hashes: hashes() }));
    });
    const directives = Object.fromEntries(
      Object.keys(fallback).map((name) => [
        name,
        [(req: IncomingMessage) => (perRequest.get(req) ?? fallback)[name].join(' ')],
      ]),
    );
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives },
      // Sent on every answer: browsers ignore it over plain HTTP (npm start on localhost) and keep it behind TLS.
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // A remote's files may be loaded by a shell on another origin (REMOTES_JSON): see the hook below.
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/remotes/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    });
  },
  { name: 'security-headers' },
);
