import type { ComponentType, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { getHost, NAMESPACE } from '../lib/host';

/**
 * The shell's store and i18n instance around every screen of this remote, so the remote renders the
 * same whether the shell's own providers reach it or not (standalone dev host, tests).
 */
export function RemoteProviders({ children }: { children: ReactNode }) {
  const host = getHost();
  return (
    <Provider store={host.store}>
      <I18nextProvider i18n={host.i18n} defaultNS={NAMESPACE}>
        {children}
      </I18nextProvider>
    </Provider>
  );
}

/** A screen component wrapped in {@link RemoteProviders}. */
export function withProviders(Screen: ComponentType): ComponentType {
  function ProvidedScreen() {
    return (
      <RemoteProviders>
        <Screen />
      </RemoteProviders>
    );
  }
  ProvidedScreen.displayName = `mf_account(${Screen.displayName ?? Screen.name})`;
  return ProvidedScreen;
}
