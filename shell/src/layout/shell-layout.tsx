/** The shell frame: screens (with a fade), bottom menu on logged-in screens, side panel, toast. */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSelector, useStore } from 'react-redux';
import { selectLoggedIn } from 'shared/host-kit/session';
import { ADMIN_PREFIX } from 'shared/routes';
import { panelToggled, selectPanelOpen } from '../store/ui';
import type { RootState } from '../store/store';
import { BottomMenu } from './bottom-menu';

// The panel (figures, money formatting) loads on first open: it is not part of the first paint.
const SidePanel = lazy(() => import('./side-panel').then((m) => ({ default: m.SidePanel })));
import { LoadingBar, showAriaBusy, Toast, useBusyOnDom } from './toast';

/**
 * Leaving a screen closes the side panel (its links navigate; so do Back and a remote's own links). An effect on the
 * location rather than a `router.subscribe` outside React: with an outside subscriber React Router does not replay a
 * state that arrived before RouterProvider subscribed, which left cold starts on an empty main (see RouterView).
 */
function useClosePanelOnNavigation(locationKey: string) {
  const store = useStore<RootState>();
  const seen = useRef(locationKey);
  useEffect(() => {
    if (seen.current === locationKey) return;
    seen.current = locationKey;
    if (selectPanelOpen(store.getState())) store.dispatch(panelToggled(false));
  }, [locationKey, store]);
}

export function ShellLayout() {
  const { pathname, key } = useLocation();
  useClosePanelOnNavigation(key);
  const loggedIn = useSelector((s: RootState) => selectLoggedIn(s));
  const main = useRef<HTMLElement>(null);
  useBusyOnDom(main, showAriaBusy);
  const panelOpen = useSelector((s: RootState) => selectPanelOpen(s));
  // The back office (mf_admin) is desktop first: the full width, its own navigation instead of the bottom menu.
  const wide = pathname.startsWith(ADMIN_PREFIX);
  const showMenu = loggedIn && !pathname.startsWith('/login/') && !wide;
  const className = ['sh-app', showMenu ? 'sh-app--menu' : '', wide ? 'sh-app--wide' : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <LoadingBar />
      <main ref={main} className="sh-main">
        {/* keyed by path: each screen fades in (no motion under prefers-reduced-motion) */}
        <div key={pathname} className="sh-screen">
          <Outlet />
        </div>
      </main>
      {showMenu ? <BottomMenu /> : null}
      {loggedIn && panelOpen ? (
        <Suspense fallback={null}>
          <SidePanel />
        </Suspense>
      ) : null}
      <Toast />
      {/* a newly opened screen starts at its top; Back and Forward restore where the reader was */}
      <ScrollRestoration />
    </div>
  );
}
