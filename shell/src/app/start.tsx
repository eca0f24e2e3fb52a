/**
 * Progressive boot, stage 2: the rest of the shell (store, i18n, axios, MF runtime, router,
 * layout), loaded in parallel with the start-up screen (boot/boot.tsx) and handed the boot's
 * start-up store. Does the real work behind the remaining steps, in parallel where it can:
 *   starting    – this code has loaded and the shell's services exist;
 *   version     – (boot) remotes.json fetched and the first screen's remote manifest reachable;
 *   quote       – site config (type=all): title → document.title, logo = img_base + logo;
 *   colocation  – the user's assets when logged in (else skipped);
 *   warrant     – the first screen's remote loaded;
 *   loaded.
 */
import type { AxiosAdapter } from 'axios';
import type { RemoteRuntime } from '../mf/runtime';
import type { RouterDeps } from '../router/router';
import type { BootHandle, FirstScreen } from '../boot/boot';
import type { StartupStore } from '../boot/startup-state';
import type { RemoteLoader } from '../mf/remote-loader';
import type { RemoteEntry } from 'shared/mf';
import { configByName, earlyConfig } from '../boot/early-config';
import { registerServiceWorker } from '../boot/register-sw';
import { yieldToMain } from '../boot/yield';
import type { ShellServices } from './services';
import { createAdminCheck, type AdminCheck } from '../mf/admin-check';

/*
 * The modules behind each step are imported when the step starts (`webpackMode: "eager"`: they
 * are in this chunk, nothing more is fetched), so evaluating the store, i18next, axios, the router
 * and the app happens in separate tasks with a turn for the browser in between, not as one long
 * task when this chunk arrives (docs/decisions/0011-first-paint-from-html.md).
 */
const loadStore = () =>
  Promise.all([
    import(/* webpackMode: "eager" */ '../store/store'),
    import(/* webpackMode: "eager" */ 'shared/host-kit/session'),
    import(/* webpackMode: "eager" */ '../store/ui'),
  ]);
const loadI18n = () => import(/* webpackMode: "eager" */ '../i18n/i18n');
const loadHttp = () =>
  Promise.all([
    import(/* webpackMode: "eager" */ '../http/toaster'),
    import(/* webpackMode: "eager" */ 'shared/host-kit/client'),
    import(/* webpackMode: "eager" */ './host-context'),
  ]);
const loadMf = () =>
  Promise.all([
    import(/* webpackMode: "eager" */ '../mf/runtime'),
    import(/* webpackMode: "eager" */ '../mf/remote-loader'),
  ]);
const loadPreload = () => import(/* webpackMode: "eager" */ '../mf/preload-screen');
const loadRouter = () => import(/* webpackMode: "eager" */ '../router/router');
const loadApp = () => import(/* webpackMode: "eager" */ './app');

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1500);

/** Test seams: the network at its two boundaries and the router's history. */
export interface StartShellOptions {
  adapter?: AxiosAdapter;
  mf?: { runtime: RemoteRuntime; provideEarly: (url: string, response: Promise<Response>) => void };
  history?: RouterDeps['history'];
}

