/**
 * The host context without the shell's UI, used by the standalone dev host and by the
 * component-test helpers (the test host). It is built from the same code as the shell's
 * (shared/host-kit): the one store (`createHostStore`: session mirrored to localStorage, run-time
 * injection of slices and middleware) and the HTTP client (`createHttpClient`: POST form-encoded to
 * /api/vue with the session headers, `{status, msg, data}` envelope, refusals with field and values,
 * 401/404/503 handling), plus i18next with the `common` and `msg` namespaces (shared's own files).
 * Only the layout is missing: toasts are a list (and a listener), the loading counter is not shown.
 */
import type { AxiosAdapter, AxiosInstance } from 'axios';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { HostContext, SessionState } from '../mf';
import { messageResources } from '../messages';
import { languageToTag, type LanguageTag } from '../i18n';
import { createHostStore } from '../host-kit/store';
import { sessionChanged, sessionCleared } from '../host-kit/session';
import { createHttpClient } from '../host-kit/client';
import type { Toaster } from '../host-kit/toaster';
import zhCN from '../i18n/common/zh-CN.json';
import en from '../i18n/common/en.json';
import ja from '../i18n/common/ja.json';

/** The `common` namespace (shared/src/i18n/common; the shell loads the same files). */
export const COMMON_RESOURCES: Record<LanguageTag, Record<string, unknown>> = { 'zh-CN': zhCN, en, ja };

export interface MiniHostOptions {
  /** Initial session (defaults: empty token, language from localStorage or cn, market jpy). */
  session?: Partial<SessionState>;
  /** Site config values (kefu, title, logo ...). */
  config?: Record<string, string>;
  /** Fake HTTP (tests): an axios adapter answering every call. */
  adapter?: AxiosAdapter;
  /** Base URL of the API (default /api/vue/). */
  baseURL?: string;
  /** Called for every toast with the translated text. */
  onToast?: (text: string) => void;
  /** Called when the toast on show is cleared (a 404 or 503 answer, as in the shell). */
  onToastCleared?: () => void;
  /** Called by `openPanel` (the dev host has no side panel). */
  onOpenPanel?: () => void;
  /** Called when the host navigates: /login/login after a logout or a 401. */
  onNavigate?: (path: string) => void;
  /** The host's `imageSource` (the page's inlined copies of site images); none by default, as a shell without it. */
  imageSource?: (url: string) => string;
  /** The host's `earlyAnswer` (index.html's answers for the first screen); none by default, as a shell without it. */
  earlyAnswer?: (path: string, request: Record<string, unknown>) => unknown;
  /** The host's `earlyChart` (index.html's day chart for the first screen); none by default, as a shell without it. */
  earlyChart?: HostContext['earlyChart'];
}

export interface MiniHost {
  ctx: HostContext;
  store: HostContext['store'];
  i18n: I18n;
  http: AxiosInstance;
  /** Translated toasts shown so far (tests assert on them). */
  toasts: string[];
  /** Paths the remote asked the host to preload (the dev host mounts every route up front, so it only records). */
  preloads: string[];
}

/** Creates the host context a remote's `register` receives, without any UI. */
export function createMiniHost(options: MiniHostOptions = {}): MiniHost {
  const { store, injectReducer } = createHostStore({
    ...(options.session ? { session: options.session } : {}),
    devChecks: false,
  });
  const getSession = () => store.getState().session;

  const i18n = i18next.createInstance();
  const tag = languageToTag(getSession().language);
  void i18n.use(initReactI18next).init({
    lng: tag,
    fallbackLng: 'zh-CN',
    ns: ['common', 'msg'],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: {
      'zh-CN': { common: COMMON_RESOURCES['zh-CN'], msg: messageResources('zh-CN') },
      en: { common: COMMON_RESOURCES.en, msg: messageResources('en') },
      ja: { common: COMMON_RESOURCES.ja, msg: messageResources('ja') },
    },
  });

  const toasts: string[] = [];
  const preloads: string[] = [];
  const showToast = (text: string) => {
    toasts.push(text);
    options.onToast?.(text);
  };
  // The list keeps every toast shown (tests assert on it); a clear (404/503) only hides the one on show.
  const toaster: Toaster = { show: (text) => showToast(text), clear: () => options.onToastCleared?.() };
  const navigate = (path: string) => options.onNavigate?.(path);

  const http = createHttpClient({
    getSession,
    t: (key, values) => i18n.t(key, values ?? {}),
    language: () => i18n.language,
    toaster,
    requestStarted: () => undefined,
    requestEnded: () => undefined,
    clearSession: () => store.dispatch(sessionCleared()),
    navigate,
    ...(options.adapter ? { adapter: options.adapter } : {}),
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  });

  const config = { ...(options.config ?? {}) };
  const ctx: HostContext = {
    store: store as unknown as HostContext['store'],
    injectReducer,
    i18n,
    http,
    getSession,
    getConfig: () => config,
    toast: (key, opts) => showToast(i18n.t(key, { ns: opts?.ns ?? 'common', ...(opts?.values ?? {}) })),
    logout: async () => {
      try {
        await http.post('/user/logout');
      } catch {
        // the session ends locally whatever the server says
      }
      store.dispatch(sessionCleared());
      setTimeout(() => navigate('/login/login'), 1000);
    },
    setSession: (patch) => store.dispatch(sessionChanged(patch)),
    openCustomerService: () => {
      if (config.kefu) window.open(config.kefu, '_blank', 'noopener');
      else showToast(i18n.t('msg:kefu_missing'));
    },
    openPanel: () => options.onOpenPanel?.(),
    preloadScreen: (path) => void preloads.push(path),
    ...(options.imageSource ? { imageSource: options.imageSource } : {}),
    ...(options.earlyAnswer ? { earlyAnswer: options.earlyAnswer } : {}),
    ...(options.earlyChart ? { earlyChart: options.earlyChart } : {}),
  };
  return { ctx, store: ctx.store, i18n, http, toasts, preloads };
}
