/** Root React tree: providers, the router once remotes.json is known, and the start-up screen. */
import { StrictMode, useEffect, useState } from 'react';
import { Provider, useSelector } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { ShellStore, RootState } from '../store/store';
import { selectStartup } from '../store/ui';
import { StartupScreen } from '../layout/startup-screen';
import { ServicesProvider, type ShellServices } from './services';
import type { ShellRouter } from '../router/router';

export interface AppProps {
  store: ShellStore;
  i18n: I18n;
  /** Set once remotes.json is loaded; until then only the start-up screen shows. */
  routing?: { router: ShellRouter; services: ShellServices };
}

function StartupOverlay() {
  const loaded = useSelector((s: RootState) => selectStartup(s).loaded !== 'pending');
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(() => setGone(true), reduced ? 0 : 320);
    return () => clearTimeout(timer);
  }, [loaded]);
  return gone ? null : <StartupScreen leaving={loaded} />;
}

export function App({ store, i18n, routing }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          {routing ? (
            <ServicesProvider value={routing.services}>
              <RouterProvider router={routing.router} />
            </ServicesProvider>
          ) : null}
          <StartupOverlay />
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
