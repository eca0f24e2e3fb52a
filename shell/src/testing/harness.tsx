/**
 * Test harness: the real shell (store, i18n, axios layer, loader, router, layout) with the
 * network faked at its two boundaries — an axios adapter for the API and a fake Module Federation
 * runtime for remotes.
 */
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, UNSAFE_createMemoryHistory, type RouteObject } from 'react-router';
import type { RemoteModule, RemotesRegistry, SessionState } from 'shared/mf';
import { BOTTOM_MENU, REMOTE_FOLDERS, REMOTE_NAMES, ROUTE_OWNERS } from 'shared/routes';
import { fakeApi } from 'shared/test-utils';
import { createShellStore } from '../store/store';
import { sessionChanged, sessionCleared } from 'shared/host-kit/session';
import { requestEnded, requestStarted } from '../store/ui';
import { createShellI18n } from '../i18n/i18n';
import { createToaster } from '../http/toaster';
import { createHttpClient } from 'shared/host-kit/client';
import { createResolver } from '../mf/resolve';
import { RemoteLoader } from '../mf/remote-loader';
import type { RemoteRuntime } from '../mf/runtime';
import type { UnavailableRemote } from '../mf/error-plugin';
import { createShellRouter } from '../router/router';
import { createAdminCheck } from '../mf/admin-check';
import { createHostContext } from '../app/host-context';
import { ServicesProvider, type ShellServices } from '../app/services';

/** remotes.json as the server builds it by default from shared/routes. */
export function defaultRegistry(): RemotesRegistry {
  return {
    remotes: REMOTE_NAMES.map((name) => ({
      name,
      entry: `/remotes/${REMOTE_FOLDERS[name]}/mf-manifest.json`,
      routes: [...ROUTE_OWNERS[name]],
      prefixes: [...new Set(ROUTE_OWNERS[name].map((p) => `/${p.split('/')[1]}/`))],
    })),
    menu: BOTTOM_MENU.map((m) => ({ ...m })),
  };
}

/** A remote whose every route shows "<name> <path>" in a heading. */
export function simpleRemote(
  name: string,
  build = '1.0.0',
  element?: (path: string) => RouteObject['element'],
): RemoteModule {
  return {
    register: () => ({
      name: name as never,
      namespace: name,
      build,
      routes: ROUTE_OWNERS[name as keyof typeof ROUTE_OWNERS].map((path) => ({
        path,
        element: element ? element(path) : <h1>{`${name} ${path}`}</h1>,
      })),
    }),
  };
}

export type FakeRemoteBehaviour = RemoteModule | 'down' | ((attempt: number) => RemoteModule | 'down');

/** A fake MF runtime: each remote answers a module or is down (the error plugin's unavailable module). */
export function fakeRuntime(behaviour: Partial<Record<string, FakeRemoteBehaviour>>) {
  const attempts: Record<string, number> = {};
  const registrations: Array<{ names: string[]; force: boolean }> = [];
  const loads: string[] = [];
  const preloads: string[] = [];
  const runtime: RemoteRuntime = {
    register: (remotes, force = false) => void registrations.push({ names: remotes.map((r) => r.name), force }),
    load: async (name) => {
      loads.push(name);
      attempts[name] = (attempts[name] ?? 0) + 1;
      const b = behaviour[name] ?? simpleRemote(name);
      const answer = typeof b === 'function' ? b(attempts[name]!) : b;
      if (answer === 'down') {
        const unavailable: UnavailableRemote = {
          remoteUnavailable: true,
          remote: name,
          error: new Error(`ScriptNetworkError: ${name} HTTP 500`),
        };
        return unavailable;
      }
      return answer;
    },
    preload: async (name) => void preloads.push(name),
  };
  return { runtime, behaviour, registrations, loads, preloads };
}

export interface MountOptions {
  path: string;
  session?: Partial<SessionState>;
  runtime?: ReturnType<typeof fakeRuntime>;
  api?: ReturnType<typeof fakeApi>;
  language?: 'cn' | 'us' | 'jp';
  open?: (url: string) => void;
}

export function mountShell(options: MountOptions) {
  localStorage.clear();
  if (options.language) localStorage.setItem('language', options.language);
  const { store, injectReducer } = createShellStore();
  if (options.session) store.dispatch(sessionChanged(options.session));
  const i18n = createShellI18n(store.getState().session.language);
  const toaster = createToaster(store.dispatch);
  const api = options.api ?? fakeApi({});
  const nav = { navigate: (_path: string) => undefined as void };
  const http = createHttpClient({
    getSession: () => store.getState().session,
    t: (key, values) => i18n.t(key, values ?? {}),
    language: () => i18n.language,
    toaster,
    requestStarted: () => store.dispatch(requestStarted()),
    requestEnded: () => store.dispatch(requestEnded()),
    clearSession: () => store.dispatch(sessionCleared()),
    navigate: (p) => nav.navigate(p),
    adapter: api,
  });
  const ctx = createHostContext({
    store,
    injectReducer,
    i18n,
    http,
    toaster,
    navigate: (p) => nav.navigate(p),
    open: options.open,
  });
  const registry = defaultRegistry();
  const resolver = createResolver(registry);
  const runtime = options.runtime ?? fakeRuntime({});
  // no turn-giving between a fake remote's steps: several suites drive the clock with fake timers
  const loader = new RemoteLoader(
    runtime.runtime,
    registry.remotes,
    () => ctx,
    () => Promise.resolve(),
  );
  loader.registerAll();
  const isAdmin = createAdminCheck(http, () => store.getState().session.token);
  const { router, retry, initialize } = createShellRouter({
    registry,
    resolver,
    loader,
    isLoggedIn: () => store.getState().session.token !== '',
    isAdmin,
    history: UNSAFE_createMemoryHistory({ initialEntries: [options.path] }),
  });
  initialize();
  nav.navigate = (p) => void router.navigate(p);
  const services: ShellServices = {
    registry,
    resolver,
    loader,
    http,
    ctx,
    retry,
    isAdmin,
    preloadPath: (p) => {
      const r = resolver.ownerOf(p);
      if (r) loader.preload(r.name);
    },
  };
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ServicesProvider value={services}>
          <RouterProvider router={router} />
        </ServicesProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, router, loader, runtime, api, ctx, i18n };
}
