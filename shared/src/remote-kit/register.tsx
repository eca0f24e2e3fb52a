import type { RouteObject } from 'react-router';
import { installBaseApi } from 'shared/api';
import type { HostContext, RegisterRemote } from '../mf';
import type { RemoteName } from '../routes';
import { RemoteRouteError, RemoteRouteLoading } from './route-views';
import { once, warmAfterRender, type ScreenLoader, type WarmPlan } from './warm-screens';

export type { ScreenLoader, WarmPlan } from './warm-screens';

/**
 * Starts a screen's first requests (RTK Query `initiate`) from its address, at the navigation: in parallel with
 * the screen's chunks instead of after them (issue 15). Runs as the route's loader and must not wait for anything.
 */
export type RoutePrefetch = (url: URL) => void;

/**
 * Route objects with absolute paths for a remote's screens: each lazy, with the remote's
 * translated error view and the loading skeleton. `warm` names, per screen, the screens it leads to: once it has
 * rendered, their chunks load at idle (warm-screens.tsx), so the tap on a row does not wait for them. `prefetch`
 * gives a screen a loader that starts its requests when the navigation starts; it answers at once (the navigation
 * never waits for it) and a prefetch that throws is ignored (the screen asks for its data itself).
 */
export function createRemoteRoutes(
  namespace: string,
  screens: Record<string, ScreenLoader>,
  warm: Record<string, WarmPlan> = {},
  prefetch: Record<string, RoutePrefetch> = {},
): RouteObject[] {
  const errorElement = <RemoteRouteError namespace={namespace} />;
  const hydrateFallbackElement = <RemoteRouteLoading />;
  const loaders = Object.fromEntries(Object.entries(screens).map(([path, load]) => [path, once(load)]));
  return Object.entries(loaders).map(([path, load]) => ({
    path,
    ...(prefetch[path] ? { loader: prefetchLoader(prefetch[path]) } : {}),
    lazy: async () => {
      const Screen = await load();
      const plan = warm[path];
      return { Component: plan ? warmAfterRender(Screen, plan, loaders) : Screen };
    },
    errorElement,
    hydrateFallbackElement,
  }));
}

function prefetchLoader(start: RoutePrefetch) {
  return ({ request }: { request: Request }) => {
    try {
      start(new URL(request.url));
    } catch {
      // the screen's own queries ask again
    }
    return null;
  };
}

export interface RemoteDefinition {
  /** Federation name, also the i18n namespace. */
  name: RemoteName;
  /** The remote's package version: the build label when BUILD_LABEL was not set at build time. */
  version: string;
  /** The remote's locale bundles by i18next language, all added at registration. */
  resources: Record<string, object>;
  /** The remote's host holder's setter. */
  setHost: (ctx: HostContext) => void;
  routes: () => RouteObject[];
}

/**
 * The `register` of a remote whose locales ship in its register chunk: keeps the host context,
 * connects the shared RTK Query API, adds the namespace in every language and answers the routes.
 */
export function createRegister(remote: RemoteDefinition): RegisterRemote {
  return (ctx) => {
    remote.setHost(ctx);
    installBaseApi(ctx);
    for (const [lang, bundle] of Object.entries(remote.resources))
      ctx.i18n.addResourceBundle(lang, remote.name, bundle, true, true);
    const build = (typeof __BUILD_LABEL__ === 'string' && __BUILD_LABEL__) || remote.version;
    return { name: remote.name, namespace: remote.name, build, routes: remote.routes() };
  };
}
