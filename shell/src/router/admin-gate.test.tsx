/**
 * The back office (mf_admin) is gated on the server's roles: /user/getUserinfo's `admin_roles`, never the is_admin
 * localStorage key or header. Without a role /admin/... shows the shell's not-allowed screen and mf_admin is never
 * fetched; the side panel shows the back-office entry only with a role.
 */
import { act, screen, within } from '@testing-library/react';
import { fakeApi, ok } from 'shared/test-utils';
import { fakeRuntime, mountShell } from '../testing/harness';
import { panelToggled } from '../store/ui';

const SESSION = { token: 'tk', account: '0901234567', market: 'jpy' as const };
const SLOW = { timeout: 5000 };

// jsdom has no scrolling; the layout's ScrollRestoration calls it on every screen.
const realScrollTo = window.scrollTo;
beforeAll(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterAll(() => {
  window.scrollTo = realScrollTo;
});

function userApi(adminRoles: string[] | undefined) {
  return fakeApi({
    '/user/getUserinfo': ok({ account: SESSION.account, ...(adminRoles ? { admin_roles: adminRoles } : {}) }),
    '/user/assets': ok({ display: 'JPY', total: '0', rate_kind: 'mid', rates: [], rates_at: null, currencies: [] }),
  });
}

describe('back-office gate', () => {
  it('shows the not-allowed screen to a session without back-office roles and never fetches mf_admin', async () => {
    const view = mountShell({ path: '/admin/index', session: SESSION, api: userApi([]), language: 'us' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(view.runtime.loads).not.toContain('mf_admin');
    expect(view.api.calls.map((c) => c.url)).toContain('/user/getUserinfo');
  });

  it('ignores the is_admin hint: a session marked is_admin=1 without roles is still not allowed', async () => {
    localStorage.setItem('is_admin', '1');
    const view = mountShell({
      path: '/admin/deposits',
      session: { ...SESSION, is_admin: '1' },
      api: userApi(undefined),
      language: 'us',
    });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(view.runtime.loads).not.toContain('mf_admin');
  });

  it('shows the not-allowed screen on an /admin/ path no remote serves', async () => {
    mountShell({ path: '/admin/nothing-here', session: SESSION, api: userApi([]), language: 'us' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
  });

  it('mounts mf_admin for a session the server lists with a back-office role', async () => {
    const view = mountShell({ path: '/admin/index', session: SESSION, api: userApi(['reviewer']), language: 'us' });
    expect(await screen.findByRole('heading', { name: 'mf_admin /admin/index' }, SLOW)).toBeInTheDocument();
    expect(view.runtime.loads).toContain('mf_admin');
    // desktop first: the full width and no bottom menu
    expect(view.container.querySelector('.sh-app--wide')).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('keeps the rest of the app working when mf_admin cannot be loaded', async () => {
    const runtime = fakeRuntime({ mf_admin: 'down' });
    const view = mountShell({
      path: '/admin/index',
      session: SESSION,
      api: userApi(['admin']),
      runtime,
      language: 'us',
    });
    expect(
      await screen.findByRole('heading', { name: 'This section cannot be loaded right now' }, SLOW),
    ).toBeInTheDocument();
    expect(view.container.querySelector('[data-remote="mf_admin"][data-remote-failed]')).not.toBeNull();
    await act(() => view.router.navigate('/home/index'));
    expect(await screen.findByRole('heading', { name: 'mf_trade /home/index' })).toBeInTheDocument();
  });
});

describe('back-office entry in the side panel', () => {
  async function openPanel(adminRoles: string[] | undefined, extra: Record<string, string> = {}) {
    const view = mountShell({
      path: '/home/index',
      session: { ...SESSION, ...extra },
      api: userApi(adminRoles),
      language: 'us',
    });
    await screen.findByRole('heading', { name: 'mf_trade /home/index' });
    act(() => {
      view.store.dispatch(panelToggled(true));
    });
    return within(await screen.findByRole('dialog', {}, SLOW));
  }

  it('shows the entry when /user/getUserinfo lists back-office roles', async () => {
    const panel = await openPanel(['auditor']);
    const link = await panel.findByRole('link', { name: 'Back office' }, SLOW);
    expect(link).toHaveAttribute('href', '#/admin/index');
  });

  it('hides the entry without roles, even when the session says is_admin=1', async () => {
    const panel = await openPanel([], { is_admin: '1' });
    await panel.findByText('Customer service');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(panel.queryByRole('link', { name: 'Back office' })).not.toBeInTheDocument();
  });
});
