/**
 * Module Federation runtime plugin of the shell (ARCHITECTURE.md: "the retry plugin, an
 * `errorLoadRemote` runtime plugin, and the route errorElement").
 *
 * - errorLoadRemote: when a remote cannot be loaded (manifest or remoteEntry unreachable, HTTP
 *   500/404, broken chunk, a throwing module), the runtime's loadRemote resolves with an
 *   "unavailable" module instead of rejecting deep inside the runtime. The remote loader turns it
 *   into the translated fallback route inside the layout; the rest of the app keeps working.
 * - fetch: the manifest of the first screen's remote, already requested at start-up (and
 *   preloaded by index.html), is handed to the runtime once instead of being fetched again.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The module loadRemote answers for a remote that failed. */
export interface UnavailableRemote {
  readonly remoteUnavailable: true;
  readonly remote: string;
  readonly error: unknown;
}

export function isUnavailableRemote(value: unknown): value is UnavailableRemote {
  return (
    typeof value === 'object' && value !== null && (value as { remoteUnavailable?: unknown }).remoteUnavailable === true
  );
}

/** Remote name from a request id such as `mf_trade/register`. */
function remoteOf(id: string, remoteName?: string): string {
  return remoteName ?? id.split('/')[0] ?? id;
}

export interface ShellPluginOptions {
  /** Called for every load error (diagnostics; the fallback UI comes from the loader). */
  onError?: (remote: string, error: unknown, lifecycle: string) => void;
}

export function createShellPlugin(options: ShellPluginOptions = {}) {
  /** Responses fetched ahead of the runtime (manifest URL → response), each used once. */
  const early = new Map<string, Promise<Response>>();

  const plugin: ModuleFederationRuntimePlugin = {
    name: 'shell-remote-errors',
    async errorLoadRemote(args) {
      const remote = remoteOf(args.id, args.remote?.name);
      options.onError?.(remote, args.error, args.lifecycle);
      // A failed manifest fetch is reported here first with lifecycle afterResolve: let it fail
      // through, loadRemote then reports it again with lifecycle onLoad, which answers the module.
      if (args.lifecycle !== 'onLoad') return undefined;
      const unavailable: UnavailableRemote = { remoteUnavailable: true, remote, error: args.error };
      return unavailable;
    },
    async fetch(url: string) {
      const pending = early.get(url);
      if (!pending) return undefined;
      early.delete(url);
      try {
        const res = await pending;
        return res.ok ? res.clone() : undefined;
      } catch {
        return undefined;
      }
    },
  } as ModuleFederationRuntimePlugin;

  return {
    plugin,
    /** Hands a manifest response fetched at start-up to the runtime's next fetch of that URL. */
    provideEarly(url: string, response: Promise<Response>) {
      early.set(url, response);
    },
  };
}
