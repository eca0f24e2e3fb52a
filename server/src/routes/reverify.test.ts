import '../testing/setup';
import { sql } from 'drizzle-orm';
import { createTestClock } from '../clock';
import { queryRows } from '../db/query';
import {
  postMultipart,
  registerAdmin,
  registerMoneyReadyUser,
  TINY_JPEG,
  TINY_PNG,
  VERIFIED_NAME,
} from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { OPEN_TIME } from '../testing/money';
import { PASSWORD, post, type LoggedIn } from '../testing/users';

describe.each(testBackends())(
  'a frozen account reopens with a fresh identity check (issue 33 point 3) on $name',
  (b) => {
    let t: TestApp;
    // Deposits are taken on business days only (spec §9): the test runs on a Monday in Japan, whatever day it is.
    const clock = createTestClock(OPEN_TIME);
    beforeAll(async () => {
      t = await startTestApp(b, { now: clock.now, testClock: clock });
    });
    afterAll(() => t.close());

    const flags = (admin: LoggedIn, account: string, form: Record<string, string>) =>
      post(t.app, '/admin/userFlags', { account, reason: 'court order', ...form }, admin.headers);
    const userRow = async (account: string) =>
      (
        await t.app.db.tx((tx) =>
          queryRows<{ realname_status: string; realname_name: string | null; id: string }>(
            tx,
            sql`SELECT id::text, realname_status, realname_name FROM users WHERE account = ${account}`,
          ),
        )
      )[0]!;
    const deposit = (user: LoggedIn) =>
      postMultipart(
        t.app,
        '/funds/deposit',
        { amount: '100000', currency: 'JPY', channel_id: 'jp-mufg' },
        { proof: { data: TINY_JPEG, filename: 'proof.jpg' } },
        user.headers,
      );

    it('unfreezing sends the identity back to a new submission, says so, and money waits for it', async () => {
      const admin = await registerAdmin(t.app);
      const user = await registerMoneyReadyUser(t.app);
      expect((await flags(admin, user.account, { frozen: '1' })).body.status).toBe(1);
      // Trading-only changes on a frozen account keep it frozen and change nothing of the identity.
      expect((await flags(admin, user.account, { trade_disabled: '1' })).body.status).toBe(1);
      expect((await userRow(user.account)).realname_status).toBe('verified');

      expect((await flags(admin, user.account, { frozen: '0', trade_disabled: '0' })).body.status).toBe(1);
      const row = await userRow(user.account);
      // Required again; the prior verified name stays on record.
      expect(row).toMatchObject({ realname_status: 'none', realname_name: VERIFIED_NAME });
      const keys = await t.app.db.tx((tx) =>
        queryRows<{ msg_key: string }>(tx, sql`SELECT msg_key FROM messages WHERE user_id = ${row.id}::bigint`),
      );
      expect(keys.map((k) => k.msg_key)).toContain('reverify_required');
      const [audit] = await t.app.db.tx((tx) =>
        queryRows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
          tx,
          sql`SELECT before, after FROM audit_log WHERE target = ${`user:${user.account}`} ORDER BY id DESC LIMIT 1`,
        ),
      );
      expect(audit).toMatchObject({ before: { realname_status: 'verified' }, after: { realname_status: 'none' } });

      const login = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
      expect(login.body.status).toBe(1);
      const session = { ...user, headers: { token: login.body.data.token, account: user.account } };
      expect((await deposit(session)).body).toMatchObject({ status: 0, msg: 'realname_required' });
      // The way out: a new submission is accepted (then an operator's approval).
      const submitted = await postMultipart(
        t.app,
        '/user/realname',
        { name: VERIFIED_NAME, id_number: 'X1234567', privacy: '1' },
        {
          front: { data: TINY_JPEG, filename: 'a.jpg' },
          back: { data: TINY_PNG, filename: 'b.png', contentType: 'image/png' },
        },
        session.headers,
      );
      expect(submitted.body.status).toBe(1);
      expect((await userRow(user.account)).realname_status).toBe('pending');
    });
  },
);
