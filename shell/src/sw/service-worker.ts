/**
 * The service worker (ARCHITECTURE.md "Performance design": repeat visits need no JavaScript from
 * the network; docs/decisions/0011-first-paint-from-html.md). Built into /sw.js by
 * shell/build/service-worker-plugin.cjs, which prepends the precache list and the cache version
 * (a hash of that list). Rules, same origin only:
 *   - not GET, `/api/`, other origins, `/sw.js`: not handled (the network as without a worker);
 *   - content-hashed files (immutable): cache first; the shell's are precached at install, the
 *     remotes' are cached on first use (also those the page loaded before the worker took over);
 *   - everything else (HTML, remotes.json, mf-manifest.json, remoteEntry.js, logo, ...: no-cache):
 *     network first, the cached copy only when the network cannot be reached (an HTTP error answer
 *     is passed through, so a broken remote still shows as broken).
 * Old versions' caches are deleted on activate. Registered by boot/register-sw.ts after start-up.
 *
 * This module's pure part (strategyFor, cacheNames) is unit-tested; the worker part runs only
 * inside a ServiceWorkerGlobalScope.
 */

export type Strategy = 'none' | 'cache-first' | 'network-first';

/** A content hash in the file name, as the server's static route recognises it (immutable for a year). */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export const CACHE_PREFIX = 'kabu-';

export function cacheNames(version: string): { precache: string; runtime: string; pages: string } {
  return {
    precache: `${CACHE_PREFIX}precache-${version}`,
    runtime: `${CACHE_PREFIX}runtime-${version}`,
    pages: `${CACHE_PREFIX}pages-${version}`,
  };
}

/** How the worker answers a request for `url` (absolute) made with `method`, from a page at `origin`. */
export function strategyFor(url: string, method: string, origin: string): Strategy {
  if (method !== 'GET') return 'none';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'none';
  }
  if (u.origin !== origin) return 'none';
  if (u.pathname.startsWith('/api/') || u.pathname === '/api') return 'none';
  if (u.pathname === '/sw.js') return 'none';
  const file = u.pathname.slice(u.pathname.lastIndexOf('/') + 1);
  if (HASHED.test(file)) return 'cache-first';
  return 'network-first';
}

/** The cache key of a navigation: the app is one page, whatever the hash. */
export function pageKey(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

// ---- the worker ----------------------------------------------------------------------------

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  __PRECACHE?: string[];
  __CACHE_VERSION?: string;
}

/** What the handlers share: the scope, this version's cache names, the origin, the precache list (absolute URLs). */
interface WorkerSetup {
  scope: WorkerScope;
  names: ReturnType<typeof cacheNames>;
  origin: string;
  precache: string[];
}

/** Stores `response` when it is a complete same-origin answer worth keeping. */
async function keep(cacheName: string, key: Request | string, response: Response): Promise<void> {
  if (!response.ok || response.status !== 200 || response.type === 'opaque') return;
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
}

function install({ scope, names, origin, precache }: WorkerSetup, event: ExtendableEventLike): void {
  event.waitUntil(
    Promise.all([
      caches.open(names.precache).then((cache) => cache.addAll(precache)),
      // the page itself, for a visit when the network cannot be reached
      caches
        .open(names.pages)
        .then((cache) => cache.add(`${origin}/`))
        .catch(() => undefined),
    ]).then(() => scope.skipWaiting()),
  );
}

function activate({ scope, names }: WorkerSetup, event: ExtendableEventLike): void {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith(CACHE_PREFIX) && !Object.values(names).includes(k))
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
}

/** The page hands over the files it loaded before this worker controlled it (the first visit). */
function cacheHandedOver({ names, origin }: WorkerSetup, event: MessageEventLike): void {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = (data.urls as unknown[]).filter(
    (u): u is string => typeof u === 'string' && strategyFor(u, 'GET', origin) === 'cache-first',
  );
  event.waitUntil(
    caches.open(names.runtime).then(async (cache) => {
      for (const url of urls) {
        if (await caches.match(url)) continue;
        try {
          await keep(names.runtime, url, await fetch(url));
        } catch {
          // not reachable now: it is cached on its next use
        }
      }
      return cache;
    }),
  );
}

function cacheFirst({ names }: WorkerSetup, event: FetchEventLike): void {
  const { request } = event;
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ??
        fetch(request).then((response) => {
          event.waitUntil(keep(names.runtime, request, response.clone()));
          return response;
        }),
    ),
  );
}

/** Network first: the network's answer (also an HTTP error), the cache only when unreachable. */
function networkFirst({ names }: WorkerSetup, event: FetchEventLike): void {
  const { request } = event;
  const navigation = request.mode === 'navigate';
  const key = navigation ? pageKey(request.url) : request;
  event.respondWith(
    fetch(request).then(
      (response) => {
        event.waitUntil(keep(navigation ? names.pages : names.runtime, key, response.clone()));
        return response;
      },
      async (error: unknown) => {
        const hit = await caches.match(key);
        if (hit) return hit;
        throw error;
      },
    ),
  );
}

function startWorker(scope: WorkerScope): void {
  const version = scope.__CACHE_VERSION ?? 'dev';
  const worker: WorkerSetup = {
    scope,
    names: cacheNames(version),
    origin: scope.location.origin,
    precache: (scope.__PRECACHE ?? []).map((p) => new URL(p, scope.location.href).href),
  };
  scope.addEventListener('install', (event) => install(worker, event));
  scope.addEventListener('activate', (event) => activate(worker, event));
  scope.addEventListener('message', (event) => cacheHandedOver(worker, event));
  scope.addEventListener('fetch', (event) => {
    const strategy = strategyFor(event.request.url, event.request.method, worker.origin);
    if (strategy === 'cache-first') cacheFirst(worker, event);
    else if (strategy === 'network-first') networkFirst(worker, event);
  });
}

declare const self: unknown;
if (
  typeof self !== 'undefined' &&
  typeof (globalThis as { ServiceWorkerGlobalScope?: unknown }).ServiceWorkerGlobalScope === 'function'
) {
  startWorker(self as WorkerScope);
}
