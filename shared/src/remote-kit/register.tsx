import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { installBaseApi } from 'shared/api';
import type { HostContext, RegisterRemote } from '../mf';
import type { RemoteName } from '../routes';
import { RemoteRouteError, RemoteRouteLoading } from './route-views';

/** Loads one screen component (a dynamic import: one chunk per screen). */
export type ScreenLoader = () => Promise<ComponentType>;

/**
 * Route objects with absolute paths for a remote's screens: each lazy, with the remote's
 * translated error view and the loading skeleton.
 */
export function createRemoteRoutes(namespace: string, screens: Record<string, ScreenLoader>): RouteObject[] {
  const errorElement = <RemoteRouteError namespace={namespace} />;
  const hydrateFallbackElement = <RemoteRouteLoading />;
  return Object.entries(screens).map(([path, load]) => ({
    path,
    lazy: async () => ({ Component: await load() }),
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
