import '../testing/setup';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query';
import { notify } from '../modules/inbox/inbox-service';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import {
  FAKE_PDF,
  FAKE_TEXT,
  TINY_JPEG,
  TINY_PNG,
  TINY_WEBP,
  VERIFIED_NAME,
  cardForm,
  markVerified,
  postMultipart,
  registerAdmin,
  type FilePart,
  postCard,
} from '../testing/accounts';
import { PASSWORD, post, registerAndLogin, type LoggedIn } from '../testing/users';

/** Everything of a user that a refused call must leave untouched. */
async function snapshot(t: TestApp, account: string) {
  return t.app.db.tx(async (tx) => {
    const [user] = await queryRows<Record<string, unknown>>(
      tx,
      sql`SELECT id, password_hash, fund_password_hash, realname_status, realname_name, banned, frozen, trade_disabled,
                 role FROM users WHERE account = ${account}`,
    );
    const id = user!.id as bigint;
    const q = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(tx, query);
    return {
      user,
      sessions: await q(sql`SELECT id FROM sessions WHERE user_id = ${id} ORDER BY id`),
      cards: await q(sql`SELECT * FROM bank_cards WHERE user_id = ${id} ORDER BY id`),
      checks: await q(sql`SELECT * FROM realname_checks WHERE user_id = ${id} ORDER BY id`),
      uploads: await q(sql`SELECT * FROM uploads WHERE user_id = ${id} ORDER BY id`),
      messages: await q(sql`SELECT id, read_at FROM messages WHERE user_id = ${id} ORDER BY id`),
    };
  });
}

/** Expects a refusal with `key` that changed nothing of the user's state. */
async function expectRefusedUnchanged(
  t: TestApp,
  user: LoggedIn,
  call: () => Promise<{ body: { status: number; msg: string } }>,
  key: string,
) {
  const before = await snapshot(t, user.account);
  const answer = await call();
  expect(answer.body).toMatchObject({ status: 0, msg: key });
  expect(await snapshot(t, user.account)).toEqual(before);
}

const image = (data: Buffer, filename: string, contentType = 'image/jpeg'): FilePart => ({
  data,
  filename,
  contentType,
});
const identity = { name: VERIFIED_NAME, id_number: 'AB1234567', privacy: '1' };

