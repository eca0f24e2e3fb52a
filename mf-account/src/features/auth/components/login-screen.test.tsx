import { renderAccount, renderAccountWith } from '#testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { fakeApi, ok, refused } from 'shared/test-utils';

const userInfo = {
  account: '0901234567',
  currency: 'JPY',
  jpy: '1000',
  jpyyjed: '0',
  frozen: '0',
  total: '1000',
  ccsz: '0',
  fdyk: '0',
  realname_status: 'none',
  has_fund_password: false,
  unread_messages: 0,
};

/** Logs in on the screens; `standIns` replace screens the login goes on to (the shell's home always stands in). */
async function logIn(api: ReturnType<typeof fakeApi>, path = '/login/login', standIns: RouteObject[] = []) {
  localStorage.clear();
  // The shell's home stands in: a logged-in user lands there.
  const view = await renderAccountWith(path, [{ path: '/home/index', element: <h1>Home</h1> }, ...standIns], {
    adapter: api,
    session: { language: 'us', token: '', account: '' },
  });
  await screen.findByRole('heading', { name: 'Log in' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Mobile number (account)'), '0901234567');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return view;
}

describe('login screen', () => {
  it('stores the session through the host and lands on the post-login screen', async () => {
    const api = fakeApi({
      '/user/login': ok({ token: 'tok-1', account: '0901234567', is_admin: '' }),
      '/user/getUserinfo': ok(userInfo),
    });
    const { host, router } = await logIn(api);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/loginAfter'));
    expect(host.ctx.getSession()).toMatchObject({ token: 'tok-1', account: '0901234567', is_admin: '' });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(api.calls[0]).toMatchObject({ url: '/user/login', form: { account: '0901234567', password: 'secret1' } });
    // The code of the welcome and home screens was asked for after the login request, while the server hashes.
    expect(host.preloads).toEqual(['/login/loginAfter', '/home/index']);
    // The account details loaded: straight on to the home screen, no pause on the greeting.
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    // Asked once, by the login: the welcome screen took that answer rather than asking again.
    expect(api.calls.filter((c) => c.url === '/user/getUserinfo')).toHaveLength(1);
  });

  it('asks for the account details once the session exists, before the welcome screen has mounted', async () => {
    const api = fakeApi({
      '/user/login': ok({ token: 'tok-1', account: '0901234567', is_admin: '' }),
      '/user/getUserinfo': ok(userInfo),
    });
    // The welcome screen stood in by a page that asks for nothing: only the login screen can have asked.
    await logIn(api, '/login/login', [{ path: '/login/loginAfter', element: <h1>Welcome stand-in</h1> }]);
    await screen.findByRole('heading', { name: 'Welcome stand-in' });
    await waitFor(() => expect(api.calls.map((c) => c.url)).toEqual(['/user/login', '/user/getUserinfo']));
    // With the new session's token and the selected market.
    expect(api.calls[1]!.headers.authorization ?? api.calls[1]!.headers.token).toContain('tok-1');
  });

  it('greets the user while the account details load, and offers a retry when they fail', async () => {
    const api = fakeApi({
      '/user/login': ok({ token: 'tok-1', account: '0901234567', is_admin: '' }),
      '/user/getUserinfo': refused('too_frequent'),
    });
    const { router } = await logIn(api);
    expect(await screen.findByText('Welcome, 0901234567')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/loginAfter');
  });

  it("shows the server's message inline on failure and keeps the session empty", async () => {
    const { host, router } = await logIn(fakeApi({ '/user/login': refused('wrong_credentials') }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong account or password.');
    expect(host.ctx.getSession().token).toBe('');
    expect(router.state.location.pathname).toBe('/login/login');
  });

  it('validates the account before calling the server', async () => {
    localStorage.clear();
    const api = fakeApi({});
    await renderAccount('/login/login', { adapter: api, session: { language: 'us', account: '' } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile number (account)'), '123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(screen.getByLabelText('Mobile number (account)')).toHaveAccessibleDescription(
      'The account must be a ten-digit mobile number.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter a password.');
    expect(api.calls).toEqual([]);
  });

  it('serves the same form at /login/logon', async () => {
    const { router } = await logIn(
      fakeApi({
        '/user/login': ok({ token: 't', account: '0901234567', is_admin: '' }),
        '/user/getUserinfo': ok(userInfo),
      }),
      '/login/logon',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/loginAfter'));
  });
});