/** The store, i18n, the axios layer and the host context; `nav` is bound to the remote loader and router later. */
async function createCore(options: StartShellOptions) {
  // this chunk's own evaluation (its script's task) apart from the store's code and the store
  await yieldToMain();
  const [{ createShellStore }, { selectLoggedIn, sessionCleared }, { configLoaded, requestEnded, requestStarted }] =
    await loadStore();
  const { store, injectReducer } = createShellStore();
  const session = store.getState().session;
  await yieldToMain();
  const { createShellI18n } = await loadI18n();
  // i18next's and the catalogues' code evaluated in one task, the instance made in the next
  await yieldToMain();
  const i18n = createShellI18n(session.language);
  await yieldToMain();
  const [{ createToaster }, { createHttpClient }, { createHostContext }] = await loadHttp();

  const toaster = createToaster(store.dispatch);
  const nav = {
    navigate: (path: string) => void (window.location.hash = `#${path}`),
    // bound to the remote loader below; nothing to preload before it exists
    preload: (_path: string): void => undefined,
  };
  const http = createHttpClient({
    getSession: () => store.getState().session,
    t: (key, values) => i18n.t(key, values ?? {}),
    language: () => i18n.language,
    toaster,
    requestStarted: () => store.dispatch(requestStarted()),
    requestEnded: () => store.dispatch(requestEnded()),
    clearSession: () => store.dispatch(sessionCleared()),
    navigate: (path) => nav.navigate(path),
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const ctx = createHostContext({
    store,
    injectReducer,
    i18n,
    http,
    toaster,
    navigate: (p) => nav.navigate(p),
    preloadScreen: (p) => nav.preload(p),
  });
  const loggedIn = () => selectLoggedIn(store.getState());
  return { store, session, i18n, http, ctx, nav, loggedIn, configLoaded };
}

type Core = Awaited<ReturnType<typeof createCore>>;

/** quote: site config (index.html's early answer when it succeeded, else through the axios layer). */
function startConfig({ store, http, configLoaded }: Core, startup: StartupStore): Promise<void> {
  return earlyConfig()
    .then(async (early) => early ?? configByName((await http.post('/common/config', { type: 'all' })).data?.data) ?? {})
    .then((config) => {
      store.dispatch(configLoaded(config));
      startup.setConfig(config);
      if (config.title) document.title = config.title;
      startup.step('quote', 'done');
    })
    .catch(() => startup.step('quote', 'failed'));
}

/** colocation: the user's assets (skipped without a session). */
function startAssets({ http, session }: Core, startup: StartupStore, loggedIn: boolean): Promise<void> {
  return loggedIn
    ? import('../layout/panel-data')
        .then(({ loadPanelFigures }) => loadPanelFigures(http, session.market))
        .then(
          () => startup.step('colocation', 'done'),
          () => startup.step('colocation', 'failed'),
        )
    : Promise.resolve(startup.step('colocation', 'skipped'));
}

/** The MF runtime and remote loader, then the router: `nav` bound to both, the router's first match made. */
async function startRouting({ http, ctx, nav, store, loggedIn }: Core, first: FirstScreen, options: StartShellOptions) {
  const { registry, resolver } = first;
  await yieldToMain();
  const [{ createMfRuntime }, { RemoteLoader }] = await loadMf();
  const { runtime, provideEarly } =
    options.mf ??
    createMfRuntime((remote, error, lifecycle) =>
      console.warn(`[shell] remote ${remote} failed (${lifecycle})`, error),
    );
  if (first.manifest) provideEarly(first.manifest.url, first.manifest.response);
  const loader = new RemoteLoader(runtime, registry.remotes, () => ctx);
  loader.registerAll();
  nav.preload = (path) => void loadPreload().then(({ preloadScreen }) => preloadScreen({ resolver, loader }, path));
  await yieldToMain();
  const { createShellRouter } = await loadRouter();
  await yieldToMain();

  const isAdmin = createAdminCheck(http, () => store.getState().session.token);
  const { router, retry, initialize } = createShellRouter({
    registry,
    resolver,
    loader,
    isLoggedIn: loggedIn,
    isAdmin,
    ...(options.history ? { history: options.history } : {}),
  });
  // made in one task, its first match in the next (router/router.tsx)
  await yieldToMain();
  initialize();
  nav.navigate = (path) => void router.navigate(path);
  return { loader, router, retry, isAdmin };
}

/**
 * warrant: the first screen's remote
 * (the back office only for a session whose server-side roles allow it: never fetched for anyone else)
 */
function startWarrant(
  owner: RemoteEntry | undefined,
  loader: RemoteLoader,
  isAdmin: AdminCheck,
  startup: StartupStore,
): Promise<void> {
  const mayLoad = owner?.name === 'mf_admin' ? isAdmin() : Promise.resolve(true);
  return owner
    ? mayLoad.then((allowed) =>
        allowed
          ? loader.load(owner.name).then(
              () => startup.step('warrant', 'done'),
              () => startup.step('warrant', 'failed'),
            )
          : startup.step('warrant', 'skipped'),
      )
    : Promise.resolve(startup.step('warrant', 'skipped'));
}

/**
 * Warm the remotes of the bottom menu (the next likely screens) when the browser is idle: their
 * files into the network cache, none of their code run until one is visited.
 */
function warmMenu({ registry, resolver }: FirstScreen, loader: RemoteLoader): void {
  idle(() => {
    for (const item of registry.menu) {
      const remote = resolver.ownerOf(item.path);
      if (remote) loader.warm(remote.name);
    }
  });
}

export async function startShell(boot: BootHandle, options: StartShellOptions = {}): Promise<void> {
  const { startup } = boot;
  const core = await createCore(options);
  startup.step('starting', 'done');

  const configWork = startConfig(core, startup);
  const assetsWork = startAssets(core, startup, core.loggedIn());

  // version (checked by the boot): without remotes.json nothing can be routed; the boot shows the failure.
  const first = await boot.version.catch(() => null);
  if (!first) return;
  const { registry, resolver, owner } = first;
  const { loader, router, retry, isAdmin } = await startRouting(core, first, options);

  const services: ShellServices = {
    registry,
    resolver,
    loader,
    http: core.http,
    ctx: core.ctx,
    retry,
    isAdmin,
    preloadPath: (path) => {
      const remote = resolver.ownerOf(path);
      if (remote) loader.preload(remote.name);
    },
  };
  await yieldToMain();
  const { App } = await loadApp();
  await yieldToMain();
  boot.show(<App store={core.store} i18n={core.i18n} router={router} services={services} />);
  await yieldToMain();

  const warrantWork = startWarrant(owner, loader, isAdmin, startup);
  const versionWork = first.manifest?.response.then(
    () => undefined,
    () => undefined,
  );
  await Promise.all([versionWork, configWork, assetsWork, warrantWork]);
  startup.step('loaded', 'done');
  registerServiceWorker();
  warmMenu(first, loader);
}
