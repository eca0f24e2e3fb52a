import '../testing/setup';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { OPEN_TIME, balancesOf, fund, moneyReadyUser, type MoneyUser } from '../testing/money';
import { postStepped, STEP_UP_PATHS } from '../testing/second-factor';
import { post } from '../testing/users';
import { SoftAuthenticator } from '../testing/webauthn';

const HOST = { host: 'kabu.example' };

describe.each(testBackends())('a withdrawal confirmed with a passkey on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => OPEN_TIME });
  });
  afterAll(() => t.close());

  // Gated calls get a step-up grant (a shortcut: step-up.test.ts proves the real step-up).
  const call = (user: MoneyUser, path: string, form: Record<string, string>) =>
    STEP_UP_PATHS[path]
      ? postStepped(t.app, path, form, { ...HOST, ...user.headers })
      : post(t.app, path, form, { ...HOST, ...user.headers });

  async function userWithPasskey(): Promise<{ user: MoneyUser; authenticator: SoftAuthenticator }> {
    const user = await moneyReadyUser(t.app);
    await fund(t.app, user.userId, '100000');
    const authenticator = new SoftAuthenticator('https://kabu.example', 'kabu.example');
    const options = (await call(user, '/user/passkeyRegisterOptions', {})).body.data.options;
    expect((await call(user, '/user/passkeyRegister', { credential: authenticator.create(options) })).body.status).toBe(
      1,
    );
    return { user, authenticator };
  }

  const withdrawal = (user: MoneyUser, amount = '30000') => ({ amount, currency: 'JPY', card_id: String(user.cardId) });

  it('accepts a fresh assertion bound to this withdrawal instead of the fund password', async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = (await call(user, '/user/passkeyWithdrawOptions', withdrawal(user))).body.data.options;
    const answer = await call(user, '/user/withdraw', {
      ...withdrawal(user, '30000.00'),
      passkey: authenticator.get(options),
    });
    expect(answer.body).toMatchObject({ status: 1, msg: 'withdraw_success' });
    expect((await balancesOf(t.app, user)).JPY!.frozen).toBe('30000');
  });

  it('refuses an assertion made for another amount, or used twice, and moves no money', async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = (await call(user, '/user/passkeyWithdrawOptions', withdrawal(user))).body.data.options;
    const passkey = authenticator.get(options);
    expect((await call(user, '/user/withdraw', { ...withdrawal(user, '40000'), passkey })).body.msg).toBe(
      'passkey_withdraw_mismatch',
    );
    // The challenge was spent by the refused try: a confirmation is good for one attempt only.
    expect((await call(user, '/user/withdraw', { ...withdrawal(user), passkey })).body.msg).toBe(
      'passkey_challenge_expired',
    );
    expect((await balancesOf(t.app, user)).JPY!.frozen).toBe('0');
  });

  it("refuses another user's passkey, and still asks for the fund password when no passkey is sent", async () => {
    const { user } = await userWithPasskey();
    const other = await userWithPasskey();
    const options = (await call(user, '/user/passkeyWithdrawOptions', withdrawal(user))).body.data.options;
    expect(
      (await call(user, '/user/withdraw', { ...withdrawal(user), passkey: other.authenticator.get(options) })).body.msg,
    ).toBe('passkey_not_recognised');
    expect((await call(user, '/user/withdraw', withdrawal(user))).body).toMatchObject({
      status: 0,
      msg: 'fund_password_required',
      field: 'fund_password',
    });
  });
});
