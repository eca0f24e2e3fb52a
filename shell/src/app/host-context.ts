/** The HostContext every remote's `register` receives (shared/mf). */
import type { AxiosInstance } from 'axios';
import type { i18n as I18n } from 'i18next';
import type { Reducer } from '@reduxjs/toolkit';
import type { HostContext } from 'shared/mf';
import { sessionChanged, sessionCleared } from 'shared/host-kit/session';
import { logoSource } from '../boot/early-config';
import { earlyAnswer, takeEarlyChart } from '../boot/early-answers';
import { panelToggled } from '../store/ui';
import type { ShellStore } from '../store/store';
import type { Toaster } from 'shared/host-kit/toaster';

/** Exit redirect delay (spec §4, §9). */
export const EXIT_REDIRECT_MS = 1000;

export interface HostContextDeps {
  store: ShellStore;
  injectReducer: (name: string, reducer: Reducer) => void;
  i18n: I18n;
  http: AxiosInstance;
  toaster: Toaster;
  navigate: (path: string) => void;
  /** Loads a screen's code ahead of a navigation (bound once the remote loader exists). */
  preloadScreen?: (path: string) => void;
  open?: (url: string) => void;
}

export function createHostContext(deps: HostContextDeps): HostContext {
  const { store, i18n, toaster } = deps;
  return {
    store: store as unknown as HostContext['store'],
    injectReducer: deps.injectReducer,
    i18n,
    http: deps.http,
    getSession: () => store.getState().session,
    getConfig: () => store.getState().ui.config,
    toast: (key, options) => toaster.show(i18n.t(key, { ns: options?.ns ?? 'common', ...(options?.values ?? {}) })),
    logout: async () => {
      try {
        await deps.http.post('/user/logout');
      } catch {
        // the session ends here whatever the server answers
      }
      store.dispatch(sessionCleared());
      store.dispatch(panelToggled(false));
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          deps.navigate('/login/login');
          resolve();
        }, EXIT_REDIRECT_MS),
      );
    },
    setSession: (patch) => store.dispatch(sessionChanged(patch)),
    openCustomerService: () => {
      const kefu = store.getState().ui.config.kefu;
      if (kefu) (deps.open ?? ((url: string) => window.open(url, '_blank', 'noopener,noreferrer')))(kefu);
      else toaster.show(i18n.t('msg:kefu_missing'));
    },
    openPanel: () => store.dispatch(panelToggled(true)),
    preloadScreen: (path) => deps.preloadScreen?.(path),
    imageSource: (url) => logoSource(url),
    earlyAnswer: (path, request) => earlyAnswer(path, request),
    earlyChart: (market, code) => takeEarlyChart(market, code),
  };
}
