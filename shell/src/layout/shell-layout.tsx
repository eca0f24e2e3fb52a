/** The shell frame: screens (with a fade), bottom menu on logged-in screens, side panel, toast. */
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSelector } from 'react-redux';
import { selectLoggedIn } from 'shared/host-kit/session';
import { selectBusy, selectPanelOpen } from '../store/ui';
import type { RootState } from '../store/store';
import { BottomMenu } from './bottom-menu';

// The panel (figures, money formatting) loads on first open: it is not part of the first paint.
const SidePanel = lazy(() => import('./side-panel').then((m) => ({ default: m.SidePanel })));
import { LoadingBar, Toast } from './toast';

export function ShellLayout() {
  const { pathname } = useLocation();
  const loggedIn = useSelector((s: RootState) => selectLoggedIn(s));
  const busy = useSelector((s: RootState) => selectBusy(s));
  const panelOpen = useSelector((s: RootState) => selectPanelOpen(s));
  const showMenu = loggedIn && !pathname.startsWith('/login/');
  return (
    <div className={showMenu ? 'sh-app sh-app--menu' : 'sh-app'}>
      <LoadingBar />
      <main className="sh-main" aria-busy={busy || undefined}>
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
