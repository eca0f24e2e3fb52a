/**
 * Route resolution: which remote owns a path, from remotes.json at run time (an environment may
 * re-point a remote). Exact paths only: the spec's routes carry no parameters (details use the
 * query string).
 */
import type { RemoteEntry, RemotesRegistry } from 'shared/mf';
import { PUBLIC_ROUTES } from 'shared/routes';

export const START_PATH = '/login/start';
export const LOGIN_PATH = '/login/login';

/** Path without query, hash or trailing slash. */
export function cleanPath(path: string): string {
  const p = path.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

export function createResolver(registry: RemotesRegistry) {
  const byPath = new Map<string, RemoteEntry>();
  for (const remote of registry.remotes)
    for (const route of remote.routes) if (!byPath.has(route)) byPath.set(cleanPath(route), remote);
  return {
    /** The remote serving `path`, or undefined (not-found screen). */
    ownerOf: (path: string): RemoteEntry | undefined => byPath.get(cleanPath(path)),
    remote: (name: string): RemoteEntry | undefined => registry.remotes.find((r) => r.name === name),
  };
}
export type Resolver = ReturnType<typeof createResolver>;

/** Routes that need a session (all but PUBLIC_ROUTES, the root and unknown paths' not-found). */
export function needsSession(path: string): boolean {
  const p = cleanPath(path);
  return p !== '/' && !PUBLIC_ROUTES.includes(p);
}

/** The screen a visit to `path` shows first: `/` → /login/start, guarded paths without a session → /login/login. */
export function firstScreen(path: string, loggedIn: boolean): string {
  const p = cleanPath(path);
  if (p === '/') return START_PATH;
  if (!loggedIn && needsSession(p)) return LOGIN_PATH;
  return p;
}
