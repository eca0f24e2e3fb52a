import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { queryRows } from '../db/query';
import type { Mail } from '../modules/mail/mailer';
import { grantRole } from '../modules/admin/admin-bootstrap';
import { cardForm, markVerified } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { codeFor, freshTotp, grantStepUp, postStepped } from '../testing/second-factor';
import { base32Decode } from '../modules/second-factor/totp';
import { PASSWORD, post, registration, type LoggedIn } from '../testing/users';
import { SoftAuthenticator } from '../testing/webauthn';

const HOST = { host: 'kabu.example' };
const ORIGIN = 'https://kabu.example';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15';

describe.each(testBackends())('step-up before factor and card changes on $name', (backend) => {
  let t: TestApp;
  const mails: Mail[] = [];
  beforeAll(async () => {
    t = await startTestApp(backend);
    // Every mail of this app lands here (the log mailer otherwise writes it to the log).
    t.app.mailer.send = async (mail) => {
      mails.push(mail);
    };
  });
  afterAll(() => t.close());

  const call = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    post(t.app, path, form, { ...HOST, ...headers });
  const emailOf = (user: LoggedIn) => `${user.account}@example.com`;
  const lastCodeTo = (user: LoggedIn) => {
    const mail = [...mails].reverse().find((m) => m.to === emailOf(user) && /\b\d{6}\b/.test(m.text));
    return /\b(\d{6})\b/.exec(mail!.text)![1]!;
  };
  const inbox = async (user: LoggedIn) =>
    t.app.db.tx((tx) =>
      queryRows<{ msg_key: string; msg_values: Record<string, string> }>(
        tx,
        sql`SELECT m.msg_key, m.msg_values FROM messages m JOIN users u ON u.id = m.user_id
            WHERE u.account = ${user.account} ORDER BY m.id`,
      ),
    );

  async function signUp(userAgent = PHONE): Promise<LoggedIn> {
    const form = registration();
    form.email = `${form.account}@example.com`;
    const answer = await post(t.app, '/user/register', form, { 'user-agent': userAgent });
    expect(answer.body.status).toBe(1);
    return { account: form.account!, headers: { token: answer.body.data.token, account: form.account! } } as LoggedIn;
  }

  /** The e-mail step-up of an account with no second factor: options mail a code, the code and password answer. */
  async function emailStepUp(user: LoggedIn, action: string): Promise<string> {
    const options = await call('/user/stepUpOptions', { lang: 'us' }, user.headers);
    expect(options.body).toMatchObject({ status: 1, msg: 'step_up_email_code_sent' });
    expect(ENDPOINTS.stepUpOptions.data.parse(options.body.data)).toEqual({
      methods: ['email'],
      options: null,
      email_sent: true,
    });
    const answer = await call(
      '/user/stepUp',
      { action, password: PASSWORD, email_code: lastCodeTo(user), lang: 'us' },
      user.headers,
    );
    expect(answer.body).toMatchObject({
      status: 1,
      msg: 'step_up_done',
      data: { factors: ['password', 'email_code'] },
    });
    return answer.body.data.step_up as string;
  }

  async function registerPasskey(user: LoggedIn, stepUp: string): Promise<SoftAuthenticator> {
    const authenticator = new SoftAuthenticator(ORIGIN, 'kabu.example');
    const options = await call('/user/passkeyRegisterOptions', { step_up: stepUp }, user.headers);
    expect(options.body.status).toBe(1);
    const answer = await call(
      '/user/passkeyRegister',
      { credential: authenticator.create(options.body.data.options), name: 'Phone', step_up: stepUp },
      user.headers,
    );
    expect(answer.body).toMatchObject({ status: 1, msg: 'passkey_registered' });
    return authenticator;
  }

  async function passkeyLogin(authenticator: SoftAuthenticator) {
    const options = await call('/user/passkeyLoginOptions', {});
    return call('/user/passkeyLogin', { credential: authenticator.get(options.body.data.options) });
  }

  it('refuses a passkey registration with the session token alone (step_up_required), and stores nothing', async () => {
    const user = await signUp();
    expect((await call('/user/passkeyRegisterOptions', {}, user.headers)).body.msg).toBe('step_up_required');
    const authenticator = new SoftAuthenticator(ORIGIN, 'kabu.example');
    const fake = authenticator.create({ challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect((await call('/user/passkeyRegister', { credential: fake }, user.headers)).body.msg).toBe('step_up_required');
    expect((await call('/user/passkeys', {}, user.headers)).body.data.list).toEqual([]);
  });

  it('registers a passkey after a password + e-mail code step-up, and tells the owner (inbox and mail)', async () => {
    const user = await signUp();
    const stepUp = await emailStepUp(user, 'passkey_add');
    await registerPasskey(user, stepUp);
    const notices = (await inbox(user)).filter((m) => m.msg_key === 'security_passkey_added');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.msg_values).toMatchObject({ device: 'Chrome on Android', ip: '127.0.0.1' });
    expect(notices[0]!.msg_values.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const mail = mails.filter((m) => m.to === emailOf(user)).at(-1)!;
    expect(mail.subject).toBe('A passkey was added');
    expect(mail.text).toContain('Chrome on Android');
    expect(mail.text).toContain('If this was not you');
    expect(mail.text).not.toMatch(/https?:|www\./);
    const read = await call('/user/messages', { lang: 'us' }, user.headers);
    expect(read.body.data.list.map((m: { title: string }) => m.title)).toContain('A passkey was added');
  });

  it('refuses a wrong password, a wrong or reused e-mail code, another action and another session', async () => {
    const user = await signUp();
    await call('/user/stepUpOptions', {}, user.headers);
    const code = lastCodeTo(user);
    const wrongPassword = await call(
      '/user/stepUp',
      { action: 'bank_card', password: 'not my password', email_code: code },
      user.headers,
    );
    expect(wrongPassword.body.msg).toBe('login_password_wrong');
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await call('/user/stepUp', { action: 'bank_card', password: PASSWORD, email_code: wrongCode }, user.headers))
        .body.msg,
    ).toBe('step_up_email_code_wrong');
    const ok = await call('/user/stepUp', { action: 'bank_card', password: PASSWORD, email_code: code }, user.headers);
    expect(ok.body.status).toBe(1);
    expect(
      (await call('/user/stepUp', { action: 'bank_card', password: PASSWORD, email_code: code }, user.headers)).body
        .msg,
    ).toBe('step_up_email_code_wrong');
    // The grant is for bank_card in this session only.
    const grant = ok.body.data.step_up as string;
    expect((await call('/user/passkeyRegisterOptions', { step_up: grant }, user.headers)).body.msg).toBe(
      'step_up_required',
    );
    const other = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    const otherHeaders = { token: other.body.data.token, account: user.account };
    await markVerified(t.app, user);
    expect((await call('/user/bankAdd', { ...cardForm(), step_up: grant }, otherHeaders)).body.msg).toBe(
      'step_up_required',
    );
    expect((await call('/user/bankAdd', { ...cardForm(), step_up: grant }, user.headers)).body.status).toBe(1);
  });

  it('ends a mailed code after five wrong tries', async () => {
    const user = await signUp();
    await call('/user/stepUpOptions', {}, user.headers);
    const code = lastCodeTo(user);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1)
      await call('/user/stepUp', { action: 'bank_card', password: PASSWORD, email_code: wrong }, user.headers);
    expect(
      (await call('/user/stepUp', { action: 'bank_card', password: PASSWORD, email_code: code }, user.headers)).body
        .msg,
    ).toBe('step_up_email_code_wrong');
  });

  it('gates withdrawal-card changes: add, edit and delete need a bank_card step-up and send a notice', async () => {
    const user = await signUp();
    await markVerified(t.app, user);
    const form = cardForm();
    expect((await call('/user/bankAdd', form, user.headers)).body.msg).toBe('step_up_required');
    expect((await call('/user/banks', {}, user.headers)).body.data).toEqual([]);
    const stepUp = await emailStepUp(user, 'bank_card');
    const added = await call('/user/bankAdd', { ...form, step_up: stepUp }, user.headers);
    expect(added.body.status).toBe(1);
    const id = String(added.body.data.id);
    expect((await call('/user/bankDelete', { id }, user.headers)).body.msg).toBe('step_up_required');
    expect((await call('/user/bankEdit', { ...cardForm(), id }, user.headers)).body.msg).toBe('step_up_required');
    expect((await call('/user/bankEdit', { ...cardForm(), id, step_up: stepUp }, user.headers)).body.status).toBe(1);
    expect((await call('/user/bankDelete', { id, step_up: stepUp }, user.headers)).body.status).toBe(1);
    expect((await inbox(user)).map((m) => m.msg_key).filter((k) => k.startsWith('security_'))).toEqual([
      'security_bank_card_added',
      'security_bank_card_changed',
      'security_bank_card_removed',
    ]);
  });

  it('asks an account with TOTP for a code (not an e-mail), and one with a passkey may use it instead', async () => {
    const user = await signUp();
    const started = await postStepped(t.app, '/user/totpEnrol', {}, user.headers);
    const secret = base32Decode(started.body.data.secret);
    await postStepped(t.app, '/user/totpConfirm', { code: freshTotp(secret, -1n)! }, user.headers);
    const sent = mails.length;
    const options = await call('/user/stepUpOptions', {}, user.headers);
    expect(options.body.data).toEqual({ methods: ['totp'], options: null, email_sent: false });
    expect(mails.length).toBe(sent);
    expect((await call('/user/stepUp', { action: 'passkey_add', password: PASSWORD }, user.headers)).body.msg).toBe(
      'step_up_code_required',
    );
    const byCode = await call(
      '/user/stepUp',
      { action: 'passkey_add', password: PASSWORD, code: await codeFor(t.app, user.account) },
      user.headers,
    );
    expect(byCode.body.data.factors).toEqual(['password', 'totp']);
    const authenticator = await registerPasskey(user, byCode.body.data.step_up);
    const both = await call('/user/stepUpOptions', {}, user.headers);
    expect(both.body.data.methods).toEqual(['totp', 'passkey']);
    const byPasskey = await call(
      '/user/stepUp',
      { action: 'recovery_codes', password: PASSWORD, passkey: authenticator.get(both.body.data.options) },
      user.headers,
    );
    expect(byPasskey.body.data.factors).toEqual(['password', 'passkey']);
    const codes = await call('/user/recoveryCodes', { step_up: byPasskey.body.data.step_up }, user.headers);
    expect(codes.body).toMatchObject({ status: 1, msg: 'recovery_codes_regenerated' });
  });

  it('refuses the back office to a promoted password-only session that planted a passkey and used it', async () => {
    const user = await signUp();
    expect(await grantRole(t.app.db, { account: user.account, role: 'admin' })).toBe('granted');
    const authenticator = await registerPasskey(user, await emailStepUp(user, 'passkey_add'));
    const login = await passkeyLogin(authenticator);
    expect(login.body.status).toBe(1);
    const headers = { token: login.body.data.token, account: user.account };
    const refused = await call('/admin/deposits', {}, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.msg).toBe('admin_second_factor_required');
    const [session] = await t.app.db.tx((tx) =>
      queryRows<{ factors: string; second_factor: boolean }>(
        tx,
        sql`SELECT s.factors, s.second_factor FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE u.account = ${user.account} ORDER BY s.id DESC LIMIT 1`,
      ),
    );
    expect(session).toEqual({ factors: 'passkey_basic', second_factor: false });
  });

  it('lets a passkey registered from a TOTP session open the back office', async () => {
    const user = await signUp();
    expect(await grantRole(t.app.db, { account: user.account, role: 'admin' })).toBe('granted');
    // The session proved the password and TOTP (as a real login would record it); the step-up proves them again.
    const started = await postStepped(t.app, '/user/totpEnrol', {}, user.headers);
    await postStepped(
      t.app,
      '/user/totpConfirm',
      { code: freshTotp(base32Decode(started.body.data.secret), -1n)! },
      user.headers,
    );
    const byCode = await call(
      '/user/stepUp',
      { action: 'passkey_add', password: PASSWORD, code: await codeFor(t.app, user.account) },
      user.headers,
    );
    const authenticator = await registerPasskey(user, byCode.body.data.step_up);
    const login = await passkeyLogin(authenticator);
    const headers = { token: login.body.data.token, account: user.account };
    expect((await call('/admin/deposits', {}, headers)).body.status).toBe(1);
  });

  it('suspends passkeys at a password reset until confirmed after a step-up; every session ends', async () => {
    const user = await signUp();
    const authenticator = await registerPasskey(user, await grantStepUp(t.app, user.headers, 'passkey_add'));
    expect((await passkeyLogin(authenticator)).body.status).toBe(1);
    await call('/user/passwordResetRequest', { account: user.account, lang: 'us' }, {});
    await t.app.passwordResets.idle();
    const newPassword = 'a new secret 9';
    const reset = await call('/user/passwordReset', {
      account: user.account,
      code: lastCodeTo(user),
      password: newPassword,
      password2: newPassword,
    });
    expect(reset.body.status).toBe(1);
    expect((await call('/user/passkeys', {}, user.headers)).statusCode).toBe(401);
    expect((await passkeyLogin(authenticator)).body.msg).toBe('passkey_suspended');
    expect((await inbox(user)).map((m) => m.msg_key)).toContain('security_password_reset');
    const login = await post(t.app, '/user/login', { account: user.account, password: newPassword });
    const headers = { token: login.body.data.token, account: user.account };
    const [passkey] = (await call('/user/passkeys', {}, headers)).body.data.list;
    expect(passkey).toMatchObject({ suspended: true });
    // A suspended passkey cannot answer a step-up: the account proves an e-mail code instead.
    const options = await call('/user/stepUpOptions', {}, headers);
    expect(options.body.data.methods).toEqual(['email']);
    expect((await call('/user/passkeyConfirm', { id: String(passkey.id) }, headers)).body.msg).toBe('step_up_required');
    const stepUp = await call(
      '/user/stepUp',
      { action: 'passkey_confirm', password: newPassword, email_code: lastCodeTo(user) },
      headers,
    );
    const confirmed = await call(
      '/user/passkeyConfirm',
      { id: String(passkey.id), step_up: stepUp.body.data.step_up },
      headers,
    );
    expect(confirmed.body).toMatchObject({ status: 1, msg: 'passkey_confirmed' });
    expect((await passkeyLogin(authenticator)).body.status).toBe(1);
  });

  it('raises new_device_login for a known device id replayed from another browser', async () => {
    const deviceId = 'AbCdEfGhIjKlMnOpQrStUv';
    const user = await signUp(PHONE);
    const login = (userAgent: string) =>
      post(
        t.app,
        '/user/login',
        { account: user.account, password: PASSWORD },
        {
          'user-agent': userAgent,
          'device-id': deviceId,
        },
      );
    await login(PHONE);
    const before = (await inbox(user)).filter((m) => m.msg_key === 'new_device_login').length;
    await login(PHONE);
    expect((await inbox(user)).filter((m) => m.msg_key === 'new_device_login').length).toBe(before);
    await login(LAPTOP);
    expect((await inbox(user)).filter((m) => m.msg_key === 'new_device_login').length).toBe(before + 1);
  });
});
