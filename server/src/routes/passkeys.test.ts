import '../testing/setup';
import { ENDPOINTS } from 'shared/contract';
import { registerAdmin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { postStepped, STEP_UP_PATHS } from '../testing/second-factor';
import { post, registerAndLogin, type LoggedIn } from '../testing/users';
import { SoftAuthenticator } from '../testing/webauthn';

const HOST = { host: 'kabu.example' };
const ORIGIN = 'https://kabu.example';

describe.each(testBackends())('passkeys on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  // Gated calls get a step-up grant (a shortcut: step-up.test.ts proves the real step-up).
  const call = (path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    STEP_UP_PATHS[path] && headers.token
      ? postStepped(t.app, path, form, { ...HOST, ...headers })
      : post(t.app, path, form, { ...HOST, ...headers });

  /** Registers a new software passkey for the user; answers it. */
  async function addPasskey(user: LoggedIn, name = 'Phone'): Promise<SoftAuthenticator> {
    const authenticator = new SoftAuthenticator(ORIGIN, 'kabu.example');
    const options = await call('/user/passkeyRegisterOptions', {}, user.headers);
    expect(options.body.status).toBe(1);
    expect(options.body.data.options).toMatchObject({
      rp: { id: 'kabu.example', name: 'Kabu' },
      user: { name: user.account },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const answer = await call(
      '/user/passkeyRegister',
      { credential: authenticator.create(options.body.data.options), name },
      user.headers,
    );
    expect(answer.body).toMatchObject({ status: 1, msg: 'passkey_registered' });
    return authenticator;
  }

  async function passkeyLogin(authenticator: SoftAuthenticator, settings = {}) {
    const options = await call('/user/passkeyLoginOptions');
    expect(options.body.data.options).toMatchObject({ rpId: 'kabu.example', userVerification: 'required' });
    return call('/user/passkeyLogin', { credential: authenticator.get(options.body.data.options, settings) });
  }

  it('registers a passkey, lists it, and signs in with it (a session like /user/login)', async () => {
    const user = await registerAndLogin(t.app);
    const authenticator = await addPasskey(user);
    const list = await call('/user/passkeys', {}, user.headers);
    expect(ENDPOINTS.passkeys.data.parse(list.body.data).list).toEqual([
      expect.objectContaining({ name: 'Phone', last_used_at: null }),
    ]);
    const login = await passkeyLogin(authenticator);
    expect(login.body).toMatchObject({ status: 1, msg: 'login_success', data: { account: user.account } });
    ENDPOINTS.passkeyLogin.data.parse(login.body.data);
    const headers = { token: login.body.data.token, account: user.account };
    expect((await call('/user/passkeys', {}, headers)).body.data.list[0].last_used_at).not.toBeNull();
  });

  it('refuses an assertion replayed, from another origin, without user verification, or unknown keys', async () => {
    const user = await registerAndLogin(t.app);
    const authenticator = await addPasskey(user);
    const options = (await call('/user/passkeyLoginOptions')).body.data.options;
    const credential = authenticator.get(options);
    expect((await call('/user/passkeyLogin', { credential })).body.status).toBe(1);
    expect((await call('/user/passkeyLogin', { credential })).body.msg).toBe('passkey_challenge_expired');
    expect((await passkeyLogin(authenticator, { origin: 'https://kabu-login.example' })).body.msg).toBe(
      'passkey_verification_failed',
    );
    expect((await passkeyLogin(authenticator, { userVerified: false })).body.msg).toBe('passkey_verification_failed');
    const stranger = new SoftAuthenticator(ORIGIN, 'kabu.example');
    expect((await passkeyLogin(stranger)).body.msg).toBe('passkey_not_recognised');
    expect((await call('/user/passkeyLogin', { credential: 'not json' })).body.msg).toBe('passkey_response_invalid');
  });

  it('signs an administrator in with a passkey and no TOTP step (user verification is the second factor)', async () => {
    const admin = await registerAdmin(t.app);
    const authenticator = await addPasskey(admin);
    const login = await passkeyLogin(authenticator);
    expect(login.body).toMatchObject({ status: 1, msg: 'login_success', data: { is_admin: '1' } });
    expect(login.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The passkey's session is a second-factor session: the back office takes it.
    const headers = { token: login.body.data.token, account: admin.account };
    expect((await call('/admin/deposits', {}, headers)).body.status).toBe(1);
  });

  it('deletes a passkey (own only); it then no longer signs in', async () => {
    const user = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const authenticator = await addPasskey(user);
    const [{ id }] = (await call('/user/passkeys', {}, user.headers)).body.data.list;
    expect((await call('/user/passkeyDelete', { id: String(id) }, other.headers)).body.msg).toBe('passkey_not_found');
    expect((await call('/user/passkeyDelete', { id: String(id) }, user.headers)).body).toMatchObject({
      status: 1,
      msg: 'passkey_deleted',
    });
    expect((await passkeyLogin(authenticator)).body.msg).toBe('passkey_not_recognised');
  });

  it('refuses to register the same authenticator twice, and a registration answered to a stale challenge', async () => {
    const user = await registerAndLogin(t.app);
    const authenticator = await addPasskey(user);
    const options = (await call('/user/passkeyRegisterOptions', {}, user.headers)).body.data.options;
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const again = authenticator.create(options);
    expect((await call('/user/passkeyRegister', { credential: again }, user.headers)).body.msg).toBe(
      'passkey_already_registered',
    );
    expect((await call('/user/passkeyRegister', { credential: again }, user.headers)).body.msg).toBe(
      'passkey_challenge_expired',
    );
  });

  it('answers withdrawal options only to a user with a passkey, bound to that withdrawal', async () => {
    const user = await registerAndLogin(t.app);
    const form = { amount: '30000', currency: 'JPY', card_id: '1' };
    expect((await call('/user/passkeyWithdrawOptions', form, user.headers)).body.msg).toBe('passkey_not_found');
    const authenticator = await addPasskey(user);
    const options = await call('/user/passkeyWithdrawOptions', form, user.headers);
    expect(options.body.data.options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
  });
});
