import { renderAccount, renderAccountWith, session, userInfoFixture } from '#testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { PASSKEY_OFFER_DISMISSED } from '#lib';

const GRANT = 'G'.repeat(43);
const passkey = { id: 7, name: 'Pixel', created_at: '2026-11-20T08:00:00Z', last_used_at: null, suspended: false };
const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0)).buffer;

/** A browser that can make passkeys: window.PublicKeyCredential and navigator.credentials.create. */
function webAuthn(create: () => Promise<unknown> = () => Promise.reject(new Error('unused'))) {
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create } });
}

function mineApi(patch: Record<string, unknown> = {}) {
  return fakeApi({
    '/user/getUserinfo': ok(userInfoFixture()),
    '/user/passkeys': ok({ list: [] }),
    ...patch,
  });
}

const offer = () => screen.findByRole('region', { name: 'Add a passkey for a safer sign-in' });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

describe('passkey offer on the account page', () => {
  it('offers a passkey, with the reason, while the user has none', async () => {
    webAuthn();
    await renderAccount('/mine/index', { adapter: mineApi(), session });
    const card = await offer();
    expect(within(card).getByText(/phishing page cannot trick it/)).toBeInTheDocument();
    expect(within(card).getByText(/JSDA/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
    // A card on the page, not a dialog: the rest of the page is there and usable.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Withdraw/ })).toBeInTheDocument();
  });

  it('is not shown when the user has a passkey', async () => {
    webAuthn();
    const api = mineApi({ '/user/passkeys': ok({ list: [passkey] }) });
    await renderAccount('/mine/index', { adapter: api, session });
    await waitFor(() => expect(api.calls.some((c) => c.url === '/user/passkeys')).toBe(true));
    await screen.findByRole('region', { name: 'Assets' });
    expect(screen.queryByRole('region', { name: 'Add a passkey for a safer sign-in' })).not.toBeInTheDocument();
  });

  it('is not shown, and asks nothing, when the browser cannot make passkeys', async () => {
    const api = mineApi();
    await renderAccount('/mine/index', { adapter: api, session });
    await screen.findByRole('region', { name: 'Assets' });
    expect(screen.queryByRole('region', { name: 'Add a passkey for a safer sign-in' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/user/passkeys')).toBe(false);
  });

  it('"Not now" hides it for this session; the next sign-in shows it again', async () => {
    webAuthn();
    const first = await renderAccount('/mine/index', { adapter: mineApi(), session });
    const user = userEvent.setup();
    await user.click(within(await offer()).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Add a passkey for a safer sign-in' })).not.toBeInTheDocument();
    first.unmount();

    // Back on the page in the same session: still hidden.
    const again = await renderAccount('/mine/index', { adapter: mineApi(), session });
    await screen.findByRole('region', { name: 'Assets' });
    expect(screen.queryByRole('region', { name: 'Add a passkey for a safer sign-in' })).not.toBeInTheDocument();
    again.unmount();
    expect(sessionStorage.getItem(PASSKEY_OFFER_DISMISSED)).toBe('0901234567');

    // Signing in again: the offer is back.
    const api = mineApi({ '/user/login': ok({ token: 'tok-2', account: '0901234567', is_admin: '' }) });
    const { router } = await renderAccountWith('/login/login', [{ path: '/home/index', element: <h1>Home</h1> }], {
      adapter: api,
      session: { language: 'us', token: '', account: '' },
    });
    await user.type(await screen.findByLabelText('Mobile number (account)'), '0901234567');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    await act(() => router.navigate('/mine/index'));
    expect(await offer()).toBeInTheDocument();
  }, 30_000);

  it('"Add a passkey" asks for the step-up, registers the passkey and then hides the offer', async () => {
    webAuthn(async () => ({
      id: 'cred-1',
      rawId: bytes('cred-1'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: bytes('{}'), attestationObject: bytes('att') },
      getClientExtensionResults: () => ({}),
    }));
    const api = mineApi({
      '/user/stepUpOptions': ok({ methods: ['totp'], options: null, email_sent: false }),
      '/user/stepUp': ok({ step_up: GRANT, expires_at: '2026-12-01T22:05:00Z', factors: ['password', 'totp'] }),
      '/user/passkeyRegisterOptions': ok({
        options: {
          challenge: 'Y2hhbGxlbmdl',
          rp: { name: 'Kabu', id: 'localhost' },
          user: { id: 'dXNlcg', name: '0901234567', displayName: '0901234567' },
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        },
      }),
      '/user/passkeyRegister': () => {
        api.set('/user/passkeys', ok({ list: [passkey] }));
        return ok({ id: 7 });
      },
    });
    await renderAccount('/mine/index', { adapter: api, session });
    const user = userEvent.setup();
    await user.click(within(await offer()).getByRole('button', { name: 'Add a passkey' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Login password'), 'correct horse 7');
    await user.type(await within(dialog).findByLabelText(/6-digit code/), '135790');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Add a passkey for a safer sign-in' })).not.toBeInTheDocument(),
    );
    expect(api.calls.find((c) => c.url === '/user/stepUp')?.form).toMatchObject({ action: 'passkey_add' });
    expect(api.calls.find((c) => c.url === '/user/passkeyRegisterOptions')?.form).toEqual({ step_up: GRANT });
    const registered = api.calls.find((c) => c.url === '/user/passkeyRegister')!;
    expect(registered.form.step_up).toBe(GRANT);
    expect(JSON.parse(registered.form.credential!)).toMatchObject({ id: 'cred-1', type: 'public-key' });
  }, 20_000);
});
