import '../testing/setup';
import { sql } from 'drizzle-orm';
import { createTestClock } from '../clock';
import { queryRows } from '../db/query';
import type { Mail } from '../modules/mail/mailer';
import { LOGIN_LOCK } from '../modules/sign-in/login-lock';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { postStepped } from '../testing/second-factor';
import { PASSWORD, post, registerAndLogin, type LoggedIn } from '../testing/users';
import { SoftAuthenticator } from '../testing/webauthn';

const HOST = { host: 'kabu.example' };
const ORIGIN = 'https://kabu.example';
const START = new Date('2026-11-24T01:00:00Z');
const LINK = /https?:\/\/|www\.|href=|<a\b/i;

describe.each(testBackends())('login lock (issue 33 point 3) on $name', (backend) => {
  let t: TestApp;
  const clock = createTestClock(START, { running: false });
  const mails: Mail[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock, matcherIntervalMs: 0 });
    // Every mail of the app (notices and the reset code) is captured here.
    t.app.mailer.send = async (mail) => {
      mails.push(mail);
    };
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  const login = (account: string, password: string) => post(t.app, '/user/login', { account, password });
  const state = async (account: string) =>
    (
      await t.app.db.tx((tx) =>
        queryRows<{ failed_logins: number; locked_until: Date | string | null }>(
          tx,
          sql`SELECT failed_logins, locked_until FROM users WHERE account = ${account}`,
        ),
      )
    )[0]!;
  const inboxKeys = async (account: string) =>
    (
      await t.app.db.tx((tx) =>
        queryRows<{ msg_key: string }>(
          tx,
          sql`SELECT m.msg_key FROM messages m JOIN users u ON u.id = m.user_id
              WHERE u.account = ${account} ORDER BY m.id`,
        ),
      )
    ).map((row) => row.msg_key);

  async function lockOut(user: LoggedIn): Promise<string> {
    for (let i = 1; i < LOGIN_LOCK.maxFailures; i += 1)
      expect((await login(user.account, 'wrong password 1')).body.msg).toBe('wrong_credentials');
    expect((await state(user.account)).locked_until).toBeNull();
    const last = await login(user.account, 'wrong password 1');
    expect(last.body.msg).toBe('wrong_credentials');
    const until = new Date(START.getTime() + LOGIN_LOCK.lockMs).toISOString();
    expect(new Date((await state(user.account)).locked_until!).toISOString()).toBe(until);
    return until;
  }

  it('locks after 10 wrong passwords, refuses the right one while locked, tells the owner, ends on time', async () => {
    const user = await registerAndLogin(t.app, { email: 'locked@example.test' });
    const until = await lockOut(user);
    // The right password is refused, and names the lock's end (an instant the client formats).
    expect((await login(user.account, PASSWORD)).body).toMatchObject({
      status: 0,
      msg: 'account_locked',
      values: { until },
    });
    // While locked the password is not checked: a wrong one is not counted and answers the same.
    expect((await login(user.account, 'wrong password 2')).body.msg).toBe('account_locked');
    expect((await state(user.account)).failed_logins).toBe(LOGIN_LOCK.maxFailures);
    // The owner is told in the inbox and by e-mail, without any link.
    expect(await inboxKeys(user.account)).toContain('account_locked');
    await t.app.accounts.idleNotices();
    const lockMail = mails.find((mail) => mail.to === 'locked@example.test' && /locked/.test(mail.subject));
    expect(lockMail).toBeDefined();
    expect(lockMail!.text).toContain('2026-11-24 01:30 UTC');
    expect(lockMail!.text).not.toMatch(LINK);

    // The window ends: the right password signs in and clears the count.
    clock.advance(LOGIN_LOCK.lockMs - 1000);
    expect((await login(user.account, PASSWORD)).body.msg).toBe('account_locked');
    clock.advance(1000);
    expect((await login(user.account, PASSWORD)).body.status).toBe(1);
    expect(await state(user.account)).toMatchObject({ failed_logins: 0, locked_until: null });
  });

  it('a right password resets the count: only consecutive failures lock', async () => {
    const user = await registerAndLogin(t.app);
    for (let i = 0; i < LOGIN_LOCK.maxFailures - 1; i += 1) await login(user.account, 'wrong password 1');
    expect((await login(user.account, PASSWORD)).body.status).toBe(1);
    for (let i = 0; i < LOGIN_LOCK.maxFailures - 1; i += 1) await login(user.account, 'wrong password 1');
    expect((await state(user.account)).locked_until).toBeNull();
    expect((await login(user.account, PASSWORD)).body.status).toBe(1);
  });

  it('a password reset by e-mail unlocks at once', async () => {
    const user = await registerAndLogin(t.app, { email: 'reset-unlock@example.test' });
    await lockOut(user);
    const before = mails.length;
    expect((await post(t.app, '/user/passwordResetRequest', { account: user.account, lang: 'en' })).body.status).toBe(
      1,
    );
    await t.app.passwordResets.idle();
    const mail = mails.slice(before).find((m) => m.to === 'reset-unlock@example.test')!;
    expect(mail.text).not.toMatch(LINK);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const fresh = 'brand new secret 9';
    const reset = await post(t.app, '/user/passwordReset', {
      account: user.account,
      code,
      password: fresh,
      password2: fresh,
    });
    expect(reset.body.status).toBe(1);
    expect((await login(user.account, fresh)).body.status).toBe(1);
  });

  it('a passkey sign-in works while locked and unlocks', async () => {
    const user = await registerAndLogin(t.app);
    const authenticator = new SoftAuthenticator(ORIGIN, 'kabu.example');
    const headers = { ...HOST, ...user.headers };
    const options = await postStepped(t.app, '/user/passkeyRegisterOptions', {}, headers);
    const added = await postStepped(
      t.app,
      '/user/passkeyRegister',
      { credential: authenticator.create(options.body.data.options), name: 'Phone' },
      headers,
    );
    expect(added.body.status).toBe(1);
    await lockOut(user);
    const loginOptions = await post(t.app, '/user/passkeyLoginOptions', {}, HOST);
    const signedIn = await post(
      t.app,
      '/user/passkeyLogin',
      { credential: authenticator.get(loginOptions.body.data.options) },
      HOST,
    );
    expect(signedIn.body.status).toBe(1);
    expect(await state(user.account)).toMatchObject({ failed_logins: 0, locked_until: null });
    expect((await login(user.account, PASSWORD)).body.status).toBe(1);
  });

  it('every sign-in is told by e-mail, without links (a new device in the inbox too)', async () => {
    const user = await registerAndLogin(t.app, { email: 'notice@example.test' });
    await t.app.accounts.idleNotices();
    const before = mails.length;
    const answer = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(answer.body.status).toBe(1);
    await t.app.accounts.idleNotices();
    const notice = mails.slice(before).filter((mail) => mail.to === 'notice@example.test');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toContain('New sign-in');
    expect(notice[0]!.text).toContain('2026-11-24 01:00 UTC');
    expect(notice[0]!.text).not.toMatch(LINK);
    // Another browser: the new-device message in the inbox, and its mail.
    const other = await post(
      t.app,
      '/user/login',
      { account: user.account, password: PASSWORD },
      { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/605.1.15' },
    );
    expect(other.body.status).toBe(1);
    expect(await inboxKeys(user.account)).toContain('new_device_login');
    await t.app.accounts.idleNotices();
    const newDevice = mails.slice(before + 1).filter((mail) => mail.to === 'notice@example.test');
    expect(newDevice).toHaveLength(1);
    expect(newDevice[0]!.subject).toContain('Sign-in from a new device');
    expect(newDevice[0]!.text).toContain('Safari on iOS');
    expect(newDevice[0]!.text).not.toMatch(LINK);
  });

  if (backend.name === 'postgres') {
    it('30 wrong passwords at once: every checked try is counted (none lost) and the account locks once', async () => {
      const user = await registerAndLogin(t.app);
      const answers = await Promise.all(Array.from({ length: 30 }, () => login(user.account, 'wrong password 1')));
      const checked = answers.filter((answer) => answer.body.msg === 'wrong_credentials').length;
      for (const answer of answers) expect(['wrong_credentials', 'account_locked']).toContain(answer.body.msg);
      // Tries that passed the lock check before the lock was set were all hashed, and each one counts.
      expect(checked).toBeGreaterThanOrEqual(LOGIN_LOCK.maxFailures);
      expect((await state(user.account)).failed_logins).toBe(checked);
      expect((await inboxKeys(user.account)).filter((key) => key === 'account_locked')).toHaveLength(1);
      expect((await login(user.account, PASSWORD)).body.msg).toBe('account_locked');
    });
  }
});
