/** The real Module Federation runtime behind the loader's small interface (tests use a fake). */
import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteModule } from 'shared/mf';
import { manifestUrl } from './registry';
import { createShellPlugin, type UnavailableRemote } from './error-plugin';

export interface RemoteRuntime {
  /** Registers remotes; `force` drops everything cached for them (failed manifest, entry, container). */
  register: (remotes: RemoteEntry[], force?: boolean) => void;
  /** Loads the remote's `./register` module. */
  load: (name: string) => Promise<RemoteModule | UnavailableRemote | null>;
  /** Fetches the remote's manifest, entry and `./register` chunk ahead of use. */
  preload: (name: string) => Promise<void>;
}

export function createMfRuntime(onError?: (remote: string, error: unknown, lifecycle: string) => void) {
  const shellPlugin = createShellPlugin({ onError });
  registerPlugins([shellPlugin.plugin]);
  const runtime: RemoteRuntime = {
    register: (remotes, force = false) =>
      registerRemotes(
        remotes.map((r) => ({ name: r.name, entry: manifestUrl(r) })),
        { force },
      ),
    load: (name) => loadRemote<RemoteModule | UnavailableRemote>(`${name}/register`),
    preload: (name) => preloadRemote([{ nameOrAlias: name, exposes: ['./register'], resourceCategory: 'sync' }]),
  };
  return { runtime, provideEarly: shellPlugin.provideEarly };
}
