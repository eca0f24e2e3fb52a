/**
 * The app behind the start-up screen: providers and the router. Rendered by app/start.tsx into
 * the boot's root (boot/boot.tsx wraps it in StrictMode next to the start-up overlay).
 */
import { useLayoutEffect, useState } from 'react';
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

/**
 * RouterProvider that cannot miss the router's first state. RouterProvider reads `router.state` when it renders and
 * subscribes only in its layout effect; the app renders in a transition (boot.show), in slices with turns for the
 * browser between them, so the router's first navigation (a remote's routes patched in, its lazy screen) can finish
 * in between. React Router replays a state set while nobody listens, but not when anything else listens: the shell
 * used to (start.tsx closed the panel on navigation; ShellLayout does that now), and RouterProvider then missed it and
 * the page stayed on the hydrate fallback, an empty main, for good (about one cold start in six at 4× CPU). This
 * guard keeps any later subscriber from bringing that back. After the commit (RouterProvider's own layout effect has
 * run by then: a child's come first), a state other than the one this render saw mounts RouterProvider again, which
 * reads the current state.
 */
export function RouterView({ router }: { router: ShellRouter }) {
  const seen = router.state;
  const [mount, setMount] = useState(0);
  useLayoutEffect(() => {
    if (router.state !== seen) setMount((n) => n + 1);
    // once per mount: from then on RouterProvider's subscription carries every change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [router, mount]);
  return <RouterProvider key={mount} router={router} />;
}

export function App({ store, i18n, router, services }: AppProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ServicesProvider value={services}>
          <RouterView router={router} />
        </ServicesProvider>
      </I18nextProvider>
    </Provider>
  );
}
