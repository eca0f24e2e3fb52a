import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { queryRows } from '../db/query';
import { base32Decode, hotp, stepAt } from '../modules/second-factor/totp';
import { grantRole } from '../modules/admin/admin-bootstrap';
import { ENROL_CODE_MAX_TRIES, ENROL_CODE_SECONDS } from '../modules/admin/enrol-codes';
import { createTestClock } from '../clock';
import { registerAdmin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import {
  codeFor,
  enrolCodeFor,
  freshTotp,
  keepRecoveryCodes,
  loginWithSecondFactor,
  postStepped,
} from '../testing/second-factor';
import { PASSWORD, post, registerAndLogin, type LoggedIn } from '../testing/users';

describe.each(testBackends())('second factor (TOTP and recovery codes) on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  const sessionCount = async (account: string) => {
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.account = ${account}`,
      ),
    );
    return row!.n;
  };

  /** A real step-up (the password and a code) for `action`, then the gated call with its grant. */
  async function stepUpThen(path: string, action: string, user: LoggedIn, code: string, form = {}) {
    const stepUp = await post(t.app, '/user/stepUp', { action, password: PASSWORD, code }, user.headers);
    if (stepUp.body.status !== 1) return stepUp;
    return post(t.app, path, { ...form, step_up: stepUp.body.data.step_up }, user.headers);
  }

  /** Enrols TOTP for a signed-in user; answers the secret and the recovery codes. */
  async function enrol(user: LoggedIn): Promise<{ secret: Buffer; recovery: string[] }> {
    const started = await postStepped(t.app, '/user/totpEnrol', {}, user.headers);
    expect(started.body).toMatchObject({ status: 1, msg: 'totp_enrol_started' });
    ENDPOINTS.totpEnrol.data.parse(started.body.data);
    const secret = base32Decode(started.body.data.secret);
    const confirmed = await postStepped(t.app, '/user/totpConfirm', { code: freshTotp(secret, -1n)! }, user.headers);
    expect(confirmed.body).toMatchObject({ status: 1, msg: 'totp_enabled' });
    return { secret, recovery: confirmed.body.data.recovery_codes };
  }

  it('enrols with a base32 secret and an otpauth URI, confirms with a code, answers 10 recovery codes', async () => {
    const user = await registerAndLogin(t.app);
    const started = await postStepped(t.app, '/user/totpEnrol', {}, user.headers);
    expect(started.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.data.uri).toBe(
      `otpauth://totp/Kabu%3A${user.account}?secret=${started.body.data.secret}` +
        '&issuer=Kabu&algorithm=SHA1&digits=6&period=30',
    );
    const secret = base32Decode(started.body.data.secret);
    const wrong = String((Number(freshTotp(secret, -1n)) + 1) % 1_000_000).padStart(6, '0');
    expect((await postStepped(t.app, '/user/totpConfirm', { code: wrong }, user.headers)).body).toMatchObject({
      status: 0,
      msg: 'second_factor_code_wrong',
    });
    const confirmed = await postStepped(t.app, '/user/totpConfirm', { code: freshTotp(secret, -1n)! }, user.headers);
    expect(confirmed.body.data.recovery_codes).toHaveLength(10);
    for (const code of confirmed.body.data.recovery_codes)
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await post(t.app, '/user/secondFactorStatus', {}, user.headers)).body.data).toEqual({
      totp_enabled: true,
      recovery_codes_left: 10,
    });
    expect((await postStepped(t.app, '/user/totpEnrol', {}, user.headers)).body.msg).toBe('totp_already_enabled');
    // The secret is stored sealed or marked plain, never as the base32 the user saw; codes only as hashes.
    const [stored] = await t.app.db.tx((tx) =>
      queryRows<{ secret: string }>(tx, sql`SELECT secret FROM totp_factors ORDER BY created_at DESC LIMIT 1`),
    );
    expect(stored!.secret).not.toContain(started.body.data.secret);
    const hashes = await t.app.db.tx((tx) =>
      queryRows<{ code_hash: string }>(tx, sql`SELECT code_hash FROM recovery_codes`),
    );
    expect(hashes.map((h) => h.code_hash)).not.toContain(confirmed.body.data.recovery_codes[0]);
  });

  it('asks an investor with TOTP for a code after the password, opens no session, refuses a replay', async () => {
    const user = await registerAndLogin(t.app);
    const { secret } = await enrol(user);
    const before = await sessionCount(user.account);
    const login = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(login.body).toMatchObject({ status: 1, msg: 'second_factor_required' });
    expect(login.body.data).toMatchObject({ token: '', account: user.account, second_factor: 'verify' });
    ENDPOINTS.login.data.parse(login.body.data);
    expect(await sessionCount(user.account)).toBe(before);

    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ last_step: string }>(
        tx,
        sql`SELECT last_step FROM totp_factors f JOIN users u ON u.id = f.user_id
        WHERE u.account = ${user.account}`,
      ),
    );
    const code = freshTotp(secret, BigInt(row!.last_step))!;
    const done = await post(t.app, '/user/loginSecondFactor', { challenge: login.body.data.challenge, code });
    expect(done.body).toMatchObject({ status: 1, msg: 'login_success', data: { account: user.account } });
    const headers = { token: done.body.data.token, account: user.account };
    expect((await post(t.app, '/user/secondFactorStatus', {}, headers)).body.status).toBe(1);
    // The challenge is spent, and the same code in a new challenge is a replay.
    expect(
      (await post(t.app, '/user/loginSecondFactor', { challenge: login.body.data.challenge, code })).body.msg,
    ).toBe('second_factor_challenge_invalid');
    const again = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(
      (await post(t.app, '/user/loginSecondFactor', { challenge: again.body.data.challenge, code })).body.msg,
    ).toBe('second_factor_code_reused');
  });

  it('accepts each recovery code once, and regenerating them retires the old ones', async () => {
    const user = await registerAndLogin(t.app);
    const { recovery } = await enrol(user);
    const challenge = async () =>
      (await post(t.app, '/user/login', { account: user.account, password: PASSWORD })).body.data.challenge as string;
    const first = await post(t.app, '/user/loginSecondFactor', {
      challenge: await challenge(),
      code: recovery[0]!.toLowerCase().replace(/-/g, ''),
    });
    expect(first.body.status).toBe(1);
    expect(
      (await post(t.app, '/user/loginSecondFactor', { challenge: await challenge(), code: recovery[0]! })).body.msg,
    ).toBe('second_factor_code_wrong');
    const fresh = await stepUpThen('/user/recoveryCodes', 'recovery_codes', user, recovery[1]!);
    expect(fresh.body).toMatchObject({ status: 1, msg: 'recovery_codes_regenerated' });
    expect(
      (await post(t.app, '/user/loginSecondFactor', { challenge: await challenge(), code: recovery[2]! })).body.msg,
    ).toBe('second_factor_code_wrong');
    const next = fresh.body.data.recovery_codes[0];
    expect(
      (await post(t.app, '/user/loginSecondFactor', { challenge: await challenge(), code: next })).body.status,
    ).toBe(1);
  });

  it('ends a challenge after five wrong codes, and validates the code and challenge fields', async () => {
    const user = await registerAndLogin(t.app);
    const { recovery } = await enrol(user);
    const login = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    const challenge = login.body.data.challenge as string;
    for (let i = 0; i < 5; i += 1)
      expect((await post(t.app, '/user/loginSecondFactor', { challenge, code: 'AAAA-AAAA-AAAA' })).body.msg).toBe(
        'second_factor_code_wrong',
      );
    expect((await post(t.app, '/user/loginSecondFactor', { challenge, code: recovery[0]! })).body.msg).toBe(
      'second_factor_challenge_invalid',
    );
    expect((await post(t.app, '/user/loginSecondFactor', { challenge, code: '12345' })).body).toMatchObject({
      status: 0,
      msg: 'second_factor_code_format',
    });
    expect((await post(t.app, '/user/loginSecondFactor', { challenge: 'x', code: '123456' })).body.msg).toBe(
      'second_factor_challenge_invalid',
    );
  });

  it('rate-limits code attempts per user (too_frequent), across calls', async () => {
    const user = await registerAndLogin(t.app);
    await enrol(user);
    const answers: string[] = [];
    for (let i = 0; i < 10; i += 1)
      answers.push((await stepUpThen('/user/totpDisable', 'totp_disable', user, 'BBBB-BBBB-BBBB')).body.msg);
    expect(answers.slice(0, 9)).toEqual(Array(9).fill('second_factor_code_wrong'));
    expect(answers[9]).toBe('too_frequent');
  });

  it('disables TOTP after a step-up with a code; the password alone then signs the investor in', async () => {
    const user = await registerAndLogin(t.app);
    const { recovery } = await enrol(user);
    expect((await post(t.app, '/user/totpDisable', {}, user.headers)).body.msg).toBe('step_up_required');
    expect(
      (await post(t.app, '/user/stepUp', { action: 'totp_disable', password: PASSWORD }, user.headers)).body.msg,
    ).toBe('step_up_code_required');
    expect((await stepUpThen('/user/totpDisable', 'totp_disable', user, recovery[0]!)).body).toMatchObject({
      status: 1,
      msg: 'totp_disabled',
    });
    const login = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(login.body).toMatchObject({ status: 1, msg: 'login_success' });
    expect(login.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await postStepped(t.app, '/user/totpDisable', {}, user.headers)).body.msg).toBe('totp_not_enabled');
  });

  it('refuses /admin/ calls from a session opened with the password alone, until a second-factor sign-in', async () => {
    // Signed in with the password, then promoted: the role is read on every request, the session's strength too.
    const user = await registerAndLogin(t.app);
    expect(await grantRole(t.app.db, { account: user.account, role: 'admin' })).toBe('granted');
    const refused = await post(t.app, '/admin/deposits', {}, user.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toEqual({ status: 0, msg: 'admin_second_factor_required' });
    // Investor calls still work on that session.
    expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).body.status).toBe(1);
    const login = await loginWithSecondFactor(t.app, { account: user.account, password: PASSWORD });
    const headers = { token: login.body.data.token as string, account: user.account };
    expect((await post(t.app, '/admin/deposits', {}, headers)).body.status).toBe(1);
    expect((await post(t.app, '/admin/deposits', {}, user.headers)).body.msg).toBe('admin_second_factor_required');
  });

  it('makes an administrator without a second factor enrol at login before any session', async () => {
    // Promoted after registering: the registration's session predates the rule; a password login owes the factor.
    const user = await registerAdmin(t.app);
    const login = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(login.body).toMatchObject({ status: 1, msg: 'second_factor_enrol_required' });
    expect(login.body.data).toMatchObject({ token: '', is_admin: '1', second_factor: 'enrol' });
    const challenge = login.body.data.challenge as string;
    expect((await post(t.app, '/user/loginSecondFactor', { challenge, code: '123456' })).body.msg).toBe(
      'admin_enrol_code_required',
    );
    const enrolment = await post(t.app, '/user/loginEnrolTotp', {
      challenge,
      enrol_code: await enrolCodeFor(t.app, user.account),
    });
    expect(enrolment.body).toMatchObject({ status: 1, msg: 'totp_enrol_started' });
    const secret = base32Decode(enrolment.body.data.secret);
    const done = await post(t.app, '/user/loginSecondFactor', { challenge, code: hotp(secret, stepAt(Date.now())) });
    expect(done.body).toMatchObject({ status: 1, msg: 'totp_enabled', data: { is_admin: '1' } });
    expect(done.body.data.recovery_codes).toHaveLength(10);
    keepRecoveryCodes(user.account, done.body.data.recovery_codes);
    const headers = { token: done.body.data.token, account: user.account };
    expect((await post(t.app, '/admin/deposits', {}, headers)).body.status).toBe(1);
    // Next time the administrator proves the factor; a verify challenge cannot start another enrolment.
    const next = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(next.body.data.second_factor).toBe('verify');
    const again = { challenge: next.body.data.challenge, enrol_code: 'AAAAAAAAAA' };
    expect((await post(t.app, '/user/loginEnrolTotp', again)).body.msg).toBe('totp_already_enabled');
    const helped = await loginWithSecondFactor(t.app, { account: user.account, password: PASSWORD });
    expect(helped.body).toMatchObject({ status: 1, msg: 'login_success' });
    // Two TOTP steps used: when the ±1 window has none left, the helper spends a kept recovery code.
    const third = await loginWithSecondFactor(t.app, { account: user.account, password: PASSWORD });
    expect(third.body).toMatchObject({ status: 1, msg: 'login_success' });
    expect(await codeFor(t.app, user.account)).toMatch(/^(\d{6}|[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})$/);
  });
});

