import { renderRemote } from '#testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't' };
const card = {
  id: 3,
  holder_name: 'YAMADA TARO',
  card_type: 'ordinary',
  bank_name: 'MUFG',
  branch_name: 'Honten',
  branch_code: '001',
  card_number_masked: '****4567',
  created_at: '2026-01-01T00:00:00.000Z',
};
const rules = {
  min: { JPY: '30000', USD: '200', CNY: '1500' },
  hours: '09:00-15:30',
  open_now: true,
  next_open: null,
  arrival: '24h',
  credit_threshold: 60,
};
const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0)).buffer;

/** A platform authenticator answering navigator.credentials.get (what @simplewebauthn/browser calls). */
function fakeAuthenticator(get: () => Promise<unknown>) {
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
}

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

describe('withdrawal confirmed with a passkey', () => {
  it('asks for options bound to this withdrawal and sends the assertion instead of the fund password', async () => {
    fakeAuthenticator(async () => ({
      id: 'cred-1',
      rawId: bytes('cred-1'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: bytes('{}'),
        authenticatorData: bytes('auth'),
        signature: bytes('sig'),
        userHandle: bytes('user'),
      },
      getClientExtensionResults: () => ({}),
    }));
    const api = fakeApi({
      '/funds/withdrawRules': ok(rules),
      '/funds/balances': ok([{ currency: 'JPY', available: '500000', frozen: '0' }]),
      '/user/banks': ok([card]),
      '/user/withdrawallist': ok([]),
      '/user/passkeyWithdrawOptions': ok({
        options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [], userVerification: 'required' },
      }),
      '/user/withdraw': ok({ id: 1, order_no: 'W1' }),
    });
    await renderRemote('/mine/withdraw', { adapter: api, session });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: /MUFG/ });
    await user.type(screen.getByLabelText('Amount (JPY)'), '50000');
    await user.click(screen.getByRole('button', { name: 'Confirm with a passkey instead' }));

    await waitFor(() => expect(api.calls.some((c) => c.url === '/user/withdraw')).toBe(true));
    expect(api.calls.find((c) => c.url === '/user/passkeyWithdrawOptions')?.form).toEqual({
      amount: '50000',
      currency: 'JPY',
      card_id: '3',
    });
    const withdraw = api.calls.find((c) => c.url === '/user/withdraw')!;
    expect(withdraw.form.fund_password ?? '').toBe('');
    expect(JSON.parse(withdraw.form.passkey!)).toMatchObject({ id: 'cred-1', type: 'public-key' });
  });

  it('says so and sends nothing when the passkey prompt is cancelled', async () => {
    fakeAuthenticator(async () => {
      throw Object.assign(new Error('cancelled'), { name: 'NotAllowedError' });
    });
    const api = fakeApi({
      '/funds/withdrawRules': ok(rules),
      '/funds/balances': ok([{ currency: 'JPY', available: '500000', frozen: '0' }]),
      '/user/banks': ok([card]),
      '/user/withdrawallist': ok([]),
      '/user/passkeyWithdrawOptions': ok({ options: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [] } }),
    });
    await renderRemote('/mine/withdraw', { adapter: api, session });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: /MUFG/ });
    await user.type(screen.getByLabelText('Amount (JPY)'), '50000');
    await user.click(screen.getByRole('button', { name: 'Confirm with a passkey instead' }));

    expect(await screen.findByText(/The passkey’s answer could not be read/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/user/withdraw')).toBe(false);
  });
});
