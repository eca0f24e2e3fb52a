import { renderAccount, session } from '#testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';

async function fill(api: ReturnType<typeof fakeApi>, old: string, next: string, confirm: string) {
  const view = await renderAccount('/mine/loginPassword', { adapter: api, session });
  const user = userEvent.setup();
  if (old) await user.type(await screen.findByLabelText('Current password'), old);
  if (next) await user.type(await screen.findByLabelText('New password'), next);
  if (confirm) await user.type(await screen.findByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return view;
}

describe('login password screen', () => {
  beforeEach(() => localStorage.clear());

  it('checks the passwords as the server does before sending anything', async () => {
    const api = fakeApi({});
    await fill(api, '', 'abc', 'abd');

    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Enter a password.');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'The password needs at least 8 characters.',
    );
    expect(api.calls).toEqual([]);
  });

  it('refuses two different new passwords under the confirmation', async () => {
    const api = fakeApi({});
    await fill(api, 'old-pass', 'new-pass-1', 'new-pass-2');

    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The two passwords do not match.',
    );
    expect(api.calls).toEqual([]);
  });

  it('shows a wrong original password under its field', async () => {
    const api = fakeApi({ '/user/changePassword': refused('original_password_wrong') });
    const { router } = await fill(api, 'not-mine', 'new-pass-1', 'new-pass-1');

    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('The original password is wrong.'),
    );
    expect(router.state.location.pathname).toBe('/mine/loginPassword');
  });

  it('shows the server refusal of a guessable new password, translated, under the new password', async () => {
    const api = fakeApi({ '/user/changePassword': refused('password_guessable') });
    const { host, router } = await fill(api, 'old-pass', 'aaaaaaaa', 'aaaaaaaa');

    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        /^This password is easy to guess \(repeated or sequential characters/,
      ),
    );
    expect(router.state.location.pathname).toBe('/mine/loginPassword');
    expect(host.ctx.getSession().token).not.toBe('');
  });

  it('ends the session and goes to log in after a change', async () => {
    const api = fakeApi({ '/user/changePassword': ok({}) });
    const { host, router } = await fill(api, 'old-pass', 'new-pass-1', 'new-pass-1');

    expect(await screen.findByRole('status')).toHaveTextContent('Password changed.');
    expect(api.calls[0]).toMatchObject({
      url: '/user/changePassword',
      form: { old_password: 'old-pass', password: 'new-pass-1', password2: 'new-pass-1' },
    });
    expect(host.ctx.getSession()).toMatchObject({ token: '', account: '' });
    expect(host.toasts).toContain('Password changed. Please log in again.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login'), { timeout: 3000 });
    // The server already ended the session: no /user/logout on a dead token.
    expect(api.calls.map((c) => c.url)).not.toContain('/user/logout');
  });
});
