import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAccountWith } from '#testing';
import { fakeApi, ok, refused } from 'shared/test-utils';

const SESSION = { token: 'tok-new', account: '0901234567', is_admin: '' };

const start = async (api = fakeApi({ '/user/register': ok(SESSION) })) => {
  localStorage.clear();
  // The shell's home stands in: the new account lands there.
  const view = await renderAccountWith('/login/register', [{ path: '/home/index', element: <h1>Home</h1> }], {
    adapter: api,
    session: { language: 'us' },
  });
  await screen.findByRole('heading', { name: 'Open an account' });
  return { ...view, api };
};

async function fill(
  values: Partial<Record<'account' | 'email' | 'password' | 'password2' | 'invite', string>>,
  agree = true,
) {
  const user = userEvent.setup();
  if (values.account !== undefined) await user.type(screen.getByLabelText('Mobile number (account)'), values.account);
  if (values.email !== undefined) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password !== undefined) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.password2 !== undefined) await user.type(screen.getByLabelText('Confirm password'), values.password2);
  if (values.invite !== undefined) await user.type(screen.getByLabelText('Invitation code'), values.invite);
  if (agree) await user.click(screen.getByRole('checkbox', { name: /user agreement/ }));
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('register screen', () => {
  it('shows the translated inline errors of the contract and calls no API when the form is empty', async () => {
    const { api } = await start();
    await fill({}, false);

    expect(screen.getByLabelText('Mobile number (account)')).toHaveAccessibleDescription(
      'The account must be a ten-digit mobile number.',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email cannot be empty.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter a password.');
    expect(screen.getByRole('checkbox', { name: /user agreement/ })).toHaveAccessibleDescription(
      'Please read and accept the user agreement.',
    );
    expect(api.calls).toEqual([]);
  });

  it('refuses a nine-digit account, a short password and different passwords without calling the API', async () => {
    const { api } = await start();
    await fill({ account: '090123456', email: 'a@example.com', password: 'abc', password2: 'abcd' });

    expect(screen.getByLabelText('Mobile number (account)')).toHaveAccessibleDescription(
      'The account must be a ten-digit mobile number.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('The password needs at least 8 characters.');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The two passwords do not match.');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription();
    expect(api.calls).toEqual([]);
  });

  it('posts the contract fields, stores the answered session like login and lands on home', async () => {
    const { api, host, router } = await start();
    await fill({
      account: '0901234567',
      email: 'a@example.com',
      password: 'violet tram at dawn',
      password2: 'violet tram at dawn',
      invite: 'FRIEND',
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(host.ctx.getSession()).toMatchObject(SESSION);
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(localStorage.getItem('account')).toBe('0901234567');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      url: '/user/register',
      form: {
        account: '0901234567',
        email: 'a@example.com',
        password: 'violet tram at dawn',
        password2: 'violet tram at dawn',
        invite_code: 'FRIEND',
        agree: '1',
      },
    });
    expect(host.toasts).toContain('Registration successful.');
  });

  it('counts characters, not UTF-16 units: seven emoji (14 units) are too short', async () => {
    const { api } = await start();
    await fill({
      account: '0901234567',
      email: 'a@example.com',
      password: '🐱🐶🐭🐹🐰🦊🐻',
      password2: '🐱🐶🐭🐹🐰🦊🐻',
    });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('The password needs at least 8 characters.');
    expect(api.calls).toEqual([]);
  });

  it('shows the server refusal of a common password, translated, under the password field', async () => {
    const api = fakeApi({ '/user/register': refused('password_common') });
    await start(api);
    await fill({ account: '0901234567', email: 'a@example.com', password: 'password', password2: 'password' });

    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'This password is on a list of common passwords. Choose another one.',
      ),
    );
    expect(api.calls).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows a server refusal under the field it concerns', async () => {
    await start(fakeApi({ '/user/register': refused('account_exists') }));
    await fill({
      account: '0901234567',
      email: 'a@example.com',
      password: 'violet tram at dawn',
      password2: 'violet tram at dawn',
    });

    await waitFor(() =>
      expect(screen.getByLabelText('Mobile number (account)')).toHaveAccessibleDescription(
        'This account already exists.',
      ),
    );
  });
});
