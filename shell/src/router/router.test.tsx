import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ownerOf as specOwnerOf, SPEC_ROUTES, PUBLIC_ROUTES } from 'shared/routes';
import { remotesRegistrySchema } from 'shared/mf';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { createResolver, firstScreen } from '../mf/resolve';
import { createShellRouter } from './router';
import { parseRegistry } from '../mf/registry';
import { defaultRegistry, fakeRuntime, mountShell, simpleRemote } from '../testing/harness';

const SESSION = { token: 'tk', account: '0901234567' };

describe('route table', () => {
  const registry = defaultRegistry();
  const resolver = createResolver(registry);

  it.each(SPEC_ROUTES.map((p) => [p]))('resolves %s to its owner', (path) => {
    expect(resolver.ownerOf(path)?.name).toBe(specOwnerOf(path));
    expect(resolver.ownerOf(`${path}?code=7203`)?.name).toBe(specOwnerOf(path));
  });

  it('owns nothing else', () => {
    expect(resolver.ownerOf('/nope/index')).toBeUndefined();
    expect(resolver.ownerOf('/')).toBeUndefined();
  });

  it('validates remotes.json like the shared zod schema', () => {
    expect(parseRegistry(registry)).toEqual(remotesRegistrySchema.parse(registry));
    const broken = { ...registry, remotes: [{ ...registry.remotes[0], name: 'mf_evil' }] };
    expect(() => parseRegistry(broken)).toThrow(/name/);
    expect(remotesRegistrySchema.safeParse(broken).success).toBe(false);
    expect(() => parseRegistry({ remotes: [] })).toThrow(/menu/);
  });

  it('starts at /login/start and sends protected routes to login without a session', () => {
    expect(firstScreen('/', false)).toBe('/login/start');
    expect(firstScreen('/mine/deposit', false)).toBe('/login/login');
    expect(firstScreen('/mine/deposit', true)).toBe('/mine/deposit');
    for (const p of PUBLIC_ROUTES) expect(firstScreen(p, false)).toBe(p);
  });
});

