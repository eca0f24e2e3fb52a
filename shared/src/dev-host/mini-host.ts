/**
 * A small stand-in for the shell's host context, used by the standalone dev host and by the
 * component-test helpers. It mirrors the shell's contract (one store built with combineSlices and
 * run-time injection, i18next with the `common` and `msg` namespaces, an axios instance POSTing
 * form-encoded to /api/vue with the session headers and `{status, msg, data}` handling) without
 * the shell's layout. The real host is shell/src; keep the two in step.
 */
import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  createSlice,
  type Middleware,
  type PayloadAction,
  type Reducer,
} from '@reduxjs/toolkit';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { HostContext, SessionState } from '../mf';
import { messageResources, isMessageKey } from '../messages';
import { languageToTag, HAN_RE, type LanguageTag } from '../i18n';
import { httpFailure, refusalDetails } from '../api/http-failure';

/** Same action type as the shell's store (shell/src/store/store.ts): adds a middleware at run time. */
const INJECT_MIDDLEWARE = 'shell/middlewareInjected';

/**
 * The shell's `common` strings (shell/src/locales). Loaded with require so the shared package's own
 * TypeScript build does not pull files from outside its rootDir; webpack and jest resolve it.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- JSON outside shared's rootDir, see above */
export const COMMON_RESOURCES: Record<LanguageTag, Record<string, unknown>> = {
  'zh-CN': require('../../../shell/src/locales/zh-CN.json'),
  en: require('../../../shell/src/locales/en.json'),
  ja: require('../../../shell/src/locales/ja.json'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

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
  /** Called by `openPanel` (the dev host has no side panel). */
  onOpenPanel?: () => void;
  /** Called when logout wants to navigate to /login/login. */
  onNavigate?: (path: string) => void;
}

export interface MiniHost {
  ctx: HostContext;
  store: HostContext['store'];
  i18n: I18n;
  http: AxiosInstance;
  /** Translated toasts shown so far (tests assert on them). */
  toasts: string[];
}

function readStoredSession(): SessionState {
  const ls = typeof localStorage === 'undefined' ? undefined : localStorage;
  const language = ls?.getItem('language');
  return {
    token: ls?.getItem('token') ?? '',
    account: ls?.getItem('account') ?? '',
    is_admin: ls?.getItem('is_admin') ?? '',
    language: language === 'us' || language === 'jp' ? language : 'cn',
    market: (ls?.getItem('market') as SessionState['market']) || 'jpy',
  };
}

/** Creates the host context a remote's `register` receives, without any UI. */
export function createMiniHost(options: MiniHostOptions = {}): MiniHost {
  const initial = { ...readStoredSession(), ...options.session };
  const session = createSlice({
    name: 'session',
    initialState: initial,
    reducers: {
      sessionPatched: (state, action: PayloadAction<Partial<SessionState>>) => ({ ...state, ...action.payload }),
    },
  });
  const rootReducer = combineSlices(session).withLazyLoadedSlices<Record<string, unknown>>();
  const dynamic = createDynamicMiddleware();
  const injector: Middleware = () => (next) => (action) => {
    const a = action as { type?: string; payload?: Middleware };
    if (a.type === INJECT_MIDDLEWARE && a.payload) return dynamic.addMiddleware(a.payload);
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(injector, dynamic.middleware),
  });

  const i18n = i18next.createInstance();
  const tag = languageToTag(initial.language);
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
  const showToast = (text: string) => {
    toasts.push(text);
    options.onToast?.(text);
  };
  const translateMsg = (msg: string, values?: Record<string, unknown>) => {
    if (isMessageKey(msg)) return i18n.t(`msg:${msg}`, values ?? {});
    if (i18n.language === 'en' && HAN_RE.test(msg)) return i18n.t('msg:unknown_error');
    return msg;
  };

  const getSession = () => (store.getState() as { session: SessionState }).session;
  const http = axios.create({ baseURL: options.baseURL ?? '/api/vue/', adapter: options.adapter });
  http.interceptors.request.use((config) => {
    const s = getSession();
    config.method = 'post';
    if (!(config.data instanceof FormData) && !(config.data instanceof URLSearchParams)) {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries((config.data ?? {}) as Record<string, unknown>))
        if (v !== undefined && v !== null) form.append(k, String(v));
      config.data = form;
    }
    if (s.token) config.headers.set('token', s.token);
    if (s.account) config.headers.set('account', s.account);
    if (s.is_admin) config.headers.set('is-admin', s.is_admin);
    return config;
  });
  http.interceptors.response.use(
    (response) => {
      const body = response.data as { status?: unknown; msg?: unknown } | undefined;
      if (body && typeof body === 'object' && 'status' in body && body.status !== 1) {
        const msg = String(body.msg ?? 'unknown_error');
        showToast(translateMsg(msg));
        // Like the shell (shell/src/http/client.ts): the refusal keeps its field and values.
        return Promise.reject(
          httpFailure('business', response.status, msg, (body as { data?: unknown }).data, refusalDetails(body)),
        );
      }
      return response;
    },
    (error: { response?: { status: number; data?: { msg?: unknown } } }) => {
      if (!error.response) {
        showToast(i18n.t('msg:network_error'));
        return Promise.reject(httpFailure('network', 0, 'network_error'));
      }
      const msg = typeof error.response.data?.msg === 'string' ? error.response.data.msg : 'request_failed';
      showToast(translateMsg(msg, { status: error.response.status }));
      return Promise.reject(httpFailure('http', error.response.status, msg));
    },
  );

  const config = { ...(options.config ?? {}) };
  const ctx: HostContext = {
    store: store as unknown as HostContext['store'],
    injectReducer: (name: string, reducer: Reducer) => {
      rootReducer.inject({ reducerPath: name, reducer } as never, { overrideExisting: true });
    },
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
      store.dispatch(session.actions.sessionPatched({ token: '', account: '' }));
      localStorage.removeItem('token');
      localStorage.removeItem('account');
      setTimeout(() => options.onNavigate?.('/login/login'), 1000);
    },
    setSession: (patch) => {
      store.dispatch(session.actions.sessionPatched(patch));
      for (const [k, v] of Object.entries(patch)) localStorage.setItem(k, String(v));
    },
    openCustomerService: () => {
      if (config.kefu) window.open(config.kefu, '_blank', 'noopener');
      else showToast(i18n.t('msg:kefu_missing'));
    },
    openPanel: () => options.onOpenPanel?.(),
  };
  return { ctx, store: ctx.store, i18n, http, toasts };
}
