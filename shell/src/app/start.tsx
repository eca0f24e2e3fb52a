/**
 * Start-up (spec §1): paints the start-up screen at once, then does the real work behind each
 * step, in parallel where it can:
 *   starting    – this code runs;
 *   version     – remotes.json fetched and the first screen's remote manifest reachable;
 *   quote       – site config (type=all): title → document.title, logo = img_base + logo;
 *   colocation  – the user's assets when logged in (else skipped);
 *   warrant     – the first screen's remote loaded;
 *   loaded.
 */
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { createShellStore } from '../store/store';
import { selectLoggedIn } from '../store/session';
import { configLoaded, panelToggled, requestEnded, requestStarted, startupFailed, startupStep, type StartupStep, type StepStatus } from '../store/ui';
import { sessionCleared } from '../store/session';
import { createShellI18n } from '../i18n/i18n';
import { createToaster } from '../http/toaster';
import { createHttpClient } from '../http/client';
import { fetchRegistry, manifestUrl } from '../mf/registry';
import { createResolver, firstScreen } from '../mf/resolve';
import { createMfRuntime } from '../mf/runtime';
import { RemoteLoader } from '../mf/remote-loader';
import { createShellRouter } from '../router/router';
import { createHostContext } from './host-context';
import { applyUpDown, readUpDown } from './updown';
import { App } from './app';
import type { ShellServices } from './services';

interface EarlyManifest {
  url: string;
  response: Promise<Response>;
}

function currentPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1500);

export async function start(container: HTMLElement): Promise<void> {
  const { store, injectReducer } = createShellStore();
  const step = (s: StartupStep, status: StepStatus): void => void store.dispatch(startupStep({ step: s, status }));
  const session = store.getState().session;
  const i18n = createShellI18n(session.language);
  document.documentElement.lang = i18n.language;
  applyUpDown(readUpDown(session.language));

  const toaster = createToaster(store.dispatch);
  const nav = { navigate: (path: string) => void (window.location.hash = `#${path}`) };
  const http = createHttpClient({
    getSession: () => store.getState().session,
    t: (key, values) => i18n.t(key, values ?? {}),
    language: () => i18n.language,
    toaster,
    requestStarted: () => store.dispatch(requestStarted()),
    requestEnded: () => store.dispatch(requestEnded()),
    clearSession: () => store.dispatch(sessionCleared()),
    navigate: (path) => nav.navigate(path),
  });
  const ctx = createHostContext({ store, injectReducer, i18n, http, toaster, navigate: (p) => nav.navigate(p) });

  // First paint: the start-up screen, before any network.
  const root: Root = createRoot(container);
  root.render(<App store={store} i18n={i18n} />);
  step('starting', 'done');

  const loggedIn = selectLoggedIn(store.getState());

  // quote: site config
  const configWork = http
    .post('/common/config', { type: 'all' })
    .then((res) => {
      const config: Record<string, string> = {};
      for (const entry of (res.data?.data ?? []) as Array<{ name: string; value: string }>) config[entry.name] = String(entry.value ?? '');
      store.dispatch(configLoaded(config));
      if (config.title) document.title = config.title;
      step('quote', 'done');
    })
    .catch(() => step('quote', 'failed'));

  // colocation: the user's assets (skipped without a session)
  const assetsWork = loggedIn
    ? import('../layout/panel-data').then(({ loadPanelFigures }) => loadPanelFigures(http, session.market)).then(
        () => step('colocation', 'done'),
        () => step('colocation', 'failed'),
      )
    : Promise.resolve(step('colocation', 'skipped'));

  // version: remotes.json + the first screen's remote manifest
  let registry;
  try {
    registry = await fetchRegistry();
  } catch (error) {
    console.error('[shell] remotes.json', error);
    step('version', 'failed');
    store.dispatch(startupFailed());
    return;
  }
  const resolver = createResolver(registry);
  const first = firstScreen(currentPath(), loggedIn);
  const owner = resolver.ownerOf(first);

  const { runtime, provideEarly } = createMfRuntime((remote, error, lifecycle) => console.warn(`[shell] remote ${remote} failed (${lifecycle})`, error));
  const loader = new RemoteLoader(runtime, registry.remotes, () => ctx);
  loader.registerAll();

  let versionWork: Promise<void> = Promise.resolve(step('version', 'done'));
  if (owner) {
    const url = manifestUrl(owner);
    const early = (window as { __earlyManifest?: EarlyManifest }).__earlyManifest;
    const response = early && new URL(early.url, window.location.href).href === url ? early.response : fetch(url);
    provideEarly(url, response);
    versionWork = response.then(
      (res) => step('version', res.ok ? 'done' : 'failed'),
      () => step('version', 'failed'),
    );
  }

  const { router, retry } = createShellRouter({ registry, resolver, loader, isLoggedIn: () => selectLoggedIn(store.getState()) });
  nav.navigate = (path) => void router.navigate(path);
  router.subscribe(() => {
    // leaving a screen closes the panel (its links navigate)
    if (store.getState().ui.panelOpen) store.dispatch(panelToggled(false));
  });

  const services: ShellServices = {
    registry,
    resolver,
    loader,
    http,
    ctx,
    retry,
    preloadPath: (path) => {
      const remote = resolver.ownerOf(path);
      if (remote) loader.preload(remote.name);
    },
  };
  root.render(<App store={store} i18n={i18n} routing={{ router, services }} />);

  // warrant: the first screen's remote
  const warrantWork = owner
    ? loader.load(owner.name).then(
        () => step('warrant', 'done'),
        () => step('warrant', 'failed'),
      )
    : Promise.resolve(step('warrant', 'skipped'));

  await Promise.all([versionWork, configWork, assetsWork, warrantWork]);
  step('loaded', 'done');

  // Warm the remotes of the bottom menu (the next likely screens) when the browser is idle.
  idle(() => {
    for (const item of registry.menu) services.preloadPath(item.path);
  });
}
