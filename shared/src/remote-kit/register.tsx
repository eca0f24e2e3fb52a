import type { RouteObject } from 'react-router';
import { installBaseApi } from 'shared/api';
import type { HostContext, RegisterRemote } from '../mf';
import type { RemoteName } from '../routes';
import { RemoteRouteError, RemoteRouteLoading } from './route-views';
import { once, warmAfterRender, type ScreenLoader, type WarmPlan } from './warm-screens';

export type { ScreenLoader, WarmPlan } from './warm-screens';

/**
 * Route objects with absolute paths for a remote's screens: each lazy, with the remote's
 * translated error view and the loading skeleton. `warm` names, per screen, the screens it leads to: once it has
 * rendered, their chunks load at idle (warm-screens.tsx), so the tap on a row does not wait for them.
 */
export function createRemoteRoutes(
  namespace: string,
  screens: Record<string, ScreenLoader>,
  warm: Record<string, WarmPlan> = {},
): RouteObject[] {
  const errorElement = <RemoteRouteError namespace={namespace} />;
  const hydrateFallbackElement = <RemoteRouteLoading />;
  const loaders = Object.fromEntries(Object.entries(screens).map(([path, load]) => [path, once(load)]));
  return Object.entries(loaders).map(([path, load]) => ({
    path,
    lazy: async () => {
      const Screen = await load();
      const plan = warm[path];
      return { Component: plan ? warmAfterRender(Screen, plan, loaders) : Screen };
    },
    errorElement,
    hydrateFallbackElement,
  }));
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
