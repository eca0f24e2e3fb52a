import '../testing/setup';
import { ensureAdmin } from '../modules/admin/admin-bootstrap';
import type { Mail } from '../modules/mail/mailer';
import { findUserByAccount } from '../modules/users/users-repository';
import { createPasswordHasher } from '../security/password';
import { startTestApp, TEST_SCRYPT, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { PASSWORD, post, registerAndLogin, registration } from '../testing/users';

/**
 * The rule of a new login password (security/password-policy.ts, docs/decisions/0032-password-policy.md) at the
 * three places a password is set: registration, a change, a reset by e-mail.
 */
const REFUSED: [password: string, key: string][] = [
  ['123456', 'password_too_short'],
  ['aaaaaa', 'password_too_short'],
  // Seven emoji are 14 UTF-16 units but 7 characters.
  ['🐱🐶🐭🐹🐰🦊🐻', 'password_too_short'],
  ['password', 'password_common'],
  ['password1', 'password_common'],
  ['qwertyuiop', 'password_common'],
  ['12345678', 'password_common'],
  ['P@ssw0rd', 'password_common'],
  ['iloveyou', 'password_common'],
  ['aaaaaaaa', 'password_guessable'],
  ['Password1!', 'password_guessable'],
  ['abcdefghijk', 'password_guessable'],
];
const PASSPHRASE = 'violet tram under the harbour bridge at dawn';
/** Eight code points of Chinese: accepted (no composition rules; not ASCII only). */
const CHINESE = '山川日月星辰风雨';

describe.each(testBackends())('new login passwords on $name', (backend) => {
  let t: TestApp;
  const mails: Mail[] = [];
  beforeAll(async () => {
    t = await startTestApp(backend);
    t.app.mailer.send = async (mail) => {
      mails.push(mail);
    };
  });
  afterAll(() => t.close());

  const register = (password: string, overrides: Record<string, string> = {}) =>
    post(t.app, '/user/register', registration({ password, password2: password, ...overrides }));

  describe('registration', () => {
    it.each(REFUSED)('refuses %j as %s, at the password field, and creates no account', async (password, key) => {
      const form = registration({ password, password2: password });
      const answer = await post(t.app, '/user/register', form);
      expect(answer.body).toMatchObject({ status: 0, msg: key, field: 'password' });
      expect(await t.app.db.tx((tx) => findUserByAccount(tx, form.account!))).toBeUndefined();
    });

    it('names the minimum of 8 characters', async () => {
      expect((await register('abc')).body).toEqual({
        status: 0,
        msg: 'password_too_short',
        field: 'password',
        values: { min: '8' },
      });
    });

    it('refuses a password holding the account (the mobile number) or the e-mail address', async () => {
      const form = registration({ email: 'hanako.sato@example.com' });
      const withAccount = `my number ${form.account} ok`;
      expect((await register(withAccount, { account: form.account! })).body).toMatchObject({
        status: 0,
        msg: 'password_personal',
        field: 'password',
      });
      expect((await register('Hanako.Sato is great', { email: 'hanako.sato@example.com' })).body).toMatchObject({
        status: 0,
        msg: 'password_personal',
      });
      expect((await register(PASSPHRASE, { email: 'hanako.sato@example.com' })).body.status).toBe(1);
    });

    it.each([
      ['a long passphrase', PASSPHRASE],
      ['a passphrase of 8 Chinese characters', CHINESE],
      ['the longest form of 128 characters', 'Tram bridge harbour dawn violet. '.repeat(4).slice(0, 128)],
    ])('accepts %s', async (_what, password) => {
      const form = registration({ password, password2: password });
      expect((await post(t.app, '/user/register', form)).body).toMatchObject({ status: 1, msg: 'register_success' });
      expect((await post(t.app, '/user/login', { account: form.account!, password })).body.status).toBe(1);
    });
  });

  describe('a change of password', () => {
    it('refuses a common, a guessable and a personal password, keeping the old one and the session', async () => {
      const user = await registerAndLogin(t.app, { email: 'taro.yamada@example.com' });
      for (const [password, key] of [
        ['password1', 'password_common'],
        ['aaaaaaaa', 'password_guessable'],
        [`${user.account}!x`, 'password_personal'],
        ['taro.yamada-2026-kabu', 'password_personal'],
      ] as const) {
        const answer = await post(
          t.app,
          '/user/changePassword',
          { old_password: PASSWORD, password, password2: password },
          user.headers,
        );
        expect(answer.body).toMatchObject({ status: 0, msg: key, field: 'password' });
      }
      expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).statusCode).toBe(200);
      const changed = await post(
        t.app,
        '/user/changePassword',
        { old_password: PASSWORD, password: CHINESE, password2: CHINESE },
        user.headers,
      );
      expect(changed.body).toMatchObject({ status: 1, msg: 'password_changed' });
      expect((await post(t.app, '/user/login', { account: user.account, password: CHINESE })).body.status).toBe(1);
    });
  });

  describe('the administrator bootstrap (ADMIN_PASSWORD, cli.js create-admin)', () => {
    it('refuses a common or guessable password, naming the rule, and creates no account', async () => {
      const hasher = createPasswordHasher({ cost: TEST_SCRYPT });
      const account = registration().account!;
      const make = (password: string) => ensureAdmin(t.app.db, hasher, { account, password, resetPassword: true });
      await expect(make('password1')).rejects.toThrow(/invalid administrator: password_common/);
      await expect(make('Password1!')).rejects.toThrow(/invalid administrator: password_guessable/);
      await expect(make('admin12')).rejects.toThrow(/invalid administrator: password_too_short/);
      expect(await t.app.db.tx((tx) => findUserByAccount(tx, account))).toBeUndefined();
      expect(await make(PASSPHRASE)).toBe('created');
    });
  });

  describe('a reset by e-mail', () => {
    it('refuses a common password and keeps the code for a better one', async () => {
      const form = registration();
      form.email = `reset-${form.account}@example.com`;
      expect((await post(t.app, '/user/register', form)).body.status).toBe(1);
      await post(t.app, '/user/passwordResetRequest', { account: form.account!, lang: 'us' });
      await t.app.passwordResets.idle();
      const mail = [...mails].reverse().find((m) => m.to === form.email)!;
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const reset = (password: string) =>
        post(t.app, '/user/passwordReset', { account: form.account!, code, password, password2: password });
      expect((await reset('qwertyuiop')).body).toMatchObject({ status: 0, msg: 'password_common', field: 'password' });
      expect((await reset('1234567890')).body).toMatchObject({ status: 0, msg: 'password_common', field: 'password' });
      expect((await reset(PASSPHRASE)).body).toMatchObject({ status: 1, msg: 'password_reset_done' });
      expect((await post(t.app, '/user/login', { account: form.account!, password: PASSPHRASE })).body.status).toBe(1);
    });
  });
});