describe('shell router', () => {
  it('redirects / to /login/start and loads only the owner of the first screen', async () => {
    const view = mountShell({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'mf_account /login/start' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/login/start');
    expect(view.runtime.loads).toEqual(['mf_account']);
    expect(view.container.querySelector('[data-remote="mf_account"]')).toHaveAttribute('data-build', '1.0.0');
    // no bottom menu on login screens
    expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument();
  });

  it.each(SPEC_ROUTES.map((p) => [p]))('renders %s from its owner remote', async (path) => {
    const view = mountShell({ path, session: SESSION });
    const owner = specOwnerOf(path)!;
    const heading = await screen.findByRole('heading', { name: `${owner} ${path}` });
    expect(heading.closest('[data-remote]')).toHaveAttribute('data-remote', owner);
    expect(view.runtime.loads).toEqual([owner]);
  });

  it('sends a protected route to /login/login without a session, without fetching its remote', async () => {
    const view = mountShell({ path: '/mine/deposit' });
    expect(await screen.findByRole('heading', { name: 'mf_account /login/login' })).toBeInTheDocument();
    expect(view.runtime.loads).not.toContain('mf_funds');
  });

  it('shows a translated not-found screen for unknown paths', async () => {
    mountShell({ path: '/nope/index', session: SESSION, language: 'us' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the bottom menu on logged-in screens with the active tab highlighted', async () => {
    mountShell({ path: '/quotes/info?code=7203', session: SESSION });
    await screen.findByRole('heading', { name: 'mf_trade /quotes/info' });
    const menu = screen.getByRole('navigation', { name: '主菜单' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['首页', '行情', '交易', '资金记录', '资讯']);
    expect(within(menu).getByRole('link', { name: '行情' })).toHaveAttribute('aria-current', 'page');
  });

  it('navigating to the current tab is silent', async () => {
    const view = mountShell({ path: '/home/index', session: SESSION });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    const before = view.router.state.location.key;
    fireEvent.click(screen.getByRole('link', { name: '首页' }));
    expect(view.router.state.location.key).toBe(before);
  });
});

describe('remote failure and retry', () => {
  it(
    'shows a fallback with Retry inside the layout; the menu and other remotes keep working; Retry recovers',
    fallbackRetryRecovers,
  );

  async function fallbackRetryRecovers(): Promise<void> {
    let up = false;
    const runtime = fakeRuntime({ mf_trade: () => (up ? simpleRemote('mf_trade', '2.0.0') : 'down') });
    const view = mountShell({ path: '/home/index', session: SESSION, runtime });

    expect(await screen.findByRole('heading', { name: '此功能暂时无法加载' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '主菜单' });

    // another remote still works
    fireEvent.click(within(menu).getByRole('link', { name: '资讯' }));
    expect(await screen.findByRole('heading', { name: 'mf_account /news/index' })).toBeInTheDocument();

    // back to the broken one: still the fallback; Retry while it is still down keeps the fallback
    fireEvent.click(within(menu).getByRole('link', { name: '首页' }));
    expect(await screen.findByRole('heading', { name: '此功能暂时无法加载' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(runtime.registrations.filter((r) => r.force)).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: '此功能暂时无法加载' })).toBeInTheDocument();

    // the remote comes back: Retry re-registers it (force) and shows the screen
    up = true;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    const heading = await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    expect(heading.closest('[data-remote]')).toHaveAttribute('data-build', '2.0.0');
    expect(runtime.registrations.filter((r) => r.force && r.names.includes('mf_trade'))).toHaveLength(2);
    expect(view.router.state.location.pathname).toBe('/home/index');

    // its other routes work too now
    fireEvent.click(within(screen.getByRole('navigation', { name: '主菜单' })).getByRole('link', { name: '行情' }));
    expect(await screen.findByRole('heading', { name: 'mf_trade /home/home' })).toBeInTheDocument();
  }

  it('catches a screen that throws while rendering and recovers on Retry with a fresh copy of the remote', async () => {
    let broken = true;
    const Crashing = () => {
      throw new Error('boom');
    };
    const runtime = fakeRuntime({
      mf_funds: () => (broken ? simpleRemote('mf_funds', '1', () => <Crashing />) : simpleRemote('mf_funds', '2')),
    });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mountShell({ path: '/mine/deposit', session: SESSION, runtime });
    expect(await screen.findByRole('heading', { name: '页面出现错误' })).toBeInTheDocument();
    // the frame survives
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    broken = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '重试' }));
    });
    expect(await screen.findByRole('heading', { name: 'mf_funds /mine/deposit' })).toBeInTheDocument();
    spy.mockRestore();
  });

  it('preloads a remote on route intent', async () => {
    const view = mountShell({ path: '/home/index', session: SESSION });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    fireEvent.pointerEnter(screen.getByRole('link', { name: '资金记录' }));
    expect(view.runtime.preloads).toEqual(['mf_funds']);
  });
});

describe('scroll', () => {
  it('opens a new screen at its top and restores the previous position on Back', async () => {
    const scrollTo = jest.fn((_x: number, y: number) => Object.assign(window, { scrollY: y }));
    const original = window.scrollTo;
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    try {
      const view = mountShell({ path: '/home/home', session: SESSION });
      await screen.findByRole('heading', { name: 'mf_trade /home/home' });
      Object.assign(window, { scrollY: 640 });
      await act(() => view.router.navigate('/quotes/info?code=7203'));
      await screen.findByRole('heading', { name: 'mf_trade /quotes/info' });
      await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0));
      await act(() => view.router.navigate(-1));
      await screen.findByRole('heading', { name: 'mf_trade /home/home' });
      await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 640));
    } finally {
      window.scrollTo = original;
    }
  });
});

describe('shell router made in two steps', () => {
  it('is made without its first match; initialize() runs it (the guard, then the first screen’s remote)', async () => {
    const registry = defaultRegistry();
    const loads: string[] = [];
    const loader = {
      load: jest.fn(async (name: string) => {
        loads.push(name);
        return { routes: [] };
      }),
      state: () => ({ generation: 1 }),
    };
    const { router, initialize } = createShellRouter({
      registry,
      resolver: createResolver(registry),
      loader: loader as never,
      isLoggedIn: () => false,
      isAdmin: async () => false,
      history: UNSAFE_createMemoryHistory({ initialEntries: ['/'] }),
    });
    // made: not initialized, still at `/` (its loader has not run), no remote asked for
    expect(router.state.initialized).toBe(false);
    expect(router.state.location.pathname).toBe('/');
    expect(loads).toEqual([]);
    initialize();
    // `/` redirects to the start screen, whose owner's routes are asked for
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/start'));
    expect(loads).toEqual(['mf_account']);
  });
});
