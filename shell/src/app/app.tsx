/**
 * The app behind the start-up screen: providers and the router. Rendered by app/start.tsx into
 * the boot's root (boot/boot.tsx wraps it in StrictMode next to the start-up overlay).
 */
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { ShellStore } from '../store/store';
import { ServicesProvider, type ShellServices } from './services';
import type { ShellRouter } from '../router/router';

export interface AppProps {
  store: ShellStore;
  i18n: I18n;
  router: ShellRouter;
  services: ShellServices;
}

export function App({ store, i18n, router, services }: AppProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ServicesProvider value={services}>
          <RouterProvider router={router} />
        </ServicesProvider>
      </I18nextProvider>
    </Provider>
  );
}