describe.each(testBackends())('the administrator enrolment code (issue 33 point 2) on $name', (backend) => {
  let t: TestApp;
  const clock = createTestClock(new Date('2026-11-24T01:00:00Z'), { running: false });
  beforeAll(async () => {
    t = await startTestApp(backend, { now: clock.now, testClock: clock });
  });
  afterAll(() => t.close());

  /** A fresh administrator (granted as the CLI does) and an `enrol` challenge of its password login. */
  async function enrolChallenge(account?: string) {
    const user = account ? { account } : await registerAdmin(t.app);
    const login = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(login.body.data.second_factor).toBe('enrol');
    return { account: user.account, challenge: login.body.data.challenge as string };
  }
  const enrol = (challenge: string, enrol_code?: string) =>
    post(t.app, '/user/loginEnrolTotp', enrol_code === undefined ? { challenge } : { challenge, enrol_code });
  const triesOf = async (account: string) => {
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ attempts: number }>(
        tx,
        sql`SELECT c.attempts FROM admin_enrol_codes c JOIN users u ON u.id = c.user_id WHERE u.account = ${account}`,
      ),
    );
    return row?.attempts;
  };
  /** Completes an enrolment started with `secret`; answers the final answer. */
  const complete = (challenge: string, secret: string) =>
    post(t.app, '/user/loginSecondFactor', { challenge, code: hotp(base32Decode(secret), stepAt(Date.now())) });

  it('refuses to start the enrolment with the password alone, and completes nothing without the code', async () => {
    const { account, challenge } = await enrolChallenge();
    await enrolCodeFor(t.app, account);
    expect((await enrol(challenge)).body).toMatchObject({ status: 0, msg: 'admin_enrol_code_required' });
    expect((await enrol(challenge, '')).body).toMatchObject({ status: 0, msg: 'admin_enrol_code_required' });
    // Not even a pending factor left by another route makes the challenge complete.
    expect((await post(t.app, '/user/loginSecondFactor', { challenge, code: '123456' })).body.msg).toBe(
      'admin_enrol_code_required',
    );
    expect(await triesOf(account)).toBe(0);
  });

  it('claims a try for each wrong code, and the fifth wrong try ends the code', async () => {
    const { account, challenge } = await enrolChallenge();
    const code = await enrolCodeFor(t.app, account);
    for (let i = 1; i < ENROL_CODE_MAX_TRIES; i += 1) {
      expect((await enrol(challenge, 'AAAAAAAAAA')).body).toMatchObject({ status: 0, msg: 'admin_enrol_code_wrong' });
      expect(await triesOf(account)).toBe(i);
    }
    expect((await enrol(challenge, 'AAAAAAAAAA')).body.msg).toBe('admin_enrol_code_wrong');
    expect(await triesOf(account)).toBeUndefined();
    // The right code no longer works: the operator prints a new one.
    expect((await enrol(challenge, code)).body.msg).toBe('admin_enrol_code_wrong');
    const next = await enrolCodeFor(t.app, account);
    expect((await enrol(challenge, next)).body).toMatchObject({ status: 1, msg: 'totp_enrol_started' });
  });

  it('refuses an expired code (24 hours on the app clock)', async () => {
    const { account, challenge } = await enrolChallenge();
    const code = await enrolCodeFor(t.app, account);
    clock.advance(ENROL_CODE_SECONDS * 1000 + 1000);
    try {
      expect((await enrol(challenge, code)).body.msg).toBe('admin_enrol_code_wrong');
      const fresh = await enrolCodeFor(t.app, account);
      clock.advance(ENROL_CODE_SECONDS * 1000 - 60_000);
      expect((await enrol(challenge, fresh)).body).toMatchObject({ status: 1, msg: 'totp_enrol_started' });
    } finally {
      clock.set(new Date('2026-11-24T01:00:00Z'));
    }
  });

  it('accepts the right code once (case and dashes aside): a used code starts nothing again', async () => {
    const { account, challenge } = await enrolChallenge();
    const code = await enrolCodeFor(t.app, account);
    const typed = `${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`;
    const started = await enrol(challenge, typed);
    expect(started.body).toMatchObject({ status: 1, msg: 'totp_enrol_started' });
    expect(await triesOf(account)).toBeUndefined();
    // The same challenge may restart the enrolment (a new secret) without the code; a new challenge may not.
    const restarted = await enrol(challenge);
    expect(restarted.body).toMatchObject({ status: 1, msg: 'totp_enrol_started' });
    expect(restarted.body.data.secret).not.toBe(started.body.data.secret);
    const other = await enrolChallenge(account);
    expect((await enrol(other.challenge, code)).body.msg).toBe('admin_enrol_code_wrong');
    // The new login replaced the first challenge: the enrolment is completed from a fresh one with a new code.
    const again = await enrolChallenge(account);
    const secret = (await enrol(again.challenge, await enrolCodeFor(t.app, account))).body.data.secret as string;
    const done = await complete(again.challenge, secret);
    expect(done.body).toMatchObject({ status: 1, msg: 'totp_enabled', data: { is_admin: '1' } });
    // With a second factor confirmed, the CLI has no code to print and the login owes `verify`.
    await expect(enrolCodeFor(t.app, account)).rejects.toThrow(/not_needed/);
    const verify = await post(t.app, '/user/login', { account, password: PASSWORD });
    expect(verify.body.data.second_factor).toBe('verify');
  });

  it('a new grant-role code replaces the old one', async () => {
    const { account, challenge } = await enrolChallenge();
    const old = await enrolCodeFor(t.app, account);
    expect(await grantRole(t.app.db, { account, role: 'auditor' })).toBe('granted');
    const replaced = await enrolCodeFor(t.app, account);
    expect((await enrol(challenge, old)).body.msg).toBe('admin_enrol_code_wrong');
    expect((await enrol(challenge, replaced)).body).toMatchObject({ status: 1, msg: 'totp_enrol_started' });
  });
});
