import '../testing/setup';
import { ENDPOINTS } from 'shared/contract';
import { isMessageKey } from 'shared/messages';
import { setConfigValue } from '../modules/site-config/site-config-repository';
import { grantRole } from '../modules/admin/admin-bootstrap';
import { findUserByAccount, updateUserFlags } from '../modules/users/users-repository';
import { registerAdmin } from '../testing/accounts';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { PASSWORD, post, registerAndLogin, registration, uniqueAccount } from '../testing/users';

describe.each(testBackends())('accounts on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  describe('register', () => {
    it('creates an account and answers register_success with a working session, as login does', async () => {
      const form = registration();
      const answer = await post(t.app, '/user/register', form);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toEqual({
        status: 1,
        msg: 'register_success',
        data: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), account: form.account, is_admin: '' },
      });
      const session = { token: answer.body.data.token as string, account: form.account! };
      const info = await post(t.app, '/user/getUserinfo', { type: 'jpy' }, session);
      expect(info.body).toMatchObject({ status: 1, data: { account: form.account } });
      const user = await t.app.db.tx((tx) => findUserByAccount(tx, form.account!));
      expect(user).toMatchObject({ account: form.account, email: 'investor@example.com', role: 'user', banned: false });
      // Stored as a scrypt hash, never as the password.
      expect(user!.passwordHash).toMatch(/^scrypt\$/);
      expect(user!.passwordHash).not.toContain(PASSWORD);
    });

    it('accepts a JSON body with the same rules as a form', async () => {
      const form = registration();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/vue/user/register',
        payload: { ...form, agree: true },
      });
      expect(response.json()).toMatchObject({ status: 1, msg: 'register_success' });
    });

    it.each([
      ['account_format', 'account', { account: '12345' }],
      ['account_format', 'account', { account: '09012345678' }],
      ['account_format', 'account', { account: '090-123-456' }],
      ['email_required', 'email', { email: '' }],
      ['email_invalid', 'email', { email: 'not-an-email' }],
      ['password_required', 'password', { password: '', password2: '' }],
      ['password_too_short', 'password', { password: 'abc', password2: 'abc' }],
      ['passwords_mismatch', 'password2', { password2: 'something else' }],
      ['agreement_required', 'agree', { agree: '' }],
      ['agreement_required', 'agree', { agree: '0' }],
    ])('refuses with %s (field %s)', async (key, field, overrides) => {
      const answer = await post(t.app, '/user/register', registration(overrides as Record<string, string>));
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toMatchObject({ status: 0, msg: key, field });
      expect(isMessageKey(answer.body.msg)).toBe(true);
    });

    it('sends the placeholder values of the message, such as the minimum password length', async () => {
      const answer = await post(t.app, '/user/register', registration({ password: 'abc', password2: 'abc' }));
      expect(answer.body).toEqual({ status: 0, msg: 'password_too_short', field: 'password', values: { min: '8' } });
    });

    it('refuses a missing field with its key rather than a generic error', async () => {
      const { agree: _agree, ...withoutAgree } = registration();
      expect((await post(t.app, '/user/register', withoutAgree)).body).toMatchObject({
        status: 0,
        msg: 'agreement_required',
      });
      const { account: _account, ...withoutAccount } = registration();
      expect((await post(t.app, '/user/register', withoutAccount)).body).toMatchObject({
        status: 0,
        msg: 'account_format',
      });
    });

    it('refuses an account that exists with account_exists', async () => {
      const form = registration();
      await post(t.app, '/user/register', form);
      expect((await post(t.app, '/user/register', form)).body).toMatchObject({
        status: 0,
        msg: 'account_exists',
        field: 'account',
      });
    });

    it('asks for an invite code only when site config invite_required is 1', async () => {
      expect((await post(t.app, '/user/register', registration())).body.status).toBe(1);
      await t.app.db.tx((tx) => setConfigValue(tx, 'invite_required', '1'));
      try {
        expect((await post(t.app, '/user/register', registration())).body).toMatchObject({
          status: 0,
          msg: 'invite_code_required',
          field: 'invite_code',
        });
      } finally {
        await t.app.db.tx((tx) => setConfigValue(tx, 'invite_required', '0'));
      }
    });

    it('refuses an unknown invite code with inviter_not_found', async () => {
      const answer = await post(t.app, '/user/register', registration({ invite_code: 'NOSUCH22' }));
      expect(answer.body).toMatchObject({ status: 0, msg: 'inviter_not_found', field: 'invite_code' });
    });

    it("links a new user to the inviter whose invite code they give (not the inviter's account number)", async () => {
      const inviter = await registerAndLogin(t.app);
      const inviterRow = await t.app.db.tx((tx) => findUserByAccount(tx, inviter.account));
      expect((await post(t.app, '/user/register', registration({ invite_code: inviter.account }))).body.msg).toBe(
        'inviter_not_found',
      );
      const form = registration({ invite_code: inviterRow!.inviteCode.toLowerCase() });
      expect((await post(t.app, '/user/register', form)).body.status).toBe(1);
      const invited = await t.app.db.tx((tx) => findUserByAccount(tx, form.account!));
      expect(invited!.invitedBy).toBe(inviterRow!.id);
    });
  });

  describe('login', () => {
    it('answers a token, the account and an empty is_admin for an ordinary user', async () => {
      const form = registration();
      await post(t.app, '/user/register', form);
      const answer = await post(t.app, '/user/login', { account: form.account!, password: PASSWORD });
      expect(answer.body).toMatchObject({ status: 1, msg: 'login_success' });
      expect(ENDPOINTS.login.data.parse(answer.body.data)).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        account: form.account,
        is_admin: '',
      });
    });

    it("answers is_admin '1' only when the account holds a back-office role in the database", async () => {
      const form = registration();
      await post(t.app, '/user/register', form);
      expect(await grantRole(t.app.db, { account: form.account!, role: 'auditor' })).toBe('granted');
      const answer = await post(t.app, '/user/login', { account: form.account!, password: PASSWORD });
      expect(answer.body.data.is_admin).toBe('1');
    });

    it('answers wrong_credentials alike for a wrong password and an unknown account', async () => {
      const form = registration();
      await post(t.app, '/user/register', form);
      const wrongPassword = await post(t.app, '/user/login', { account: form.account!, password: 'not the password' });
      const unknown = await post(t.app, '/user/login', { account: uniqueAccount(), password: PASSWORD });
      expect(wrongPassword.body).toEqual({ status: 0, msg: 'wrong_credentials' });
      expect(unknown.body).toEqual(wrongPassword.body);
    });

    it.each([
      ['account_format', { account: 'abc', password: 'x' }],
      ['password_required', { account: '0900000000', password: '' }],
    ])('validates input with %s', async (key, form) => {
      expect((await post(t.app, '/user/login', form)).body).toMatchObject({ status: 0, msg: key });
    });

    it.each([
      ['account_banned', { banned: true }],
      ['account_frozen', { frozen: true }],
    ])('refuses with %s, and only after the password is right', async (key, flags) => {
      const form = registration();
      await post(t.app, '/user/register', form);
      await t.app.db.tx((tx) => updateUserFlags(tx, form.account!, flags));
      expect((await post(t.app, '/user/login', { account: form.account!, password: 'wrong' })).body.msg).toBe(
        'wrong_credentials',
      );
      expect((await post(t.app, '/user/login', { account: form.account!, password: PASSWORD })).body).toEqual({
        status: 0,
        msg: key,
      });
    });

    it('shuts out an existing session once the account is banned', async () => {
      const user = await registerAndLogin(t.app);
      await t.app.db.tx((tx) => updateUserFlags(tx, user.account, { banned: true }));
      const answer = await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers);
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toEqual({ status: 0, msg: 'account_banned' });
    });
  });

  describe('logout', () => {
    it('kills the token server-side: the next call with it answers 401', async () => {
      const user = await registerAndLogin(t.app);
      expect((await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers)).statusCode).toBe(200);
      expect((await post(t.app, '/user/logout', {}, user.headers)).body).toMatchObject({
        status: 1,
        msg: 'logout_success',
      });
      const after = await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers);
      expect(after.statusCode).toBe(401);
      expect(after.body).toEqual({ status: 0, msg: 'session_expired' });
    });

    it('ends a back-office session on the server: /admin/me answers 401 after the back office logs out', async () => {
      const admin = await registerAdmin(t.app);
      expect((await post(t.app, '/admin/me', {}, admin.headers)).statusCode).toBe(200);
      expect((await post(t.app, '/user/logout', {}, admin.headers)).body).toMatchObject({ status: 1 });
      const after = await post(t.app, '/admin/me', {}, admin.headers);
      expect(after.statusCode).toBe(401);
      expect(after.body).toEqual({ status: 0, msg: 'session_expired' });
    });

    it('leaves the same user’s other sessions alive', async () => {
      const user = await registerAndLogin(t.app);
      const second = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
      await post(t.app, '/user/logout', {}, user.headers);
      const other = { token: second.body.data.token as string, account: user.account };
      expect((await post(t.app, '/user/getUserinfo', {}, other)).statusCode).toBe(200);
    });
  });
});
