/** What the shell's own components need besides the store: loader, retry, registry, host context. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AxiosInstance } from 'axios';
import type { HostContext, RemotesRegistry } from 'shared/mf';
import type { RemoteLoader, RemoteState } from '../mf/remote-loader';
import type { Resolver } from '../mf/resolve';
import type { AdminCheck } from '../mf/admin-check';

export interface ShellServices {
  registry: RemotesRegistry;
  resolver: Resolver;
  loader: RemoteLoader;
  http: AxiosInstance;
  ctx: HostContext;
  /** Force-reloads a remote and re-shows the current screen. */
  retry: (name: string) => Promise<void>;
  /** Whether the session holds a back-office role (/user/getUserinfo admin_roles). */
  isAdmin: AdminCheck;
  /** Warms the remote serving `path` (route intent). */
  preloadPath: (path: string) => void;
}

const ServicesContext = createContext<ShellServices | null>(null);
export const ServicesProvider = ServicesContext.Provider;

export function useServices(): ShellServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ShellServices missing');
  return services;
}

/** The load state of one remote, re-rendering when it changes. */
export function useRemoteState(name: string): RemoteState {
  const { loader } = useServices();
  return useSyncExternalStore(
    (cb) => loader.subscribe(cb),
    () => loader.state(name),
  );
}
