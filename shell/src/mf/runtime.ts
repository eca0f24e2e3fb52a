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
  /**
   * Warms the network cache for a remote without running any of it: its manifest, then
   * `<link rel="prefetch">` for its entry and `./register` files (idle warm-up after start-up).
   */
  warm?: (name: string) => Promise<void>;
}

interface ManifestLike {
  metaData?: { remoteEntry?: { path?: string; name?: string }; publicPath?: string };
  exposes?: Array<{ name?: string; path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

/** The files of a remote's entry and `./register` module, absolute, from its manifest at `url`. */
export function remoteStartFiles(url: string, manifest: ManifestLike): Array<{ href: string; as: 'script' | 'style' }> {
  const meta = manifest.metaData ?? {};
  const base = !meta.publicPath || meta.publicPath === 'auto' ? new URL('.', url) : new URL(meta.publicPath, url);
  const entry = meta.remoteEntry ?? {};
  const files: Array<{ href: string; as: 'script' | 'style' }> = [
    {
      href: new URL(`${entry.path ? `${entry.path.replace(/\/+$/, '')}/` : ''}${entry.name || 'remoteEntry.js'}`, base)
        .href,
      as: 'script',
    },
  ];
  for (const expose of manifest.exposes ?? []) {
    if (expose.path !== './register' && expose.name !== 'register') continue;
    for (const f of expose.assets?.js?.sync ?? []) files.push({ href: new URL(f, base).href, as: 'script' });
    for (const f of expose.assets?.css?.sync ?? []) files.push({ href: new URL(f, base).href, as: 'style' });
  }
  return files;
}

export function createMfRuntime(onError?: (remote: string, error: unknown, lifecycle: string) => void) {
  const shellPlugin = createShellPlugin({ onError });
  registerPlugins([shellPlugin.plugin]);
  const manifests = new Map<string, string>();
  const warmed = new Set<string>();
  const runtime: RemoteRuntime = {
    register: (remotes, force = false) => {
      for (const r of remotes) manifests.set(r.name, manifestUrl(r));
      registerRemotes(
        remotes.map((r) => ({ name: r.name, entry: manifestUrl(r) })),
        { force },
      );
    },
    warm: async (name) => {
      const url = manifests.get(name);
      if (!url || warmed.has(name)) return;
      warmed.add(name);
      const response = await fetch(url);
      if (!response.ok) return;
      for (const file of remoteStartFiles(url, (await response.json()) as ManifestLike)) {
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.as = file.as;
        link.href = file.href;
        document.head.appendChild(link);
      }
    },
    load: (name) => loadRemote<RemoteModule | UnavailableRemote>(`${name}/register`),
    preload: (name) => preloadRemote([{ nameOrAlias: name, exposes: ['./register'], resourceCategory: 'sync' }]),
  };
  return { runtime, provideEarly: shellPlugin.provideEarly };
}
