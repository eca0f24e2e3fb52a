import { renderRemote } from '#testing';
import { screen, waitFor, within } from '@testing-library/react';
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
  blocking: [],
};
/** The confirmation with the figures that every withdrawal passes first. */
async function confirmDialog(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the withdrawal' });
  await user.click(within(dialog).getByRole('button', { name: 'Withdraw now' }));
}
const passkey = { id: 7, name: 'Pixel', created_at: '2026-11-20T08:00:00Z', last_used_at: null, suspended: false };
const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0)).buffer;

/** A platform authenticator answering navigator.credentials.get (what @simplewebauthn/browser calls). */
function fakeAuthenticator(get: () => Promise<unknown>) {
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
}

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

const assertion = async () => ({
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
});

function withdrawApi(patch: Record<string, unknown> = {}) {
  return fakeApi({
    '/funds/withdrawRules': ok(rules),
    '/funds/balances': ok([{ currency: 'JPY', available: '500000', frozen: '0' }]),
    '/user/banks': ok([card]),
    '/user/withdrawallist': ok([]),
    '/user/passkeys': ok({ list: [passkey] }),
    '/user/passkeyWithdrawOptions': ok({ options: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [] } }),
    '/user/withdraw': ok({ id: 1, order_no: 'W1' }),
    ...patch,
  });
}

describe('withdrawal confirmed with a passkey', () => {
  it('offers the passkey first when the user has one: no fund password asked', async () => {
    fakeAuthenticator(assertion);
    await renderRemote('/mine/withdraw', { adapter: withdrawApi(), session });
    const confirm = await screen.findByRole('button', { name: 'Confirm with your passkey' });
    expect(confirm).toHaveClass('ds-button--primary');
    expect(screen.getByText(/confirms this withdrawal only/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Fund password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).not.toBeInTheDocument();
  });

  it('keeps the fund password as the fallback', async () => {
    fakeAuthenticator(assertion);
    const api = withdrawApi();
    await renderRemote('/mine/withdraw', { adapter: api, session });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: /MUFG/ });
    await user.click(await screen.findByRole('button', { name: 'Use the fund password instead' }));
    await user.type(screen.getByLabelText('Amount (JPY)'), '50000');
    await user.type(screen.getByLabelText('Fund password'), '123456');
    expect(screen.getByRole('button', { name: 'Confirm with a passkey instead' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await confirmDialog(user);

    await waitFor(() => expect(api.calls.some((c) => c.url === '/user/withdraw')).toBe(true));
    expect(api.calls.some((c) => c.url === '/user/passkeyWithdrawOptions')).toBe(false);
    const withdraw = api.calls.find((c) => c.url === '/user/withdraw')!;
    expect(withdraw.form).toMatchObject({ fund_password: '123456', amount: '50000', card_id: '3' });
    expect(withdraw.form.passkey ?? '').toBe('');
  });

  it('asks for the fund password when the user has no passkey, or only one a password reset suspended', async () => {
    fakeAuthenticator(assertion);
    for (const list of [[], [{ ...passkey, suspended: true }]]) {
      const view = await renderRemote('/mine/withdraw', {
        adapter: withdrawApi({ '/user/passkeys': ok({ list }) }),
        session,
      });
      expect(await screen.findByLabelText('Fund password')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Request withdrawal' })).toBeInTheDocument());
      expect(screen.queryByRole('button', { name: /passkey/ })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('asks for the options bound to this withdrawal and sends the assertion instead of the fund password', async () => {
    fakeAuthenticator(assertion);
    const api = withdrawApi({
      '/user/passkeyWithdrawOptions': ok({
        options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [], userVerification: 'required' },
      }),
    });
    await renderRemote('/mine/withdraw', { adapter: api, session });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: /MUFG/ });
    await user.type(screen.getByLabelText('Amount (JPY)'), '50000');
    await user.click(await screen.findByRole('button', { name: 'Confirm with your passkey' }));
    await confirmDialog(user);

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
    const api = withdrawApi({ '/user/withdraw': undefined });
    await renderRemote('/mine/withdraw', { adapter: api, session });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: /MUFG/ });
    await user.type(screen.getByLabelText('Amount (JPY)'), '50000');
    await user.click(await screen.findByRole('button', { name: 'Confirm with your passkey' }));
    await confirmDialog(user);

    expect(await screen.findByText(/The passkey’s answer could not be read/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/user/withdraw')).toBe(false);
  });
});
