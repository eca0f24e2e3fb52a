import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { queryRows } from '../db/query';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { PASSWORD, post, registration } from '../testing/users';

/** Issue 34 point 6 (ASVS V7): every other session signed out in one step, told in the inbox. */
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15';
const TABLET = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/604.1';

describe.each(testBackends())('signing every other device out on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  async function signUp(userAgent: string) {
    const form = registration();
    const answer = await post(t.app, '/user/register', form, { 'user-agent': userAgent });
    return { account: form.account!, headers: { token: answer.body.data.token as string, account: form.account! } };
  }
  async function logIn(account: string, userAgent: string) {
    const answer = await post(t.app, '/user/login', { account, password: PASSWORD }, { 'user-agent': userAgent });
    expect(answer.body.status).toBe(1);
    return { token: answer.body.data.token as string, account };
  }
  const inboxKeys = async (account: string) =>
    (
      await t.app.db.tx((tx) =>
        queryRows<{ msg_key: string; msg_values: Record<string, string> }>(
          tx,
          sql`SELECT m.msg_key, m.msg_values FROM messages m JOIN users u ON u.id = m.user_id
              WHERE u.account = ${account} ORDER BY m.id`,
        ),
      )
    ).filter((row) => row.msg_key === 'sessions_signed_out');

  it('ends every session but the current one, at once, and tells the owner; another user keeps theirs', async () => {
    const user = await signUp(PHONE);
    const laptop = await logIn(user.account, LAPTOP);
    const tablet = await logIn(user.account, TABLET);
    const bystander = await signUp(LAPTOP);

    const answer = await post(t.app, '/user/deviceSignOutOthers', {}, user.headers);
    expect(answer.body).toMatchObject({ status: 1, msg: 'devices_signed_out' });
    expect(ENDPOINTS.deviceSignOutOthers.data.parse(answer.body.data)).toEqual({ count: 2 });

    for (const other of [laptop, tablet]) {
      const refused = await post(t.app, '/user/devices', {}, { token: other.token, account: user.account });
      expect(refused.statusCode).toBe(401);
    }
    const { list } = (await post(t.app, '/user/devices', {}, user.headers)).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ current: true, device: 'Chrome on Android' });
    expect((await post(t.app, '/user/devices', {}, bystander.headers)).body.status).toBe(1);

    expect(await inboxKeys(user.account)).toEqual([{ msg_key: 'sessions_signed_out', msg_values: { count: '2' } }]);
    const inbox = await post(t.app, '/user/messages', { lang: 'en' }, user.headers);
    expect(inbox.body.data.list[0]).toMatchObject({ title: 'Other devices signed out' });
    expect(inbox.body.data.list[0].body).toContain('You signed out 2 other devices');
  });

  it('holds at most 10 sessions per user: an 11th ends the oldest', async () => {
    const user = await signUp(PHONE);
    const logins = [];
    for (let i = 0; i < 10; i += 1) logins.push(await logIn(user.account, i % 2 ? LAPTOP : TABLET));
    // The registration's session was the oldest of 11: it ended; the 10 newest live.
    expect((await post(t.app, '/user/devices', {}, user.headers)).statusCode).toBe(401);
    const newest = { token: logins[9]!.token, account: user.account };
    const { list } = (await post(t.app, '/user/devices', {}, newest)).body.data;
    expect(list).toHaveLength(10);
    const first = { token: logins[0]!.token, account: user.account };
    expect((await post(t.app, '/user/devices', {}, first)).body.status).toBe(1);
    await logIn(user.account, LAPTOP);
    expect((await post(t.app, '/user/devices', {}, first)).statusCode).toBe(401);
    // Each session the cap ended is explained in the owner's inbox: which device, since when, and what to do.
    const inbox = await post(t.app, '/user/messages', { lang: 'en' }, newest);
    const ended = (inbox.body.data.list as Array<{ title: string; body: string }>).filter(
      (m) => m.title === 'Your oldest session was signed out',
    );
    expect(ended).toHaveLength(2);
    expect(ended.map((m) => m.body)).toEqual([
      expect.stringMatching(/^A new sign-in on .+ took you past 10 devices at once, so the session on .+ open since/),
      expect.stringMatching(/^A new sign-in on .+ took you past 10 devices at once, so the session on .+ open since/),
    ]);
  });

  it('with no other session ends nothing and writes no message; needs a session', async () => {
    const user = await signUp(PHONE);
    const answer = await post(t.app, '/user/deviceSignOutOthers', {}, user.headers);
    expect(answer.body).toMatchObject({ status: 1, data: { count: 0 } });
    expect(await inboxKeys(user.account)).toEqual([]);
    expect((await post(t.app, '/user/devices', {}, user.headers)).body.status).toBe(1);
    expect((await post(t.app, '/user/deviceSignOutOthers', {}, {})).statusCode).toBe(401);
  });
});
