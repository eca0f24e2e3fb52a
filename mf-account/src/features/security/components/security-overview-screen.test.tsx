import { renderAccount, session } from '#testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, refused } from 'shared/test-utils';

const device = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  device: 'Chrome on Android',
  ip: '203.0.113.7',
  created_at: '2026-11-20T08:00:00Z',
  last_seen_at: '2026-11-24T08:00:00Z',
  current: false,
  ...patch,
});

const policy = { idle_minutes: 120, absolute_hours: 24, max_sessions: 10 };
const GRANT = 'G'.repeat(43);
const granted = ok({ step_up: GRANT, expires_at: '2026-12-01T22:05:00Z', factors: ['password', 'totp'] });
const byCode = ok({ methods: ['totp'], options: null, email_sent: false });
const byEmail = ok({ methods: ['email'], options: null, email_sent: true });

/** Answers the step-up dialog: the password and, by what it asks, the authenticator or the mailed code. */
async function stepUp(user: ReturnType<typeof userEvent.setup>, code: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
  await user.type(within(dialog).getByLabelText('Login password'), 'correct horse 7');
  const field = await within(dialog).findByLabelText(/6-digit code|Code from the e-mail/);
  await user.type(field, code);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

function securityApi(patch: Record<string, unknown> = {}) {
  return fakeApi({
    '/user/stepUpOptions': byCode,
    '/user/stepUp': granted,
    '/user/secondFactorStatus': ok({ totp_enabled: false, recovery_codes_left: 0 }),
    '/user/passkeys': ok({ list: [] }),
    '/user/devices': ok({ list: [device(1, { current: true, device: 'Firefox on Linux' }), device(2)], policy }),
    ...patch,
  });
}

describe('security screen', () => {
  it('signs another device out through the endpoint and refreshes the list', async () => {
    const api = securityApi({ '/user/deviceSignOut': ok() });
    await renderAccount('/mine/security', { adapter: api, session });
    const list = await screen.findByRole('region', { name: 'Signed-in devices' });
    expect(await within(list).findByText('This device')).toBeInTheDocument();
    expect(within(list).getByText('Firefox on Linux')).toBeInTheDocument();

    api.set('/user/devices', ok({ list: [device(1, { current: true, device: 'Firefox on Linux' })], policy }));
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Sign out Chrome on Android' }));

    await waitFor(() => expect(within(list).queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.url === '/user/deviceSignOut')?.form).toEqual({ id: '2' });
    expect(api.calls.filter((c) => c.url === '/user/devices')).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
  });

  it('states the session rules the server sends and signs every other device out after a confirmation', async () => {
    const others = [device(2), device(3, { device: 'Safari on macOS' })];
    const api = securityApi({
      '/user/devices': ok({ list: [device(1, { current: true, device: 'Firefox on Linux' }), ...others], policy }),
      '/user/deviceSignOutOthers': ok({ count: 2 }),
    });
    await renderAccount('/mine/security', { adapter: api, session });
    const list = await screen.findByRole('region', { name: 'Signed-in devices' });
    expect(
      await within(list).findByText(
        /ends after 120 minutes without use and 24 hours after sign-in.*At most 10 devices/,
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Sign out all other devices' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out the other devices (2)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.find((c) => c.url === '/user/deviceSignOutOthers')).toBeUndefined();

    api.set('/user/devices', ok({ list: [device(1, { current: true, device: 'Firefox on Linux' })], policy }));
    await user.click(within(list).getByRole('button', { name: 'Sign out all other devices' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Sign out the other devices (2)?' })).getByRole('button', {
        name: 'Sign out all other devices',
      }),
    );
    await waitFor(() => expect(within(list).queryByText('Safari on macOS')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.url === '/user/deviceSignOutOthers')).toHaveLength(1);
    // Only this device is left: nothing more to sign out.
    expect(within(list).queryByRole('button', { name: 'Sign out all other devices' })).not.toBeInTheDocument();
  });

  it("starts adding a passkey at once when the home screen's offer sent the user here, once", async () => {
    Object.defineProperty(window, 'PublicKeyCredential', {
      value: function PublicKeyCredential() {},
      configurable: true,
    });
    try {
      const api = securityApi();
      const view = await renderAccount('/mine/security', { adapter: api, session });
      await screen.findByRole('region', { name: 'Signed-in devices' });
      expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
      await act(() => view.router.navigate('/mine/security', { state: { addPasskey: true } }));
      // The registration starts with its step-up, once.
      await screen.findByRole('dialog', { name: 'Confirm it is you' });
      expect(api.calls.filter((c) => c.url === '/user/stepUpOptions')).toHaveLength(1);
      // The request is dropped from the history entry: a reload or Back does not start it again.
      expect(view.router.state.location.state).toBeNull();
    } finally {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    }
  }, 15_000);

  it('sets up the authenticator after an e-mail step-up and shows the recovery codes once', async () => {
    const api = securityApi({
      '/user/stepUpOptions': byEmail,
      '/user/totpEnrol': ok({ secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://totp/App:x?secret=ABCDEFGHIJKLMNOP' }),
      '/user/totpConfirm': ok({ recovery_codes: ['AAAA-BBBB-CCCC'] }),
    });
    await renderAccount('/mine/security', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByText(/We sent a 6-digit code/)).toBeInTheDocument();
    await stepUp(user, '135790');
    expect(api.calls.find((c) => c.url === '/user/stepUp')?.form).toEqual({
      action: 'totp_enable',
      password: 'correct horse 7',
      email_code: '135790',
      lang: 'en',
    });
    expect(await screen.findByText('ABCD EFGH IJKL MNOP')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/totpEnrol')?.form).toEqual({ step_up: GRANT });
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();

    api.set('/user/secondFactorStatus', ok({ totp_enabled: true, recovery_codes_left: 10 }));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('AAAA-BBBB-CCCC')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/totpConfirm')?.form).toEqual({ code: '123456', step_up: GRANT });

    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.queryByText('AAAA-BBBB-CCCC')).not.toBeInTheDocument();
  });

  it('turns two-step verification off only after a step-up with a valid code', async () => {
    const api = securityApi({
      '/user/secondFactorStatus': ok({ totp_enabled: true, recovery_codes_left: 9 }),
      '/user/stepUp': refused('second_factor_code_wrong'),
      '/user/totpDisable': ok(),
    });
    await renderAccount('/mine/security', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await stepUp(user, '000000');
    expect(await screen.findByText(/The code is not correct/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/stepUp')?.form).toEqual({
      action: 'totp_disable',
      password: 'correct horse 7',
      code: '000000',
      lang: 'en',
    });
    expect(api.calls.find((c) => c.url === '/user/totpDisable')).toBeUndefined();
    api.set('/user/stepUp', granted);
    const dialog = screen.getByRole('dialog', { name: 'Confirm it is you' });
    await user.clear(within(dialog).getByLabelText('6-digit code'));
    await user.type(within(dialog).getByLabelText('6-digit code'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls.find((c) => c.url === '/user/totpDisable')?.form).toEqual({ step_up: GRANT }));
  });

  it('sends nothing when the step-up is cancelled', async () => {
    const api = securityApi({ '/user/secondFactorStatus': ok({ totp_enabled: true, recovery_codes_left: 9 }) });
    await renderAccount('/mine/security', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/user/stepUp' || c.url === '/user/totpDisable')).toEqual([]);
  });

  it('replaces the recovery codes with a current code and shows the new ones once', async () => {
    const api = securityApi({
      '/user/secondFactorStatus': ok({ totp_enabled: true, recovery_codes_left: 2 }),
      '/user/recoveryCodes': ok({ recovery_codes: ['NEWW-CODE-0001', 'NEWW-CODE-0002'] }),
    });
    await renderAccount('/mine/security', { adapter: api, session });
    const user = userEvent.setup();
    expect(await screen.findByText('2 recovery codes left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await stepUp(user, '246810');

    expect(await screen.findByText('NEWW-CODE-0002')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/stepUp')?.form).toMatchObject({ code: '246810' });
    expect(api.calls.find((c) => c.url === '/user/recoveryCodes')?.form).toEqual({ step_up: GRANT });
  });

  it('removes a passkey after confirmation and a step-up, and refreshes the list', async () => {
    const passkey = { id: 7, name: 'Pixel', created_at: '2026-11-20T08:00:00Z', last_used_at: null, suspended: false };
    const api = securityApi({ '/user/passkeys': ok({ list: [passkey] }), '/user/passkeyDelete': ok() });
    await renderAccount('/mine/security', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove passkey Pixel' }));
    api.set('/user/passkeys', ok({ list: [] }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Remove passkey Pixel' })).getByRole('button', { name: 'Remove' }),
    );
    await stepUp(user, '424242');

    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/passkeyDelete')?.form).toEqual({ id: '7', step_up: GRANT });
  });

  it('shows a passkey a password reset suspended and confirms it after a step-up', async () => {
    const passkey = { id: 8, name: 'Pixel', created_at: '2026-11-20T08:00:00Z', last_used_at: null, suspended: true };
    const api = securityApi({ '/user/passkeys': ok({ list: [passkey] }), '/user/passkeyConfirm': ok() });
    await renderAccount('/mine/security', { adapter: api, session });
    const user = userEvent.setup();
    expect(await screen.findByText('Suspended since your password was reset')).toBeInTheDocument();
    api.set('/user/passkeys', ok({ list: [{ ...passkey, suspended: false }] }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await stepUp(user, '111222');
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/user/passkeyConfirm')?.form).toEqual({ id: '8', step_up: GRANT }),
    );
    expect(api.calls.find((c) => c.url === '/user/stepUp')?.form).toMatchObject({ action: 'passkey_confirm' });
    await waitFor(() => expect(screen.queryByText('Suspended since your password was reset')).not.toBeInTheDocument());
  });
});
