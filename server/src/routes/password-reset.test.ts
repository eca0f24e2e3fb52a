import '../testing/setup';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestClock } from '../clock';
import { queryRows } from '../db/query';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { PASSWORD, registration, uniqueAccount, type Answer } from '../testing/users';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Decodes MIME encoded-words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** A plain-text message as nodemailer writes it: headers, then a 7bit, quoted-printable or base64 body. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { to, subject: decodeHeader(header('Subject')), text };
}

/** A real SMTP server in this process: every message it accepts lands in `mails`. */
async function startSmtp(): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('latin1'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** POSTs a form from a given client IP (rate limits key on it). */
async function send(t: TestApp, path: string, form: Record<string, string>, ip = '10.0.0.1', headers = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/vue${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: ip,
  });
  return { statusCode: response.statusCode, body: response.json() as Answer['body'] };
}

const NEW_PASSWORD = 'brand new secret 9';
const START = new Date('2026-11-24T01:00:00Z');
let ipSequence = 0;
/** A client IP no other test uses, so the per-IP limits of one test never touch another. */
const freshIp = () => `10.1.${Math.floor(++ipSequence / 250)}.${(ipSequence % 250) + 1}`;

describe.each(testBackends())('password reset by email on $name', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = createTestClock(START, { running: false });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(backend, {
      now: clock.now,
      testClock: clock,
      matcherIntervalMs: 0,
      mail: { smtpUrl: smtp.url, from: 'Kabu <no-reply@kabu.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => clock.set(START));

  /** Registers a user with its own email; answers the account, its email and the register answer. */
  async function newUser() {
    const form = registration();
    const email = `${form.account}@example.test`;
    const answer = await send(t, '/user/register', { ...form, email }, freshIp());
    expect(answer.body.status).toBe(1);
    return { account: form.account!, email, session: answer.body.data as { token: string; account: string } };
  }

  /** Asks for a code and answers the code read from the mail that arrived for `email`. */
  async function requestCode(account: string, email: string, lang = 'en', ip = freshIp()): Promise<string> {
    // A sign-in's notice mail (docs/decisions/0031) lands before the code's.
    await t.app.accounts.idleNotices();
    const before = smtp.mails.length;
    const answer = await send(t, '/user/passwordResetRequest', { account, lang }, ip);
    expect(answer.body).toEqual({ status: 1, msg: 'password_reset_sent', data: {} });
    await t.app.passwordResets.idle();
    const mails = smtp.mails.slice(before).filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(mails[0]!.text)?.[1];
    expect(code).toBeDefined();
    return code!;
  }

  const reset = (account: string, code: string, ip = freshIp(), password = NEW_PASSWORD) =>
    send(t, '/user/passwordReset', { account, code, password, password2: password }, ip);
  const login = (account: string, password: string) => send(t, '/user/login', { account, password }, freshIp());
  const userInfo = (session: { token: string; account: string }) =>
    send(t, '/user/getUserinfo', { type: 'jpy' }, freshIp(), session);

  it('mails a code that sets a new password, ends every session and works once', async () => {
    const user = await newUser();
    const loggedIn = (await login(user.account, PASSWORD)).body.data as { token: string; account: string };
    expect((await userInfo(user.session)).statusCode).toBe(200);

    const code = await requestCode(user.account, user.email);
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe('Your Kabu password reset code');
    expect(mail.text).toContain('15 minutes');

    // The schema first: both passwords must match; the code is not used up by a refused form.
    const mismatch = await send(t, '/user/passwordReset', {
      account: user.account,
      code,
      password: NEW_PASSWORD,
      password2: 'something else',
    });
    expect(mismatch.body).toMatchObject({ status: 0, msg: 'passwords_mismatch', field: 'password2' });

    expect((await reset(user.account, code)).body).toEqual({ status: 1, msg: 'password_reset_done', data: {} });
    // Every session of the user ended: the one from registering and the one from logging in.
    for (const session of [user.session, loggedIn]) {
      const answer = await userInfo(session);
      expect(answer.statusCode).toBe(401);
      expect(answer.body.msg).toBe('session_expired');
    }
    expect((await login(user.account, PASSWORD)).body).toMatchObject({ status: 0, msg: 'wrong_credentials' });
    const fresh = await login(user.account, NEW_PASSWORD);
    expect(fresh.body.status).toBe(1);
    expect((await userInfo(fresh.body.data as { token: string; account: string })).statusCode).toBe(200);
    // Single use.
    expect((await reset(user.account, code, freshIp(), 'a third password 1')).body).toMatchObject({
      status: 0,
      msg: 'reset_code_invalid',
      field: 'code',
    });
    expect((await login(user.account, NEW_PASSWORD)).body.status).toBe(1);
  });

  it('stores the code hashed, one live code per user: a new request replaces the old code', async () => {
    const user = await newUser();
    const first = await requestCode(user.account, user.email);
    const second = await requestCode(user.account, user.email);
    const rows = await t.app.db.tx((tx) =>
      queryRows<{ code_hash: string }>(
        tx,
        sql`SELECT c.code_hash FROM password_reset_codes c JOIN users u ON u.id = c.user_id
            WHERE u.account = ${user.account}`,
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(second);
    if (first !== second) {
      expect((await reset(user.account, first)).body.msg).toBe('reset_code_invalid');
    }
    expect((await reset(user.account, second)).body.status).toBe(1);
  });

  it('writes the mail in the language asked for (ja, zh-CN by default)', async () => {
    const user = await newUser();
    const jaCode = await requestCode(user.account, user.email, 'ja');
    expect(smtp.mails.at(-1)!.subject).toBe('Kabu パスワード再設定の確認コード');
    expect(smtp.mails.at(-1)!.text).toContain(`確認コード：${jaCode}`);
    const before = smtp.mails.length;
    await send(t, '/user/passwordResetRequest', { account: user.account }, freshIp());
    await t.app.passwordResets.idle();
    expect(smtp.mails.slice(before).map((mail) => mail.subject)).toEqual(['Kabu 密码重置验证码']);
  });

  it('refuses a code once 15 minutes have passed on the test clock', async () => {
    const user = await newUser();
    const code = await requestCode(user.account, user.email);
    const moved = await send(t, '/test/clock', { advance_ms: String(15 * 60_000 + 1000) });
    expect(moved.body.status).toBe(1);
    expect((await reset(user.account, code)).body).toMatchObject({ status: 0, msg: 'reset_code_invalid' });
    expect((await login(user.account, PASSWORD)).body.status).toBe(1);
  });

  it('accepts a code just before it expires', async () => {
    const user = await newUser();
    const code = await requestCode(user.account, user.email);
    await send(t, '/test/clock', { advance_ms: String(14 * 60_000) });
    expect((await reset(user.account, code)).body.status).toBe(1);
  });

  it('kills the code after five wrong tries', async () => {
    const user = await newUser();
    const code = await requestCode(user.account, user.email);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    for (let n = 1; n <= 5; n += 1) {
      expect((await reset(user.account, wrong(n))).body).toMatchObject({ status: 0, msg: 'reset_code_invalid' });
    }
    expect((await reset(user.account, code)).body).toMatchObject({ status: 0, msg: 'reset_code_invalid' });
    expect((await login(user.account, PASSWORD)).body.status).toBe(1);
  });

  it('refuses a malformed code by the schema', async () => {
    const user = await newUser();
    expect((await reset(user.account, '12ab56')).body).toMatchObject({ msg: 'reset_code_format', field: 'code' });
    expect((await reset(user.account, '')).body).toMatchObject({ msg: 'reset_code_required', field: 'code' });
  });

  it('allows 3 requests per account an hour, then reset_too_frequent with until when', async () => {
    const user = await newUser();
    for (let n = 0; n < 3; n += 1) await requestCode(user.account, user.email);
    clock.advance(10 * 60_000);
    const refused = await send(t, '/user/passwordResetRequest', { account: user.account }, freshIp());
    expect(refused.body).toMatchObject({ status: 0, msg: 'reset_too_frequent' });
    expect(refused.body.values?.until).toBe(new Date(START.getTime() + 3_600_000).toISOString());
    await t.app.passwordResets.idle();
    clock.advance(50 * 60_000);
    await requestCode(user.account, user.email);
  });

  it('limits requests per client IP', async () => {
    const ip = freshIp();
    for (let n = 0; n < 10; n += 1) {
      const answer = await send(t, '/user/passwordResetRequest', { account: uniqueAccount() }, ip);
      expect(answer.body.status).toBe(1);
    }
    const refused = await send(t, '/user/passwordResetRequest', { account: uniqueAccount() }, ip);
    expect(refused.body).toMatchObject({ status: 0, msg: 'reset_too_frequent' });
    expect(refused.body.values?.until).toEqual(expect.any(String));
  });

  it('answers an unknown account exactly like a known one and sends nothing', async () => {
    const user = await newUser();
    await t.app.passwordResets.idle();
    const before = smtp.mails.length;
    const unknown = await send(t, '/user/passwordResetRequest', { account: uniqueAccount(), lang: 'en' }, freshIp());
    const known = await send(t, '/user/passwordResetRequest', { account: user.account, lang: 'en' }, freshIp());
    expect(unknown).toEqual(known);
    await t.app.passwordResets.idle();
    expect(smtp.mails.slice(before).map((mail) => mail.to)).toEqual([[user.email]]);
    expect((await reset(uniqueAccount(), '123456')).body).toMatchObject({ status: 0, msg: 'reset_code_invalid' });
  });
});

describe.each(testBackends())('password-reset mails without SMTP_URL on $name', (backend) => {
  it('writes the mail (recipient, subject, code) to the log at info level, announced once at start', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        callback();
      },
    });
    const t = await startTestApp(backend, { logger: { level: 'info', stream } });
    try {
      const notice = 'SMTP_URL not set: password-reset mails are written to this log';
      expect(lines.filter((line) => line.msg === notice)).toHaveLength(1);
      const form = registration();
      expect((await send(t, '/user/register', form)).body.status).toBe(1);
      expect((await send(t, '/user/passwordResetRequest', { account: form.account!, lang: 'en' })).body.status).toBe(1);
      await t.app.passwordResets.idle();
      const logged = lines.find((line) => line.mail) as { level: number; mail: ReceivedMail & { to: string } };
      expect(logged.level).toBe(30);
      expect(logged.mail).toMatchObject({ to: form.email, subject: 'Your Kabu password reset code' });
      const code = /\b(\d{6})\b/.exec(logged.mail.text)![1]!;
      const done = await send(t, '/user/passwordReset', {
        account: form.account!,
        code,
        password: NEW_PASSWORD,
        password2: NEW_PASSWORD,
      });
      expect(done.body.status).toBe(1);
      expect(lines.filter((line) => line.msg === notice)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