describe.each(testBackends())('profile on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  describe('login password', () => {
    it('refuses a wrong original password and changes nothing', async () => {
      const user = await registerAndLogin(t.app);
      await expectRefusedUnchanged(
        t,
        user,
        () =>
          post(
            t.app,
            '/user/changePassword',
            { old_password: 'wrong one', password: 'new secret 1', password2: 'new secret 1' },
            user.headers,
          ),
        'original_password_wrong',
      );
      await expectRefusedUnchanged(
        t,
        user,
        () =>
          post(
            t.app,
            '/user/changePassword',
            { old_password: PASSWORD, password: 'new secret 1', password2: 'other 12' },
            user.headers,
          ),
        'passwords_mismatch',
      );
    });

    it('changes the password and ends every session of the user', async () => {
      const user = await registerAndLogin(t.app);
      const second = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
      const answer = await post(
        t.app,
        '/user/changePassword',
        { old_password: PASSWORD, password: 'new secret 1', password2: 'new secret 1' },
        user.headers,
      );
      expect(answer.body).toMatchObject({ status: 1, msg: 'password_changed' });
      expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).statusCode).toBe(401);
      expect(
        (await post(t.app, '/user/getUserinfo', {}, { token: second.body.data.token, account: user.account }))
          .statusCode,
      ).toBe(401);
      expect((await post(t.app, '/user/login', { account: user.account, password: PASSWORD })).body.msg).toBe(
        'wrong_credentials',
      );
      expect((await post(t.app, '/user/login', { account: user.account, password: 'new secret 1' })).body.status).toBe(
        1,
      );
    });
  });

  describe('fund password', () => {
    it('first setting needs six digits and the login password', async () => {
      const user = await registerAndLogin(t.app);
      await expectRefusedUnchanged(
        t,
        user,
        () =>
          post(
            t.app,
            '/user/setFundPassword',
            { login_password: PASSWORD, password: '12345', password2: '12345' },
            user.headers,
          ),
        'fund_password_format',
      );
      await expectRefusedUnchanged(
        t,
        user,
        () =>
          post(
            t.app,
            '/user/setFundPassword',
            { login_password: PASSWORD, password: '12a456', password2: '12a456' },
            user.headers,
          ),
        'fund_password_format',
      );
      await expectRefusedUnchanged(
        t,
        user,
        () => post(t.app, '/user/setFundPassword', { password: '123456', password2: '123456' }, user.headers),
        'password_required',
      );
      await expectRefusedUnchanged(
        t,
        user,
        () =>
          post(
            t.app,
            '/user/setFundPassword',
            { login_password: 'not mine', password: '123456', password2: '123456' },
            user.headers,
          ),
        'login_password_wrong',
      );
      await expectRefusedUnchanged(
        t,
        user,
        () =>
          post(
            t.app,
            '/user/setFundPassword',
            { login_password: PASSWORD, password: '123456', password2: '654321' },
            user.headers,
          ),
        'passwords_mismatch',
      );
      expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).body.data.has_fund_password).toBe(false);
      const set = await post(
        t.app,
        '/user/setFundPassword',
        { login_password: PASSWORD, password: '123456', password2: '123456' },
        user.headers,
      );
      expect(set.body).toMatchObject({ status: 1, msg: 'fund_password_saved' });
      expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).body.data.has_fund_password).toBe(true);
    });

    it('changing needs the old fund password; the login password is not enough', async () => {
      const user = await registerAndLogin(t.app);
      await post(
        t.app,
        '/user/setFundPassword',
        { login_password: PASSWORD, password: '123456', password2: '123456' },
        user.headers,
      );
      await expectRefusedUnchanged(
        t,
        user,
        () =>
          post(
            t.app,
            '/user/setFundPassword',
            { login_password: PASSWORD, password: '222222', password2: '222222' },
            user.headers,
          ),
        'fund_password_required',
      );
      await expectRefusedUnchanged(
        t,
        user,
        () =>
          post(
            t.app,
            '/user/setFundPassword',
            { old_fund_password: '000000', password: '222222', password2: '222222' },
            user.headers,
          ),
        'fund_password_wrong',
      );
      expect(
        (
          await post(
            t.app,
            '/user/setFundPassword',
            { old_fund_password: '123456', password: '222222', password2: '222222' },
            user.headers,
          )
        ).body.status,
      ).toBe(1);
      expect(
        (
          await post(
            t.app,
            '/user/setFundPassword',
            { old_fund_password: '123456', password: '333333', password2: '333333' },
            user.headers,
          )
        ).body.msg,
      ).toBe('fund_password_wrong');
    });

    it('after five wrong fund passwords even the right one answers fund_password_locked', async () => {
      const user = await registerAndLogin(t.app);
      await post(
        t.app,
        '/user/setFundPassword',
        { login_password: PASSWORD, password: '123456', password2: '123456' },
        user.headers,
      );
      for (let i = 0; i < 5; i += 1) {
        expect(
          (
            await post(
              t.app,
              '/user/setFundPassword',
              { old_fund_password: '99999' + i, password: '222222', password2: '222222' },
              user.headers,
            )
          ).body.msg,
        ).toBe('fund_password_wrong');
      }
      await expectRefusedUnchanged(
        t,
        user,
        () =>
          post(
            t.app,
            '/user/setFundPassword',
            { old_fund_password: '123456', password: '222222', password2: '222222' },
            user.headers,
          ),
        'fund_password_locked',
      );
    });
  });

  describe('identity verification', () => {
    it('refuses without privacy, without images, with non-images or oversized files, changing nothing', async () => {
      const user = await registerAndLogin(t.app);
      const submit = (fields: Record<string, string>, files: Record<string, FilePart>) => () =>
        postMultipart(t.app, '/user/realname', fields, files, user.headers);
      const both = { front: image(TINY_JPEG, 'front.jpg'), back: image(TINY_PNG, 'back.png', 'image/png') };
      await expectRefusedUnchanged(
        t,
        user,
        submit({ name: VERIFIED_NAME, id_number: 'AB1234567' }, both),
        'privacy_required',
      );
      await expectRefusedUnchanged(t, user, submit({ ...identity, name: '' }, both), 'name_required');
      await expectRefusedUnchanged(t, user, submit({ ...identity, id_number: '' }, both), 'id_number_required');
      await expectRefusedUnchanged(t, user, submit({ ...identity, id_number: 'AB 12' }, both), 'id_number_invalid');
      await expectRefusedUnchanged(t, user, submit(identity, {}), 'id_images_required');
      await expectRefusedUnchanged(t, user, submit(identity, { front: both.front }), 'id_images_required');
      await expectRefusedUnchanged(
        t,
        user,
        submit(identity, { front: image(FAKE_PDF, 'scan.jpg'), back: both.back }),
        'file_type_invalid',
      );
      await expectRefusedUnchanged(
        t,
        user,
        submit(identity, { front: both.front, back: image(FAKE_TEXT, 'back.jpg') }),
        'file_type_invalid',
      );
      const huge = Buffer.concat([TINY_JPEG, Buffer.alloc(5 * 1024 * 1024)]);
      await expectRefusedUnchanged(
        t,
        user,
        submit(identity, { front: image(huge, 'front.jpg'), back: both.back }),
        'file_too_large',
      );
      // A form-encoded call has no file parts at all.
      await expectRefusedUnchanged(
        t,
        user,
        () => post(t.app, '/user/realname', identity, user.headers),
        'id_images_required',
      );
      expect((await post(t.app, '/user/realnameInfo', {}, user.headers)).body.data.status).toBe('none');
    });

    it('goes none → pending → failed → pending → verified, with the review by an administrator', async () => {
      const user = await registerAndLogin(t.app);
      const admin = await registerAdmin(t.app);
      const files = { front: image(TINY_JPEG, 'front.jpg'), back: image(TINY_WEBP, 'back.webp', 'image/webp') };
      const submitted = await postMultipart(t.app, '/user/realname', identity, files, user.headers);
      expect(submitted.body).toMatchObject({
        status: 1,
        msg: 'realname_submitted',
        data: { status: 'pending', name: '山****', id_number: '*****4567' },
      });
      await expectRefusedUnchanged(
        t,
        user,
        () => postMultipart(t.app, '/user/realname', identity, files, user.headers),
        'order_under_review',
      );

      const pendingList = (await post(t.app, '/admin/realnames', { status: 'pending' }, admin.headers)).body.data
        .list as Array<{ id: number; account: string; id_number: string }>;
      const check = pendingList.find((row) => row.account === user.account)!;
      expect(check.id_number).toBe('AB1234567');
      expect(
        (await post(t.app, '/admin/realnameReview', { id: String(check.id), action: 'reject' }, admin.headers)).body
          .msg,
      ).toBe('reject_reason_required');
      expect(
        (
          await post(
            t.app,
            '/admin/realnameReview',
            { id: String(check.id), action: 'reject', reason: 'The photo is blurred' },
            admin.headers,
          )
        ).body.status,
      ).toBe(1);
      expect(
        (await post(t.app, '/admin/realnameReview', { id: String(check.id), action: 'approve' }, admin.headers)).body
          .msg,
      ).toBe('review_already_done');
      const failed = (await post(t.app, '/user/realnameInfo', {}, user.headers)).body.data;
      expect(failed).toMatchObject({ status: 'failed', reject_reason: 'The photo is blurred' });
      const inbox = (await post(t.app, '/user/messages', { lang: 'us' }, user.headers)).body.data;
      expect(inbox.unread).toBe(1);
      expect(inbox.list[0].body).toContain('The photo is blurred');

      // Re-submission after failure is allowed.
      const again = await postMultipart(
        t.app,
        '/user/realname',
        identity,
        { front: image(TINY_PNG, 'f.png', 'image/png'), back: image(TINY_PNG, 'b.png', 'image/png') },
        user.headers,
      );
      expect(again.body.data.status).toBe('pending');
      const second = (
        (await post(t.app, '/admin/realnames', {}, admin.headers)).body.data.list as Array<{
          id: number;
          account: string;
        }>
      ).find((row) => row.account === user.account)!;
      expect(
        (await post(t.app, '/admin/realnameReview', { id: String(second.id), action: 'approve' }, admin.headers)).body
          .status,
      ).toBe(1);
      expect((await post(t.app, '/user/realnameInfo', {}, user.headers)).body.data.status).toBe('verified');
      expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).body.data).toMatchObject({
        realname_status: 'verified',
        unread_messages: 2,
      });
      await expectRefusedUnchanged(
        t,
        user,
        () => postMultipart(t.app, '/user/realname', identity, files, user.headers),
        'realname_already_verified',
      );

      // The owner sees their own images.
      const info = (await post(t.app, '/user/realnameInfo', {}, user.headers)).body.data;
      const own = await post(t.app, '/user/image', { id: info.front_id }, user.headers);
      expect(own.body.data.mime).toBe('image/png');
      expect(Buffer.from(own.body.data.data_url.split(',')[1], 'base64').equals(TINY_PNG)).toBe(true);
    });
  });

  describe('bank cards', () => {
    it('needs verified identity and a card in the holder’s own name', async () => {
      const user = await registerAndLogin(t.app);
      await expectRefusedUnchanged(
        t,
        user,
        () => postCard(t.app, '/user/bankAdd', cardForm(), user.headers),
        'realname_required',
      );
      await markVerified(t.app, user);
      const before = await snapshot(t, user.account);
      const other = await postCard(t.app, '/user/bankAdd', cardForm({ holder_name: '佐藤 花子' }), user.headers);
      expect(other.body).toMatchObject({ status: 0, msg: 'card_holder_mismatch', values: { name: VERIFIED_NAME } });
      expect(await snapshot(t, user.account)).toEqual(before);
      // Full-width spaces and no spaces are the same name.
      expect(
        (await postCard(t.app, '/user/bankAdd', cardForm({ holder_name: '山田\u3000太郎' }), user.headers)).body.status,
      ).toBe(1);
      expect(
        (await postCard(t.app, '/user/bankAdd', cardForm({ holder_name: '山田太郎' }), user.headers)).body.status,
      ).toBe(1);
    });

    it('validates every field with its own key', async () => {
      const user = await registerAndLogin(t.app);
      await markVerified(t.app, user);
      for (const [overrides, key] of [
        [{ card_number: '' }, 'card_number_required'],
        [{ card_number: '12ab5678' }, 'card_number_invalid'],
        [{ bank_name: '' }, 'bank_name_required'],
        [{ branch_name: ' ' }, 'branch_name_required'],
        [{ branch_code: '12' }, 'branch_code_invalid'],
        [{ holder_name: '' }, 'name_required'],
        [{ card_type: 'savings' }, 'field_invalid'],
      ] as Array<[Record<string, string>, string]>) {
        await expectRefusedUnchanged(
          t,
          user,
          () => postCard(t.app, '/user/bankAdd', cardForm(overrides), user.headers),
          key,
        );
      }
    });

    it('adds, lists masked, edits and deletes; card_exists and card_not_found change nothing', async () => {
      const user = await registerAndLogin(t.app);
      await markVerified(t.app, user);
      const form = cardForm();
      const added = await postCard(t.app, '/user/bankAdd', form, user.headers);
      expect(added.body.status).toBe(1);
      const id = added.body.data.id as number;
      await expectRefusedUnchanged(t, user, () => postCard(t.app, '/user/bankAdd', form, user.headers), 'card_exists');
      const second = cardForm();
      const secondId = (await postCard(t.app, '/user/bankAdd', second, user.headers)).body.data.id as number;

      const list = await post(t.app, '/user/banks', {}, user.headers);
      expect(list.body.data).toHaveLength(2);
      expect(list.body.data[0]).toMatchObject({
        id,
        card_number_masked: `${'*'.repeat(form.card_number!.length - 4)}${form.card_number!.slice(-4)}`,
        bank_name: 'みずほ銀行',
      });
      expect(JSON.stringify(list.body)).not.toContain(form.card_number);

      await expectRefusedUnchanged(
        t,
        user,
        () => postCard(t.app, '/user/bankEdit', { ...second, id: String(id) }, user.headers),
        'card_exists',
      );
      await expectRefusedUnchanged(
        t,
        user,
        () => postCard(t.app, '/user/bankEdit', { ...form, id: '999999' }, user.headers),
        'card_not_found',
      );
      expect(
        (
          await postCard(
            t.app,
            '/user/bankEdit',
            { ...form, id: String(id), branch_name: '渋谷支店', branch_code: '123' },
            user.headers,
          )
        ).body.status,
      ).toBe(1);
      expect((await post(t.app, '/user/banks', {}, user.headers)).body.data[0]).toMatchObject({
        branch_name: '渋谷支店',
        branch_code: '123',
      });

      expect((await postCard(t.app, '/user/bankDelete', { id: String(secondId) }, user.headers)).body.status).toBe(1);
      await expectRefusedUnchanged(
        t,
        user,
        () => postCard(t.app, '/user/bankDelete', { id: String(secondId) }, user.headers),
        'card_not_found',
      );
      expect((await post(t.app, '/user/banks', {}, user.headers)).body.data).toHaveLength(1);
    });
  });

  describe('inbox', () => {
    it('renders a stored message in the reader’s language, counts unread and marks read', async () => {
      const user = await registerAndLogin(t.app);
      const [row] = await t.app.db.tx((tx) =>
        queryRows<{ id: bigint }>(tx, sql`SELECT id FROM users WHERE account = ${user.account}`),
      );
      await t.app.db.tx((tx) =>
        notify(tx, BigInt(row!.id), { key: 'deposit_approved', values: { amount: '50,000 JPY' } }),
      );
      await t.app.db.tx((tx) =>
        notify(tx, BigInt(row!.id), {
          key: 'withdrawal_rejected',
          values: { amount: '30,000 JPY', reason: 'card closed' },
        }),
      );

      const en = (await post(t.app, '/user/messages', { lang: 'us' }, user.headers)).body.data;
      expect(en).toMatchObject({ total: 2, unread: 2 });
      expect(en.list[0]).toMatchObject({ title: 'Withdrawal not approved', read: false });
      expect(en.list[0].body).toContain('30,000 JPY');
      expect(en.list[0].body).toContain('card closed');
      const ja = (await post(t.app, '/user/messages', { lang: 'jp' }, user.headers)).body.data;
      expect(ja.list[1].title).toBe('入金が反映されました');
      const zh = (await post(t.app, '/user/messages', {}, user.headers)).body.data;
      expect(zh.list[1].title).toBe('充值已到账');
      expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).body.data.unread_messages).toBe(2);

      const read = await post(t.app, '/user/messageInfo', { id: String(en.list[1].id), lang: 'en' }, user.headers);
      expect(read.body.data).toMatchObject({ title: 'Deposit credited', read: true });
      expect(read.body.data.body).toContain('50,000 JPY');
      expect((await post(t.app, '/user/messages', {}, user.headers)).body.data.unread).toBe(1);
      expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).body.data.unread_messages).toBe(1);
      expect((await post(t.app, '/user/messageInfo', { id: '99999999' }, user.headers)).body.msg).toBe('not_found');
    });
  });

  describe('news', () => {
    it('lists at least six seeded items in each of the three languages', async () => {
      const user = await registerAndLogin(t.app);
      const titles = new Set<string>();
      for (const lang of ['cn', 'us', 'jp']) {
        const list = (await post(t.app, '/news/list', { lang }, user.headers)).body.data;
        expect(list.total).toBeGreaterThanOrEqual(6);
        expect(list.list.length).toBeGreaterThanOrEqual(6);
        for (const item of list.list) titles.add(item.title);
        const info = (await post(t.app, '/news/info', { id: String(list.list[0].id), lang }, user.headers)).body.data;
        expect(info.body.length).toBeGreaterThan(100);
      }
      expect(titles.size).toBeGreaterThanOrEqual(18);
      const ja = (await post(t.app, '/news/list', { lang: 'ja' }, user.headers)).body.data.list;
      expect(ja.some((item: { title: string }) => item.title.includes('東京証券取引所'))).toBe(true);
      expect((await post(t.app, '/news/info', { id: '99999' }, user.headers)).body.msg).toBe('not_found');
    });
  });
});
