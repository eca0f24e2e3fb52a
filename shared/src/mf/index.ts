/**
 * The contract between the shell (host) and each remote. A remote exposes exactly one module,
 * `./register`, whose `register` export has the type {@link RegisterRemote}. The shell never
 * imports anything else from a remote.
 */
import type { AxiosInstance } from 'axios';
import type { i18n as I18n } from 'i18next';
import type { RouteObject } from 'react-router';
import type { EnhancedStore, Reducer } from '@reduxjs/toolkit';
import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from '../routes';

export type Language = 'cn' | 'us' | 'jp';
export type Market = 'jpy' | 'usd' | 'cny';

/** The session as the store and localStorage keep it (keys exactly as spec §3). */
export interface SessionState {
  token: string;
  account: string;
  is_admin: string;
  language: Language;
  market: Market;
}

/** What the shell hands to every remote's `register`. */
export interface HostContext {
  /** The one Redux store. */
  store: EnhancedStore;
  /** Adds a remote's slice to the store (RTK `combineSlices().inject`). */
  injectReducer: (name: string, reducer: Reducer) => void;
  /** The shell's i18next instance; a remote adds its namespace with `addResourceBundle`. */
  i18n: I18n;
  /** The shell's axios instance: headers, loading counter, toasts and 401 handling included. */
  http: AxiosInstance;
  /** Read the current session. */
  getSession: () => SessionState;
  /** Site config values (`common/config` with type=all), by name. */
  getConfig: () => Record<string, string>;
  /** Shows a translated toast for 2000 ms (key of the common or the remote's namespace). */
  toast: (messageKey: string, options?: { ns?: string; values?: Record<string, unknown> }) => void;
  /** Clears the session and goes to /login/login after 1 s (spec §4 "exit"). */
  logout: () => Promise<void>;
  /** Stores a new token/account after login. */
  setSession: (patch: Partial<SessionState>) => void;
  /** Opens the customer-service link from site config (translated error when missing). */
  openCustomerService: () => void;
  /** Opens the user side panel. */
  openPanel: () => void;
  /**
   * Fetches and evaluates the code of the screen at `path` (its remote and the screen's chunks) without showing it,
   * so a navigation expected soon renders at once (e.g. home while the login request is in flight). Never fails.
   */
  preloadScreen: (path: string) => void;
  /**
   * The source to show an image of the site config from (the logo): the page's inlined copy when the page carries
   * one for that URL (docs/decisions/0011-first-paint-from-html.md), else the URL. Optional: a shell built before it
   * has none, and a remote then shows the URL.
   */
  imageSource?: (url: string) => string;
  /**
   * The `data` of the answer index.html already has for exactly this call (API `path` without /api/vue, and its
   * request fields), asked before any JavaScript for the first screen (today a stock page's deep link asks for its
   * quote, docs/decisions/0030-early-quote-from-html.md); undefined when there is none, it failed, or the first
   * screen has already been shown. Read it through shared/remote-kit `earlyData`, which checks it against the
   * contract. Optional: a shell built before it has none, and the screen asks the server as usual.
   */
  earlyAnswer?: (path: string, request: Record<string, unknown>) => unknown;
  /**
   * The day chart index.html drew for a stock page's deep link (docs/decisions/0030-early-quote-from-html.md, "The
   * early chart"), handed over once to the screen's chart for that stock, which shows it in its place until its own
   * chart has drawn (then drops it). Undefined when none was drawn, it was taken, another stock is asked for, or the
   * first screen has been shown. Take it in a layout effect (the screen's first commit): it is gone once the shell
   * releases the early paint. Optional: a shell built before it has none, and the chart shows its skeleton.
   */
  earlyChart?: (market: Market, code: string) => HTMLElement | undefined;
}

/** What a remote's `register` returns: its routes (screens lazy, one errorElement per remote). */
export interface RemoteRegistration {
  name: RemoteName;
  /** i18n namespace the remote added. */
  namespace: string;
  /** Build label of this remote (BUILD_LABEL at build time, else its package version); the shell
   *  puts it on the remote's scope element as data-build so a deployment can be verified. */
  build: string;
  /** Route objects with absolute paths from the route table in `shared/routes`. */
  routes: RouteObject[];
}

export type RegisterRemote = (ctx: HostContext) => RemoteRegistration | Promise<RemoteRegistration>;

/** The module shape each remote exposes as `./register`. */
export interface RemoteModule {
  register: RegisterRemote;
}

/** remotes.json, fetched by the shell at start-up with no-cache. */
export const remoteEntrySchema = z.object({
  name: z.enum(REMOTE_NAMES),
  /** URL of the remote's mf-manifest.json (absolute or relative to the page). */
  entry: z.string().min(1),
  /** Exact route paths the remote serves. */
  routes: z.array(z.string().startsWith('/')),
  /** Path prefixes for menu highlighting and preloading. */
  prefixes: z.array(z.string()),
});
export const remotesRegistrySchema = z.object({
  remotes: z.array(remoteEntrySchema),
  menu: z.array(z.object({ path: z.string(), labelKey: z.string(), icon: z.string() })),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;
export type RemotesRegistry = z.infer<typeof remotesRegistrySchema>;

/** Maps the spec's language codes to i18next language tags. */
export const LANGUAGE_TAGS: Record<Language, string> = { cn: 'zh-CN', us: 'en', jp: 'ja' };
export const LANGUAGES: readonly Language[] = ['cn', 'us', 'jp'];
export const MARKETS: readonly Market[] = ['jpy', 'usd', 'cny'];
