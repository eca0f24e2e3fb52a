/**
 * Preloading a screen ahead of a navigation the app expects (HostContext.preloadScreen): the remote that owns the
 * path is loaded and registered as a visit would (RemoteLoader shares one load, so the router's later mount reuses
 * it), then the route's own lazy load is started; the remote kit's loaders load once, so the router's lazy call on
 * the navigation gets the same chunks without fetching them again. The back office is never preloaded (it is
 * mounted only for a session the server lists with a role). Failures are dropped: the navigation loads the remote
 * again and shows its own fallback.
 */
import type { RouteObject } from 'react-router';
import type { RemoteRegistration } from 'shared/mf';
import type { Resolver } from './resolve';
import { cleanPath } from './resolve';

export interface PreloadDeps {
  resolver: Pick<Resolver, 'ownerOf'>;
  loader: { load: (name: string) => Promise<RemoteRegistration> };
}

export async function preloadScreen(deps: PreloadDeps, path: string): Promise<void> {
  const owner = deps.resolver.ownerOf(path);
  if (!owner || owner.name === 'mf_admin') return;
  try {
    const registration = await deps.loader.load(owner.name);
    const route: RouteObject | undefined = registration.routes.find((r) => r.path === cleanPath(path));
    if (typeof route?.lazy === 'function') await route.lazy();
  } catch {
    // the navigation tries again and shows the remote's failure if it persists
  }
}
