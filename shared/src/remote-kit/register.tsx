import type { RouteObject } from 'react-router';
import type { HostContext, RegisterRemote } from '../mf';
import type { RemoteName } from '../routes';
import { connectApi } from './connect-api';
import { RemoteRouteError, RemoteRouteLoading } from './route-views';
import { once, warmAfterRender, type ScreenLoader, type WarmPlan } from './warm-screens';

export type { ScreenLoader, WarmPlan } from './warm-screens';

/**
 * Starts a screen's first requests when the navigation to it starts (the address it goes to), instead of after the
 * screen has rendered: a tap on a list row asks for the stock's quote and candles at once, while the router resolves
 * the screen (issue 15: warm navigation). It must ask with exactly the arguments the screen's queries use, so the
 * screen finds them in flight or answered; it never waits for them and never decides what the screen shows.
 */
export type RouteStart = (url: URL) => unknown;

/**
 * A route `loader` that only starts `start` and answers `null` at once: react-router runs a static loader beside the
 * route's `lazy` (never after it), and the screen renders as soon as its chunks are there. `createRegister` runs it
 * once the shared API is connected. A failure is forgotten (the screen's own queries ask again and show it).
 */
function startLoader(start: RouteStart): NonNullable<RouteObject['loader']> {
  return ({ request }) => {
    const url = new URL(request.url);
    // forgotten when it fails: the screen asks for itself
    void Promise.resolve()
      .then(() => start(url))
      .catch(() => undefined);
    return null;
  };
}

/**
 * Route objects with absolute paths for a remote's screens: each lazy, with the remote's
 * translated error view and the loading skeleton. `warm` names, per screen, the screens it leads to: once it has
 * rendered, their chunks load at idle (warm-screens.tsx), so the tap on a row does not wait for them. `starts` names,
 * per screen, the requests it makes first, started with the navigation (see `RouteStart`).
 */
export function createRemoteRoutes(
  namespace: string,
  screens: Record<string, ScreenLoader>,
  warm: Record<string, WarmPlan> = {},
  starts: Record<string, RouteStart> = {},
): RouteObject[] {
  const errorElement = <RemoteRouteError namespace={namespace} />;
  const hydrateFallbackElement = <RemoteRouteLoading />;
  const loaders = Object.fromEntries(Object.entries(screens).map(([path, load]) => [path, once(load)]));
  return Object.entries(loaders).map(([path, load]) => {
    const start = starts[path];
    return {
      path,
      lazy: async () => {
        const Screen = await load();
        const plan = warm[path];
        return { Component: plan ? warmAfterRender(Screen, plan, loaders) : Screen };
      },
      ...(start ? { loader: startLoader(start) } : {}),
      errorElement,
      hydrateFallbackElement,
    };
  });
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
 * The route, its lazy screen resolved only once the shared API is connected too (both loading at once). Its loader
 * (a start of `createRemoteRoutes`, which only starts requests) runs once the API is connected, not waited for.
 */
function withApi(route: RouteObject, ctx: HostContext): RouteObject {
  const { lazy, loader } = route;
  const started: Partial<RouteObject> =
    typeof loader === 'function'
      ? {
          loader: (args) => {
            void connectApi(ctx)
              .then(() => loader(args))
              .catch(() => undefined);
            return null;
          },
        }
      : {};
  if (typeof lazy !== 'function') return { ...route, ...started } as RouteObject;
  return { ...route, ...started, lazy: async () => (await Promise.all([lazy(), connectApi(ctx)]))[0] } as RouteObject;
}

/**
 * The `register` of a remote whose locales ship in its register chunk: keeps the host context, adds the namespace
 * in every language and answers the routes. The shared RTK Query API is connected by the routes' lazy loads, beside
 * the screen's chunks, not here: `register` consuming `shared/api` made a cold start fetch RTK Query, then run
 * `register`, and only then start the screen's chunks, one more round trip on a phone's link (bench/MEASUREMENTS.md,
 * 2026-11-25 evening).
 */
export function createRegister(remote: RemoteDefinition): RegisterRemote {
  return (ctx) => {
    remote.setHost(ctx);
    for (const [lang, bundle] of Object.entries(remote.resources))
      ctx.i18n.addResourceBundle(lang, remote.name, bundle, true, true);
    const build = (typeof __BUILD_LABEL__ === 'string' && __BUILD_LABEL__) || remote.version;
    return { name: remote.name, namespace: remote.name, build, routes: remote.routes().map((r) => withApi(r, ctx)) };
  };
}
