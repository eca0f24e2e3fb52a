import { renderAccountWith, userInfoFixture } from '#testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused, type FakeApi } from 'shared/test-utils';

const CHALLENGE = 'c'.repeat(43);
const owed = (kind: 'verify' | 'enrol') => ({
  status: 1,
  msg: kind === 'verify' ? 'second_factor_required' : 'second_factor_enrol_required',
  data: { token: '', account: '0901234567', is_admin: '', second_factor: kind, challenge: CHALLENGE },
});

async function logIn(api: FakeApi) {
  localStorage.clear();
  // The shell's home stands in: a signed-in user passes /login/loginAfter and lands there.
  const view = await renderAccountWith('/login/login', [{ path: '/home/index', element: <h1>Home</h1> }], {
    adapter: api,
    session: { language: 'us', token: '', account: '' },
  });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Mobile number (account)'), '0901234567');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('heading', { name: 'Two-step verification' });
  return { ...view, user };
}

describe('login second step', () => {
  it('posts the code with the challenge and stores the session only after the second step', async () => {
    const api = fakeApi({
      '/user/login': owed('verify'),
      '/user/loginSecondFactor': ok({ token: 'tok-2', account: '0901234567', is_admin: '1' }),
      '/user/getUserinfo': ok(userInfoFixture()),
    });
    const { host, router, user } = await logIn(api);

    expect(host.ctx.getSession().token).toBe('');
    expect(localStorage.getItem('token')).toBeNull();
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(api.calls.find((c) => c.url === '/user/loginSecondFactor')?.form).toEqual({
      challenge: CHALLENGE,
      code: '123456',
    });
    expect(host.ctx.getSession()).toMatchObject({ token: 'tok-2', is_admin: '1' });
  });

  it('shows a wrong code inline and keeps the session empty', async () => {
    const api = fakeApi({
      '/user/login': owed('verify'),
      '/user/loginSecondFactor': refused('second_factor_code_wrong'),
    });
    const { host, user } = await logIn(api);
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(/The code is not correct/)).toBeInTheDocument();
    expect(host.ctx.getSession().token).toBe('');
  });

  it('takes a recovery code through the toggle', async () => {
    const api = fakeApi({
      '/user/login': owed('verify'),
      '/user/loginSecondFactor': ok({ token: 'tok-3', account: '0901234567', is_admin: '' }),
      '/user/getUserinfo': ok(userInfoFixture()),
    });
    const { user } = await logIn(api);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH-JKMN');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/user/loginSecondFactor')?.form.code).toBe('ABCD-EFGH-JKMN'),
    );
  });

  it('goes back to the password with the message when the challenge expired', async () => {
    const api = fakeApi({
      '/user/login': owed('verify'),
      '/user/loginSecondFactor': refused('second_factor_challenge_invalid'),
    });
    const { user } = await logIn(api);
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in step has expired');
  });

  it('enrols an authenticator, then shows the recovery codes once before going on', async () => {
    const api = fakeApi({
      '/user/login': owed('enrol'),
      '/user/loginEnrolTotp': ok({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/App:0901234567?secret=X' }),
      '/user/loginSecondFactor': ok({
        token: 'tok-4',
        account: '0901234567',
        is_admin: '1',
        recovery_codes: ['AAAA-BBBB-CCCC', 'DDDD-EEEE-FFFF'],
      }),
      '/user/getUserinfo': ok(userInfoFixture()),
    });
    const { host, router, user } = await logIn(api);

    // The one-time set-up code from the server operator comes first: nothing is enrolled before it.
    const enrolCode = await screen.findByLabelText('Administrator set-up code');
    expect(enrolCode).toHaveAccessibleDescription(/printed by create-admin/);
    expect(api.calls.find((c) => c.url === '/user/loginEnrolTotp')).toBeUndefined();
    await user.type(enrolCode, 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute(
      'href',
      'otpauth://totp/App:0901234567?secret=X',
    );
    expect(api.calls.find((c) => c.url === '/user/loginEnrolTotp')?.form).toEqual({
      challenge: CHALLENGE,
      enrol_code: 'ABCDE-FGHJK',
    });
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('AAAA-BBBB-CCCC')).toBeInTheDocument();
    expect(host.ctx.getSession().token).toBe('tok-4');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(screen.queryByText('AAAA-BBBB-CCCC')).not.toBeInTheDocument();
  });

  it('shows a wrong set-up code inline and enrols nothing', async () => {
    const api = fakeApi({
      '/user/login': owed('enrol'),
      '/user/loginEnrolTotp': refused('admin_enrol_code_wrong'),
    });
    const { host, user } = await logIn(api);
    await user.type(await screen.findByLabelText('Administrator set-up code'), 'WRONGCODE2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(/The administrator set-up code is wrong, used or expired/)).toBeInTheDocument();
    expect(screen.queryByText('Setup key')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Administrator set-up code')).toBeInTheDocument();
    expect(host.ctx.getSession().token).toBe('');
  });
});
