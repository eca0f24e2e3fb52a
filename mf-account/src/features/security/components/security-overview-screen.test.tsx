import { renderAccount, session } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
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

function securityApi(patch: Record<string, unknown> = {}) {
  return fakeApi({
    '/user/secondFactorStatus': ok({ totp_enabled: false, recovery_codes_left: 0 }),
    '/user/passkeys': ok({ list: [] }),
    '/user/devices': ok({ list: [device(1, { current: true, device: 'Firefox on Linux' }), device(2)] }),
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

    api.set('/user/devices', ok({ list: [device(1, { current: true, device: 'Firefox on Linux' })] }));
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Sign out Chrome on Android' }));

    await waitFor(() => expect(within(list).queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.url === '/user/deviceSignOut')?.form).toEqual({ id: '2' });
    expect(api.calls.filter((c) => c.url === '/user/devices')).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
  });

  it('sets up the authenticator and shows the recovery codes once', async () => {
    const api = securityApi({
      '/user/totpEnrol': ok({ secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://totp/App:x?secret=ABCDEFGHIJKLMNOP' }),
      '/user/totpConfirm': ok({ recovery_codes: ['AAAA-BBBB-CCCC'] }),
    });
    await renderAccount('/mine/security', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByText('ABCD EFGH IJKL MNOP')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();

    api.set('/user/secondFactorStatus', ok({ totp_enabled: true, recovery_codes_left: 10 }));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('AAAA-BBBB-CCCC')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/totpConfirm')?.form).toEqual({ code: '123456' });

    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.queryByText('AAAA-BBBB-CCCC')).not.toBeInTheDocument();
  });

  it('turns two-step verification off only with a valid code', async () => {
    const api = securityApi({
      '/user/secondFactorStatus': ok({ totp_enabled: true, recovery_codes_left: 9 }),
      '/user/totpDisable': refused('second_factor_code_wrong'),
    });
    await renderAccount('/mine/security', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(/The code is not correct/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/totpDisable')?.form).toEqual({ code: '000000' });
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
    await user.type(screen.getByLabelText('6-digit code'), '246810');
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));

    expect(await screen.findByText('NEWW-CODE-0002')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/recoveryCodes')?.form).toEqual({ code: '246810' });
  });

  it('removes a passkey after confirmation and refreshes the list', async () => {
    const passkey = { id: 7, name: 'Pixel', created_at: '2026-11-20T08:00:00Z', last_used_at: null };
    const api = securityApi({ '/user/passkeys': ok({ list: [passkey] }), '/user/passkeyDelete': ok() });
    await renderAccount('/mine/security', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove passkey Pixel' }));
    api.set('/user/passkeys', ok({ list: [] }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Remove passkey Pixel' })).getByRole('button', { name: 'Remove' }),
    );

    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/passkeyDelete')?.form).toEqual({ id: '7' });
  });
});
