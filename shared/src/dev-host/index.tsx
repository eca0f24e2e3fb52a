/**
 * Standalone dev host for one remote (ARCHITECTURE.md "Each remote also runs standalone").
 *
 * A remote's `src/bootstrap.tsx` calls it in `npm run dev -w mf-<name>`:
 *
 *   import { startDevHost } from 'shared/dev-host';
 *   import { register } from './expose/register';
 *   void startDevHost(register);
 *
 * It gives the remote what the shell gives (a store with run-time injection, i18next with common +
 * msg, the axios instance against /api/vue — proxied by the dev server to API_ORIGIN —, the tokens
 * and ds.css) and renders the registration's routes in a simple frame with a route picker, toasts
 * and a quick log-in form. No bottom menu, no side panel: those are the shell's.
 */
import { StrictMode, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import type { RegisterRemote, RemoteRegistration } from '../mf';
import { createMiniHost, type MiniHost, type MiniHostOptions } from './mini-host';

// Styles exactly as the shell loads them (require: tsc does not type CSS imports here).
/* eslint-disable @typescript-eslint/no-require-imports */
require('../ui/tokens.css');
require('../ui/ds.css');
require('../ui/ds-controls.css');
/* eslint-enable @typescript-eslint/no-require-imports */

export { createMiniHost, type MiniHost, type MiniHostOptions } from './mini-host';

export interface DevHostOptions extends MiniHostOptions {
  /** Element to render into (default #root). */
  container?: HTMLElement;
}

const frameStyle = {
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 30,
    display: 'flex',
    gap: 'var(--space-2)',
    alignItems: 'center',
    flexWrap: 'wrap',
    padding: 'var(--space-2) var(--space-3)',
    background: 'var(--color-surface-inverse)',
    color: 'var(--color-text-inverse)',
    fontSize: 'var(--font-size-sm)',
  },
  select: { minHeight: 36, maxWidth: '60%', borderRadius: 'var(--radius-sm)' },
  app: {
    maxWidth: 'var(--content-max-width)',
    margin: '0 auto',
    minHeight: '100dvh',
    background: 'var(--color-bg)',
    boxShadow: 'var(--shadow-2)',
  },
  toast: {
    position: 'fixed',
    left: '50%',
    bottom: 'var(--space-10)',
    transform: 'translateX(-50%)',
    zIndex: 60,
    maxWidth: '80%',
    padding: 'var(--space-2) var(--space-4)',
    borderRadius: 'var(--radius-md)',
    background: 'var(--color-overlay)',
    color: 'var(--color-text-inverse)',
  },
} as const;

function DevBar({ host, registration }: { host: MiniHost; registration: RemoteRegistration }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { i18n } = useTranslation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const session = host.ctx.getSession();
  const paths = registration.routes.map((r) => r.path).filter((p): p is string => Boolean(p));
  const login = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const res = await host.http.post('/user/login', { account, password });
      host.ctx.setSession(res.data.data);
      navigate(location.pathname, { replace: true });
    } catch {
      // the toast already said why
    }
  };
  const setLanguage = (language: 'cn' | 'us' | 'jp') => {
    localStorage.setItem('language', language);
    window.location.reload();
  };
  return (
    <div style={frameStyle.bar}>
      <strong>{registration.name}</strong>
      <select
        aria-label="route"
        style={frameStyle.select}
        value={location.pathname}
        onChange={(e) => navigate(e.target.value)}
      >
        {paths.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      <select
        aria-label="language"
        style={frameStyle.select}
        value={session.language}
        onChange={(e) => setLanguage(e.target.value as 'cn' | 'us' | 'jp')}
      >
        <option value="cn">cn</option>
        <option value="us">us</option>
        <option value="jp">jp</option>
      </select>
      {session.token ? (
        <button type="button" onClick={() => void host.ctx.logout()}>
          logout {session.account}
        </button>
      ) : (
        <form onSubmit={login} style={{ display: 'flex', gap: 4 }}>
          <input
            aria-label="account"
            placeholder="account"
            size={10}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
          <input
            aria-label="password"
            placeholder="password"
            type="password"
            size={8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit">login</button>
        </form>
      )}
      <span hidden>{i18n.language}</span>
    </div>
  );
}

function Toasts({ subscribe }: { subscribe: (fn: (text: string) => void) => void }) {
  const [text, setText] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    subscribe((t) => {
      setText(t);
      clearTimeout(timer);
      timer = setTimeout(() => setText(''), 2000);
    });
  }, [subscribe]);
  return text ? (
    <div role="status" style={frameStyle.toast}>
      {text}
    </div>
  ) : null;
}

/**
 * Starts the standalone host: creates the mini host, calls `register`, renders the routes under a
 * hash router (first route by default). Resolves with the host (for the console: `host.store`).
 */
export async function startDevHost(register: RegisterRemote, options: DevHostOptions = {}): Promise<MiniHost> {
  let toastListener: (text: string) => void = () => undefined;
  let navigateTo: (path: string) => void = (path) => (window.location.hash = `#${path}`);
  const host = createMiniHost({
    onToast: (t) => toastListener(t),
    onToastCleared: () => toastListener(''),
    onNavigate: (p) => navigateTo(p),
    onOpenPanel: () => toastListener('openPanel() — the side panel lives in the shell'),
    ...options,
  });
  // Site config as the shell fetches it at start-up.
  try {
    const res = await host.http.post('/common/config', { type: 'all' });
    const entries = (res.data?.data ?? []) as Array<{ name: string; value: string }>;
    const config = host.ctx.getConfig();
    for (const e of entries) config[e.name] = e.value;
    if (config.title) document.title = `${config.title} · dev`;
  } catch {
    // no API running: screens still render
  }
  const registration = await register(host.ctx);
  const first = registration.routes.find((r) => r.path)?.path ?? '/';
  const router = createHashRouter([
    {
      path: '/',
      element: (
        <div style={frameStyle.app} data-remote={registration.name} data-build={registration.build}>
          <DevBar host={host} registration={registration} />
          <Outlet />
          <Toasts subscribe={(fn) => (toastListener = fn)} />
        </div>
      ),
      children: [
        { index: true, element: <Navigate to={first} replace /> },
        ...registration.routes,
        { path: '*', element: <p style={{ padding: 16 }}>No route here in {registration.name}.</p> },
      ],
    },
  ]);
  navigateTo = (path) => void router.navigate(path);
  const container =
    options.container ?? document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(container).render(
    <StrictMode>
      <Provider store={host.store}>
        <I18nextProvider i18n={host.i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
  return host;
}
