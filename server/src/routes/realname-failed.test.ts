import '../testing/setup';
import {
  cardForm,
  postCard,
  postMultipart,
  registerAdmin,
  TINY_JPEG,
  TINY_PNG,
  VERIFIED_NAME,
} from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { expectRefused } from '../testing/money';
import { placeOrder, TOKYO_OPEN } from '../testing/trade';
import { post, registerAndLogin, type LoggedIn } from '../testing/users';

/**
 * Issue 35: a user whose identity check was rejected is refused with the spec's `realname_failed` (its way out:
 * submit again) wherever identity is required, not with `realname_required`, which stays the answer while there
 * is no check or one is pending.
 */
describe.each(testBackends())('a rejected identity check is refused as realname_failed on $name', (b) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(b, { now: () => TOKYO_OPEN, matcherIntervalMs: 0 });
  });
  afterAll(() => t.close());

  const submit = (user: LoggedIn) =>
    postMultipart(
      t.app,
      '/user/realname',
      { name: VERIFIED_NAME, id_number: 'AB1234567', privacy: '1' },
      {
        front: { data: TINY_JPEG, filename: 'front.jpg' },
        back: { data: TINY_PNG, filename: 'back.png', contentType: 'image/png' },
      },
      user.headers,
    );
  const deposit = (user: LoggedIn) =>
    postMultipart(
      t.app,
      '/funds/deposit',
      { amount: '100000', currency: 'JPY', channel_id: 'jp-mufg' },
      { proof: { data: TINY_JPEG, filename: 'proof.jpg' } },
      user.headers,
    );
  /** Every guard that needs a verified identity, each with the key it must answer. */
  const expectEveryGuard = async (user: LoggedIn, key: string) => {
    await expectRefused(t.app, user, key, () => deposit(user));
    await expectRefused(t.app, user, key, () => postCard(t.app, '/user/bankAdd', cardForm(), user.headers));
    await expectRefused(t.app, user, key, () => placeOrder(t.app, user, { quantity: '100' }));
    await expectRefused(t.app, user, key, () =>
      post(
        t.app,
        '/user/withdraw',
        { amount: '30000', currency: 'JPY', card_id: '1', fund_password: 'correct horse 7' },
        user.headers,
      ),
    );
  };

  it('answers realname_failed after a rejection, realname_required with no check or a pending one', async () => {
    const admin = await registerAdmin(t.app);
    const user = await registerAndLogin(t.app);
    await expectEveryGuard(user, 'realname_required');

    expect((await submit(user)).body.status).toBe(1);
    const check = (
      (await post(t.app, '/admin/realnames', { status: 'pending' }, admin.headers)).body.data.list as Array<{
        id: number;
        account: string;
      }>
    ).find((row) => row.account === user.account)!;
    const review = { id: String(check.id), action: 'reject', reason: 'The photo is blurred' };
    expect((await post(t.app, '/admin/realnameReview', review, admin.headers)).body.status).toBe(1);

    await expectEveryGuard(user, 'realname_failed');
    // The way out the message names: submitting again is accepted, and the check is pending again.
    expect((await submit(user)).body).toMatchObject({ status: 1, data: { status: 'pending' } });
    await expectEveryGuard(user, 'realname_required');
  });
});
