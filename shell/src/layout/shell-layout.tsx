/** The shell frame: screens (with a fade), bottom menu on logged-in screens, side panel, toast. */
import { Outlet, useLocation } from 'react-router';
import { useSelector } from 'react-redux';
import { selectLoggedIn } from '../store/session';
import { selectBusy } from '../store/ui';
import type { RootState } from '../store/store';
import { BottomMenu } from './bottom-menu';
import { SidePanel } from './side-panel';
import { LoadingBar, Toast } from './toast';

export function ShellLayout() {
  const { pathname } = useLocation();
  const loggedIn = useSelector((s: RootState) => selectLoggedIn(s));
  const busy = useSelector((s: RootState) => selectBusy(s));
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
      {loggedIn ? <SidePanel /> : null}
      <Toast />
    </div>
  );
}
