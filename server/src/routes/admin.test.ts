import '../testing/setup';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { runCli } from '../cli';
import { queryRows } from '../db/query';
import { ensureAdmin } from '../modules/admin/admin-bootstrap';
import { createPasswordHasher } from '../security/password';
import { testBackends } from '../testing/backends';
import { TEST_SCRYPT, startTestApp, type TestApp } from '../testing/app';
import {
  TINY_JPEG,
  TINY_PNG,
  VERIFIED_NAME,
  postApproved,
  postMultipart,
  registerAdmin,
  registerAdminPair,
} from '../testing/accounts';
import { loginWithSecondFactor } from '../testing/second-factor';
import { PASSWORD, post, registerAndLogin, uniqueAccount } from '../testing/users';

const auditRows = (t: TestApp) =>
  t.app.db.tx((tx) =>
    queryRows<{
      action: string;
      target: string;
      detail: Record<string, unknown>;
      actor_id: bigint | null;
      before: unknown;
      after: unknown;
    }>(tx, sql`SELECT action, target, detail, actor_id, before, after FROM audit_log ORDER BY id`),
  );

describe.each(testBackends())('back office on $name', (backend) => {
  let t: TestApp;
  const adminAccount = uniqueAccount();
  beforeAll(async () => {
    process.env.ADMIN_ACCOUNT = adminAccount;
    process.env.ADMIN_PASSWORD = 'operator secret 1';
    try {
      t = await startTestApp(backend);
    } finally {
      delete process.env.ADMIN_ACCOUNT;
      delete process.env.ADMIN_PASSWORD;
    }
  });
  afterAll(() => t.close());

  it('creates the first administrator from ADMIN_ACCOUNT + ADMIN_PASSWORD at start-up, idempotently', async () => {
    const login = await post(t.app, '/user/login', { account: adminAccount, password: 'operator secret 1' });
    expect(login.body.data.is_admin).toBe('1');
    const hasher = createPasswordHasher({ cost: TEST_SCRYPT });
    expect(
      await ensureAdmin(t.app.db, hasher, { account: adminAccount, password: 'something else', resetPassword: false }),
    ).toBe('unchanged');
    expect(
      (await post(t.app, '/user/login', { account: adminAccount, password: 'operator secret 1' })).body.status,
    ).toBe(1);
    const user = await registerAndLogin(t.app);
    expect(
      await ensureAdmin(t.app.db, hasher, { account: user.account, password: PASSWORD, resetPassword: false }),
    ).toBe('promoted');
    // The session opened before the promotion lacks the second factor; a sign-in with one reaches the audit log.
    expect((await post(t.app, '/admin/audit', {}, user.headers)).body.msg).toBe('admin_second_factor_required');
    const signedIn = await loginWithSecondFactor(t.app, { account: user.account, password: PASSWORD });
    const headers = { token: signedIn.body.data.token as string, account: user.account };
    expect((await post(t.app, '/admin/audit', {}, headers)).body.status).toBe(1);
    const actions = (await auditRows(t)).map((row) => `${row.action} ${row.target}`);
    expect(actions).toEqual(
      expect.arrayContaining([`admin.create user:${adminAccount}`, `admin.promote user:${user.account}`]),
    );
  });

  it('refuses ordinary users — with or without the is-admin header — with 403 forbidden', async () => {
    const user = await registerAndLogin(t.app);
    for (const headers of [user.headers, { ...user.headers, 'is-admin': '1' }]) {
      const answer = await post(
        t.app,
        '/admin/userFlags',
        { account: user.account, banned: '0', reason: 'role check' },
        headers,
      );
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toEqual({ status: 0, msg: 'forbidden' });
    }
  });

  it(
    'bans, freezes and disables trading; ban and freeze end the user’s sessions; every change is audited',
    flagsEndSessionsAndAreAudited,
  );

  async function flagsEndSessionsAndAreAudited(): Promise<void> {
    const admin = await registerAdmin(t.app);
    const user = await registerAndLogin(t.app);
    expect(
      (
        await post(
          t.app,
          '/admin/userFlags',
          { account: user.account, banned: '1', reason: 'fraud check' },
          admin.headers,
        )
      ).body.status,
    ).toBe(1);
    const sessions = await t.app.db.tx((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE u.account = ${user.account}`,
      ),
    );
    expect(sessions[0]!.n).toBe(0);
    expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).statusCode).toBe(401);
    expect((await post(t.app, '/user/login', { account: user.account, password: PASSWORD })).body.msg).toBe(
      'account_banned',
    );

    expect(
      (
        await post(
          t.app,
          '/admin/userFlags',
          { account: user.account, banned: '0', frozen: '1', reason: 'court order' },
          admin.headers,
        )
      ).body.status,
    ).toBe(1);
    expect((await post(t.app, '/user/login', { account: user.account, password: PASSWORD })).body.msg).toBe(
      'account_frozen',
    );

    expect(
      (
        await post(
          t.app,
          '/admin/userFlags',
          { account: user.account, frozen: '0', trade_disabled: '1', reason: 'risk review' },
          admin.headers,
        )
      ).body.status,
    ).toBe(1);
    const again = await post(t.app, '/user/login', { account: user.account, password: PASSWORD });
    expect(again.body.status).toBe(1);
    const [flags] = await t.app.db.tx((tx) =>
      queryRows<Record<string, boolean>>(
        tx,
        sql`SELECT banned, frozen, trade_disabled FROM users WHERE account = ${user.account}`,
      ),
    );
    expect(flags).toEqual({ banned: false, frozen: false, trade_disabled: true });

    expect(
      (
        await post(
          t.app,
          '/admin/userFlags',
          { account: admin.account, banned: '1', reason: 'self lock' },
          admin.headers,
        )
      ).body.msg,
    ).toBe('review_own_account');
    expect(
      (
        await post(
          t.app,
          '/admin/userFlags',
          { account: uniqueAccount(), banned: '1', reason: 'no such user' },
          admin.headers,
        )
      ).body.msg,
    ).toBe('account_not_found');
    const flagEntries = (await auditRows(t)).filter(
      (row) => row.action === 'user.flags' && row.target === `user:${user.account}`,
    );
    expect(flagEntries).toHaveLength(3);
    expect(flagEntries[0]).toMatchObject({
      before: { banned: false, frozen: false, trade_disabled: false },
      after: { banned: true, frozen: false, trade_disabled: false },
    });
  }

  it('edits site config (with a second administrator) and news, audited with what changed', async () => {
    const admins = await registerAdminPair(t.app);
    const admin = admins.submitter;
    const kefu = { name: 'kefu', value: 'https://support.example.com/' };
    expect((await postApproved(t.app, admins, '/admin/config', kefu)).body).toMatchObject({ status: 1, msg: 'saved' });
    expect((await post(t.app, '/common/config', { type: 'kefu' })).body.data).toEqual([
      { name: 'kefu', value: 'https://support.example.com/' },
    ]);
    expect((await post(t.app, '/admin/config', { name: 'Bad Name', value: 'x' }, admin.headers)).body.msg).toBe(
      'field_invalid',
    );

    const created = await post(
      t.app,
      '/admin/news',
      {
        lang: 'en',
        title: 'Holiday schedule',
        summary: 'Markets closed',
        body: 'The Tokyo market is closed on national holidays.',
      },
      admin.headers,
    );
    expect(created.body.status).toBe(1);
    const id = String(created.body.data.id);
    expect(
      (
        await post(
          t.app,
          '/admin/news',
          { id, lang: 'ja', title: '休場日のお知らせ', body: '東京市場は祝日に休場します。' },
          admin.headers,
        )
      ).body.status,
    ).toBe(1);
    expect(
      (await post(t.app, '/admin/news', { id: '999999', lang: 'ja', title: 'x', body: 'y' }, admin.headers)).body.msg,
    ).toBe('not_found');
    expect((await post(t.app, '/news/info', { id, lang: 'jp' }, admin.headers)).body.data.title).toBe(
      '休場日のお知らせ',
    );
    // No Chinese text yet: English is shown rather than nothing.
    expect((await post(t.app, '/news/info', { id, lang: 'cn' }, admin.headers)).body.data.title).toBe(
      'Holiday schedule',
    );

    const entries = await auditRows(t);
    expect(entries.find((row) => row.action === 'config.set' && row.target === 'config:kefu')).toMatchObject({
      before: { value: '/support.html' },
      after: { value: 'https://support.example.com/' },
    });
    expect(entries.filter((row) => row.target === `news:${id}`).map((row) => row.action)).toEqual([
      'news.create',
      'news.edit',
    ]);
  });

  it('serves an uploaded image to its owner and to administrators only, auditing the operator’s view', async () => {
    const admin = await registerAdmin(t.app);
    const owner = await registerAndLogin(t.app);
    const stranger = await registerAndLogin(t.app);
    await postMultipart(
      t.app,
      '/user/realname',
      { name: VERIFIED_NAME, id_number: 'X1234567', privacy: '1' },
      {
        front: { data: TINY_JPEG, filename: 'a.jpg' },
        back: { data: TINY_PNG, filename: 'b.png', contentType: 'image/png' },
      },
      owner.headers,
    );
    const { front_id: frontId } = (await post(t.app, '/user/realnameInfo', {}, owner.headers)).body.data;
    expect((await post(t.app, '/user/image', { id: frontId }, owner.headers)).body.data.mime).toBe('image/jpeg');
    expect((await post(t.app, '/user/image', { id: frontId }, stranger.headers)).body).toEqual({
      status: 0,
      msg: 'not_found',
    });
    expect((await post(t.app, '/admin/image', { id: frontId }, stranger.headers)).statusCode).toBe(403);
    expect((await post(t.app, '/admin/image', { id: frontId }, admin.headers)).body.data.mime).toBe('image/jpeg');
    expect((await post(t.app, '/admin/image', { id: 'A'.repeat(22) }, admin.headers)).body.msg).toBe('not_found');
    expect((await auditRows(t)).some((row) => row.action === 'image.view' && row.target === `upload:${frontId}`)).toBe(
      true,
    );
    // The bytes live outside the web root under the random id, never the client's name: in the database with
    // PostgreSQL, in the data directory's uploads folder with PGlite (as `npm start` keeps them).
    const uploads = t.app.uploads;
    if (backend.name === 'postgres') {
      expect(uploads.kind).toBe('database');
      const stored = await t.app.db.tx((tx) =>
        queryRows<{ id: string; bytes: number }>(tx, sql`SELECT id, octet_length(data) AS bytes FROM upload_blobs`),
      );
      expect(stored).toContainEqual({ id: frontId, bytes: TINY_JPEG.length });
      expect(stored.map((row) => row.id)).not.toContain('a.jpg');
    } else {
      expect(uploads.kind).toBe('folder');
      const names = fs.readdirSync(uploads.dir!);
      expect(names).toContain(frontId);
      expect(names).not.toContain('a.jpg');
      expect(fs.statSync(path.join(uploads.dir!, frontId)).size).toBe(TINY_JPEG.length);
    }
  });

  it('keeps the audit log append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await registerAdmin(t.app);
    // Drizzle wraps the driver's error; the database's own message is the cause.
    const refusal = (query: ReturnType<typeof sql>) =>
      t.app.db
        .tx((tx) => tx.execute(query))
        .then(
          () => 'accepted',
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
    const before = await auditRows(t);
    expect(await refusal(sql`UPDATE audit_log SET action = 'nothing'`)).toMatch(/append-only: UPDATE refused/);
    // The columns of 0019 (roles, IP, before/after) are as closed as the rest.
    expect(await refusal(sql`UPDATE audit_log SET after = NULL, ip = '10.0.0.1'`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    expect(await auditRows(t)).toEqual(before);
    const admin = await registerAdmin(t.app);
    const list = (await post(t.app, '/admin/audit', {}, admin.headers)).body.data;
    expect(list.total).toBeGreaterThan(0);
    expect(list.list[0]).toEqual(
      expect.objectContaining({
        action: expect.any(String),
        actor: expect.any(String),
        created_at: expect.any(String),
      }),
    );
  });
});

describe('create-admin CLI', () => {
  it('creates an administrator in the embedded database, then resets its password when run again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-cli-'));
    const lines: string[] = [];
    try {
      expect(await runCli(['create-admin'], { DATA_DIR: dataDir }, (line) => lines.push(line))).toBe(2);
      expect(lines[0]).toMatch(/usage/);
      await expect(runCli(['create-admin', '123', 'secret12'], { DATA_DIR: dataDir }, () => undefined)).rejects.toThrow(
        /invalid administrator/,
      );
      expect(
        await runCli(['create-admin', '0311112222', 'first secret'], { DATA_DIR: dataDir }, (line) => lines.push(line)),
      ).toBe(0);
      expect(
        await runCli(['create-admin', '0311112222', 'second secret'], { DATA_DIR: dataDir }, (line) =>
          lines.push(line),
        ),
      ).toBe(0);
      const CODE_LINE =
        /^one-time enrolment code for 0311112222 \(first sign-in, single use, valid until \S+\): ([A-Z2-7]{10})$/;
      expect(lines.slice(1)).toEqual([
        'administrator 0311112222: created',
        expect.stringMatching(CODE_LINE),
        'administrator 0311112222: password reset',
        expect.stringMatching(CODE_LINE),
      ]);
      const [first, second] = [lines[2]!, lines[4]!].map((line) => CODE_LINE.exec(line)![1]!);
      expect(first).not.toBe(second);
      const app = await buildApp({ database: { kind: 'pglite', dataDir }, passwordCost: TEST_SCRYPT });
      try {
        expect((await post(app, '/user/login', { account: '0311112222', password: 'first secret' })).body.msg).toBe(
          'wrong_credentials',
        );
        // An administrator's password login owes a second factor: enrol one with the printed code (the second run's
        // code replaced the first one's).
        const form = { account: '0311112222', password: 'second secret' };
        expect((await loginWithSecondFactor(app, form, {}, first)).body.msg).toBe('admin_enrol_code_wrong');
        const login = await loginWithSecondFactor(app, form, {}, second);
        expect(login.body.data.is_admin).toBe('1');
        expect(
          (
            await post(app, '/admin/audit', {}, { token: login.body.data.token, account: '0311112222' })
          ).body.data.list.map((r: { action: string }) => r.action),
        ).toEqual(['admin.password_reset', 'admin.create']);
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
