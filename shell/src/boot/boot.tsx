/**
 * Progressive boot, stage 1: the shell's first paint. Needs only React, react-dom and this small
 * chunk (no router, Redux, i18next or axios): it paints the start-up screen at once, and at the
 * same time
 *   - starts loading the rest of the shell (app/start.tsx: store, i18n, axios, router, layout),
 *   - reads remotes.json (already requested by index.html) and checks the first screen's remote
 *     manifest: the `version` step,
 * then hands over to the rest of the shell, which drives the remaining steps and renders the app
 * behind the start-up screen in the same React root (the overlay is never re-mounted).
 */
import './schemas-without-eval';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { RemoteEntry, RemotesRegistry } from 'shared/mf';
import { fetchRegistry as fetchRemotesJson, manifestUrl } from '../mf/registry';
import { createResolver, firstScreen, type Resolver } from '../mf/resolve';
import { readSession } from 'shared/host-kit/session-storage';
import { applyUpDown, readUpDown } from '../app/updown';
import { createStartupStore, type StartupStore } from './startup-state';
import { startupT } from './startup-strings';
import { StartupOverlay } from './startup-screen';
import { earlyConfig, earlyConfigNow } from './early-config';
import { yieldToMain } from './yield';

/** The spec's language codes to i18next tags (shared/i18n LANGUAGE_TAGS, without its React import). */
export const BOOT_TAGS = { cn: 'zh-CN', us: 'en', jp: 'ja' } as const;

/** What the `version` step found: the registry and the first screen's remote. */
export interface FirstScreen {
  registry: RemotesRegistry;
  resolver: Resolver;
  /** The screen this visit shows first (`/` → /login/start, guarded without a session → login). */
  path: string;
  owner?: RemoteEntry;
  /** The owner's manifest request (from index.html or started here), handed to the MF runtime. */
  manifest?: { url: string; response: Promise<Response> };
}

export interface BootHandle {
  startup: StartupStore;
  /** Resolves once remotes.json is parsed; rejects when it cannot be loaded (already shown as a failure). */
  version: Promise<FirstScreen>;
  /** Renders the app behind the start-up screen (same root, StrictMode). */
  show: (app: ReactNode) => void;
}

/** The rest of the shell (app/start.tsx), loaded in parallel with the first paint. */
export interface ShellStage {
  startShell: (boot: BootHandle) => Promise<void>;
}

export interface BootOptions {
  loadShell: () => Promise<ShellStage>;
  fetchRegistry?: () => Promise<RemotesRegistry>;
  fetchManifest?: (url: string) => Promise<Response>;
  storage?: Pick<Storage, 'getItem'>;
  /** Retry after a failure (default: reload the page). */
  onRetry?: () => void;
}

interface EarlyManifest {
  url: string;
  response: Promise<Response>;
}

const currentPath = () => window.location.hash.replace(/^#/, '') || '/';

/**
 * Site config from index.html's early request: the logo and title at the first paint when it is
 * already in (the pre-rendered screen shows them too), else as soon as it arrives.
 */
function applyEarlyConfig(startup: StartupStore): void {
  const config = earlyConfigNow();
  if (config) startup.setConfig(config);
  else void earlyConfig().then((c) => c && Object.keys(startup.get().config).length === 0 && startup.setConfig(c));
}

/** Renders the tree into the container, hydrating the pre-rendered start-up screen when there is one. */
function mountRoot(container: HTMLElement, tree: () => ReactNode): () => void {
  // index.html paints the start-up screen before any JavaScript (pre-rendered at build time with
  // this component): hydrate it, so the painted elements (logo, title) stay the same nodes. The
  // marker goes first, so index.html's own config handler no longer touches the DOM.
  const prerendered = container.querySelector(':scope > [data-prerendered]');
  prerendered?.removeAttribute('data-prerendered');
  // The hydration runs in a transition: React renders it in slices with a turn for the browser
  // between them, instead of one task (docs/decisions/0013-short-tasks-after-first-paint.md).
  let hydrated: ReturnType<typeof hydrateRoot> | undefined;
  if (prerendered)
    startTransition(() => {
      hydrated = hydrateRoot(container, tree(), {
        // a screen that does not match (another state by now) is simply rendered afresh
        onRecoverableError: () => undefined,
      });
    });
  const root = hydrated ?? createRoot(container);
  const render = () => root.render(tree());
  if (!prerendered) render();
  return render;
}

/** The first screen of this visit and its owner's manifest request (index.html's when it asked for the same). */
function firstScreenOf(
  registry: RemotesRegistry,
  loggedIn: boolean,
  startup: StartupStore,
  fetchManifest: BootOptions['fetchManifest'],
): FirstScreen {
  const resolver = createResolver(registry);
  const path = firstScreen(currentPath(), loggedIn);
  const owner = resolver.ownerOf(path);
  if (!owner) {
    startup.step('version', 'done');
    return { registry, resolver, path };
  }
  const url = manifestUrl(owner);
  const early = (window as { __earlyManifest?: EarlyManifest }).__earlyManifest;
  const response =
    early && new URL(early.url, window.location.href).href === url ? early.response : (fetchManifest ?? fetch)(url);
  response.then(
    (res) => startup.step('version', res.ok ? 'done' : 'failed'),
    () => startup.step('version', 'failed'),
  );
  return { registry, resolver, path, owner, manifest: { url, response } };
}

/** version: remotes.json + the first screen's remote manifest. */
function checkVersion(options: BootOptions, loggedIn: boolean, startup: StartupStore): Promise<FirstScreen> {
  const version = (options.fetchRegistry ?? fetchRemotesJson)().then(
    (registry) => firstScreenOf(registry, loggedIn, startup, options.fetchManifest),
    (error: unknown) => {
      console.error('[shell] remotes.json', error);
      startup.step('version', 'failed');
      startup.fail();
      throw error;
    },
  );
  version.catch(() => undefined);
  return version;
}

export function boot(container: HTMLElement, options: BootOptions): BootHandle {
  // The rest of the shell starts downloading in the next task: its import() has the MF runtime
  // resolve every shared module stage 2 consumes and add their scripts, too much work to share a
  // task with the hydration's start (docs/decisions/0013-short-tasks-after-first-paint.md).
  const shell = yieldToMain().then(() => options.loadShell());

  const startup = createStartupStore();
  const session = readSession(options.storage);
  const tag = BOOT_TAGS[session.language];
  document.documentElement.lang = tag;
  applyUpDown(readUpDown(session.language));
  const t = startupT(tag);
  applyEarlyConfig(startup);

  let app: ReactNode = null;
  const overlay = <StartupOverlay store={startup} t={t} {...(options.onRetry ? { onRetry: options.onRetry } : {})} />;
  const render = mountRoot(container, () => (
    <StrictMode>
      {app}
      {overlay}
    </StrictMode>
  ));

  const version = checkVersion(options, session.token !== '', startup);
  const handle: BootHandle = {
    startup,
    version,
    show: (next) => {
      app = next;
      // a transition: React renders the app in slices and yields to the browser between them
      startTransition(render);
    },
  };

  shell
    .then((stage) => stage.startShell(handle))
    .catch((error: unknown) => {
      // The shell's own code could not be loaded (or start-up threw): nothing can go on.
      console.error('[shell] start-up', error);
      startup.step('starting', 'failed');
      startup.fail();
    });

  return handle;
}
