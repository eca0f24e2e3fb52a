import { renderAccount, session, userInfoFixture } from '#testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';

describe('fund password screen', () => {
  beforeEach(() => localStorage.clear());

  it('sets a first fund password with the login password', async () => {
    let hasFundPassword = false;
    const api = fakeApi({
      '/user/getUserinfo': () => ok(userInfoFixture({ has_fund_password: hasFundPassword })),
      '/user/setFundPassword': () => {
        hasFundPassword = true;
        return ok({});
      },
    });
    const { router, host } = await renderAccount('/mine/fundPassword', { adapter: api, session });
    const user = userEvent.setup();
    expect(await screen.findByText(/No fund password is set yet/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current fund password')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Login password'), 'login-pass');
    await user.type(screen.getByLabelText('New fund password'), '123456');
    await user.type(screen.getByLabelText('Confirm fund password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set fund password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/index'));
    expect(api.calls.find((c) => c.url === '/user/setFundPassword')?.form).toEqual({
      login_password: 'login-pass',
      old_fund_password: '',
      password: '123456',
      password2: '123456',
    });
    expect(host.toasts).toContain('Fund password saved.');
  });

  it('asks for six digits and the login password before sending', async () => {
    const api = fakeApi({ '/user/getUserinfo': ok(userInfoFixture()) });
    await renderAccount('/mine/fundPassword', { adapter: api, session });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New fund password'), '12ab');
    await user.type(screen.getByLabelText('Confirm fund password'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Set fund password' }));

    expect(screen.getByLabelText('New fund password')).toHaveAccessibleDescription(
      'The fund password must be six digits.',
    );
    expect(screen.getByLabelText('Login password')).toHaveAccessibleDescription('Enter a password.');
    expect(api.calls.map((c) => c.url)).not.toContain('/user/setFundPassword');
  });

  it('changes a fund password with the old one and shows a wrong one inline', async () => {
    const api = fakeApi({
      '/user/getUserinfo': ok(userInfoFixture({ has_fund_password: true })),
      '/user/setFundPassword': refused('fund_password_wrong'),
    });
    await renderAccount('/mine/fundPassword', { adapter: api, session });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current fund password'), '111111');
    expect(screen.queryByLabelText('Login password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New fund password'), '222222');
    await user.type(screen.getByLabelText('Confirm fund password'), '222222');
    await user.click(screen.getByRole('button', { name: 'Change fund password' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Current fund password')).toHaveAccessibleDescription(
        'The fund (trading) password is wrong.',
      ),
    );
    expect(api.calls.find((c) => c.url === '/user/setFundPassword')?.form).toMatchObject({
      old_fund_password: '111111',
      login_password: '',
      password: '222222',
    });
  });
});
