import { renderAccount } from '#testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';

const SENT = ok({});
const DONE = ok({});

async function openReset(api: ReturnType<typeof fakeApi>, language: 'us' | 'cn' | 'jp' = 'us') {
  localStorage.clear();
  const view = await renderAccount('/login/login', { adapter: api, session: { language, token: '', account: '' } });
  return view;
}

describe('password reset from the login screen', () => {
  it('goes from "Forgot password?" through the account and the mailed code back to login', async () => {
    const api = fakeApi({ '/user/passwordResetRequest': SENT, '/user/passwordReset': DONE });
    const { host, router } = await openReset(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    // Same route, the reset step view: no new route in the table.
    await screen.findByRole('heading', { name: 'Reset password' });
    expect(router.state.location.pathname).toBe('/login/login');
    expect(router.state.location.search).toBe('?reset=1');
    await user.type(screen.getByLabelText('Mobile number (account)'), '0901234567');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));

    await screen.findByLabelText('Code from the email');
    expect(api.calls[0]).toMatchObject({
      url: '/user/passwordResetRequest',
      form: { account: '0901234567', lang: 'us' },
    });
    expect(host.toasts).toContain(
      'If the account exists, a code has been sent to its registered email (valid for 15 minutes).',
    );
    await user.type(screen.getByLabelText('Code from the email'), '123456');
    await user.type(screen.getByLabelText('New password'), 'newsecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newsecret1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    await screen.findByRole('heading', { name: 'Log in' });
    expect(api.calls[1]).toMatchObject({
      url: '/user/passwordReset',
      form: { account: '0901234567', code: '123456', password: 'newsecret1', password2: 'newsecret1' },
    });
    expect(host.toasts).toContain('Your password has been reset. Log in with the new password.');
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Mobile number (account)')).toHaveValue('0901234567');
    expect(host.ctx.getSession().token).toBe('');
  });

  it('checks the code and both passwords with the contract before calling the server', async () => {
    const api = fakeApi({ '/user/passwordResetRequest': SENT });
    await renderAccount('/login/login?reset=1', { adapter: api, session: { language: 'us', account: '0901234567' } });
    const user = userEvent.setup();
    // The account of the session is filled in.
    expect(await screen.findByLabelText('Mobile number (account)')).toHaveValue('0901234567');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await screen.findByLabelText('Code from the email');

    await user.type(screen.getByLabelText('Code from the email'), '12a');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abcd');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(screen.getByLabelText('Code from the email')).toHaveAccessibleDescription('The code has six digits.');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'The password needs at least 8 characters.',
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The two passwords do not match.',
    );
    expect(api.calls).toHaveLength(1);
  });

  it('shows a refused code under the code field and lets the user ask for a new one', async () => {
    const api = fakeApi({ '/user/passwordResetRequest': SENT, '/user/passwordReset': refused('reset_code_invalid') });
    await renderAccount('/login/login?reset=1', { adapter: api, session: { language: 'us', account: '0901234567' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByLabelText('Code from the email'), '654321');
    await user.type(screen.getByLabelText('New password'), 'newsecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newsecret1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Code from the email')).toHaveAccessibleDescription(
        'The code is wrong or has expired. Request a new one.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
  });

  it('shows too_frequent above the button', async () => {
    const api = fakeApi({ '/user/passwordResetRequest': refused('too_frequent') });
    await renderAccount('/login/login?reset=1', { adapter: api, session: { language: 'us', account: '0901234567' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are submitting too often.');
    expect(screen.queryByLabelText('Code from the email')).not.toBeInTheDocument();
  });

  it.each([
    ['us', 'Too many codes were requested. You can ask for a new code at 2026-11-24 02:00.'],
    ['cn', '验证码请求过于频繁，请于 2026-11-24 02:00 之后再获取新的验证码'],
    ['jp', '確認コードの請求が多すぎます。2026-11-24 02:00 以降に新しいコードを請求してください。'],
  ] as const)('says when a new code can be asked after too many requests (%s)', async (language, text) => {
    const until = { status: 0, msg: 'reset_too_frequent', values: { until: '2026-11-24T02:00:00.000Z' } };
    const api = fakeApi({ '/user/passwordResetRequest': until });
    await renderAccount('/login/login?reset=1', { adapter: api, session: { language, account: '0901234567' } });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: /Email me a code|发送验证码到邮箱|確認コードをメールで/ }),
    );
    // jest's device is in UTC: the instant reads in its local date and time.
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    ['cn', '忘记密码？', '重置密码', '发送验证码到邮箱'],
    ['jp', 'パスワードをお忘れですか？', 'パスワード再設定', '確認コードをメールで受け取る'],
  ] as const)('is translated (%s)', async (language, link, title, send) => {
    const user = userEvent.setup();
    await openReset(fakeApi({}), language);
    await user.click(await screen.findByRole('link', { name: link }));
    await screen.findByRole('heading', { name: title });
    expect(screen.getByRole('button', { name: send })).toBeInTheDocument();
  });
});
