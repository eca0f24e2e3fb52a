/**
 * remotes.json: which remote serves which routes and where its mf-manifest.json lives, plus the
 * bottom menu. Fetched with no-cache at start-up so one remote can be re-pointed or redeployed
 * without rebuilding the shell. Validated by hand against remotesRegistrySchema's shape (shared/mf)
 * to keep zod out of the shell's first paint; a test checks both agree.
 */
import { REMOTE_NAMES, type RemoteName } from 'shared/routes';
import type { RemoteEntry, RemotesRegistry } from 'shared/mf';

export const REGISTRY_URL = '/remotes.json';

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** Returns the registry or throws an Error naming the first problem. */
export function parseRegistry(input: unknown): RemotesRegistry {
  const fail = (why: string): never => {
    throw new Error(`remotes.json: ${why}`);
  };
  if (typeof input !== 'object' || input === null) fail('not an object');
  const { remotes, menu } = input as { remotes?: unknown; menu?: unknown };
  if (!Array.isArray(remotes)) fail('remotes is not an array');
  if (!Array.isArray(menu)) fail('menu is not an array');
  const seen = new Set<string>();
  const parsedRemotes = (remotes as unknown[]).map((r, i): RemoteEntry => {
    const e = r as Partial<RemoteEntry>;
    if (!REMOTE_NAMES.includes(e?.name as RemoteName)) fail(`remotes[${i}].name is not a known remote`);
    if (seen.has(e.name!)) fail(`remotes[${i}].name is duplicated`);
    seen.add(e.name!);
    if (typeof e.entry !== 'string' || e.entry === '') fail(`remotes[${i}].entry is empty`);
    if (!isStringArray(e.routes) || !e.routes.every((p) => p.startsWith('/')))
      fail(`remotes[${i}].routes must be paths`);
    if (!isStringArray(e.prefixes)) fail(`remotes[${i}].prefixes must be strings`);
    return { name: e.name!, entry: e.entry!, routes: e.routes!, prefixes: e.prefixes! };
  });
  const parsedMenu = (menu as unknown[]).map((m, i) => {
    const item = m as { path?: unknown; labelKey?: unknown; icon?: unknown };
    if (typeof item?.path !== 'string' || typeof item.labelKey !== 'string' || typeof item.icon !== 'string')
      fail(`menu[${i}] needs path, labelKey and icon`);
    return { path: item.path as string, labelKey: item.labelKey as string, icon: item.icon as string };
  });
  return { remotes: parsedRemotes, menu: parsedMenu };
}

/**
 * Fetches remotes.json without the HTTP cache. The inline script of index.html may already have
 * started this request (window.__remotesJson) so it overlaps the shell's own download.
 */
export async function fetchRegistry(fetchImpl: typeof fetch = fetch): Promise<RemotesRegistry> {
  const early = (globalThis as { __remotesJson?: Promise<unknown> }).__remotesJson;
  let body: unknown;
  if (early) {
    body = await early.catch(() => undefined);
  }
  if (body === undefined) {
    const res = await fetchImpl(REGISTRY_URL, { cache: 'no-cache', headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
    body = await res.json();
  }
  return parseRegistry(body);
}

/** Absolute URL of a remote's manifest (entries may be relative to the page). */
export function manifestUrl(
  entry: RemoteEntry,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): string {
  return new URL(entry.entry, base).href;
}
