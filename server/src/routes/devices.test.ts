import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { queryRows } from '../db/query';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { PASSWORD, post, registration } from '../testing/users';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15';

describe.each(testBackends())('signed-in devices on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  async function signUp(userAgent: string) {
    const form = registration();
    const answer = await post(t.app, '/user/register', form, { 'user-agent': userAgent });
    return { account: form.account!, headers: { token: answer.body.data.token, account: form.account! } };
  }
  async function logIn(account: string, headers: Record<string, string>) {
    const answer = await post(t.app, '/user/login', { account, password: PASSWORD }, headers);
    expect(answer.body.status).toBe(1);
    return { token: answer.body.data.token as string, account };
  }
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

  it('lists the live sessions with a label, the IP, the times, and the current one marked', async () => {
    const user = await signUp(PHONE);
    await logIn(user.account, { 'user-agent': LAPTOP });
    const answer = await post(t.app, '/user/devices', {}, user.headers);
    expect(answer.body.status).toBe(1);
    const { list, policy } = ENDPOINTS.devices.data.parse(answer.body.data);
    expect(list).toHaveLength(2);
    // The rules the server enforces, so the screen states them (2 h idle, 24 h absolute, 10 sessions).
    expect(policy).toEqual({ idle_minutes: 120, absolute_hours: 24, max_sessions: 10 });
    expect(list.find((d) => d.current)).toMatchObject({ device: 'Chrome on Android', ip: '127.0.0.1' });
    expect(list.find((d) => !d.current)).toMatchObject({ device: 'Safari on macOS' });
    for (const d of list) expect(Date.parse(d.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(d.created_at));
  });

  it('signs one device out remotely: its token is refused at once, the others keep working', async () => {
    const user = await signUp(PHONE);
    const laptop = await logIn(user.account, { 'user-agent': LAPTOP });
    const laptopHeaders = { token: laptop.token, account: user.account };
    const { list } = (await post(t.app, '/user/devices', {}, user.headers)).body.data;
    const other = list.find((d: { current: boolean }) => !d.current);
    expect((await post(t.app, '/user/deviceSignOut', { id: String(other.id) }, user.headers)).body).toMatchObject({
      status: 1,
      msg: 'device_signed_out',
    });
    expect((await post(t.app, '/user/devices', {}, laptopHeaders)).statusCode).toBe(401);
    expect((await post(t.app, '/user/devices', {}, user.headers)).body.data.list).toHaveLength(1);
    expect((await post(t.app, '/user/deviceSignOut', { id: String(other.id) }, user.headers)).body.msg).toBe(
      'device_not_found',
    );
  });

  it("refuses to sign out another user's session (device_not_found), leaving it working", async () => {
    const owner = await signUp(PHONE);
    const stranger = await signUp(LAPTOP);
    const { list } = (await post(t.app, '/user/devices', {}, owner.headers)).body.data;
    expect((await post(t.app, '/user/deviceSignOut', { id: String(list[0].id) }, stranger.headers)).body.msg).toBe(
      'device_not_found',
    );
    expect((await post(t.app, '/user/devices', {}, owner.headers)).body.status).toBe(1);
  });

  it('messages the inbox on a login from a device never seen before, once per device', async () => {
    const user = await signUp(PHONE);
    await logIn(user.account, { 'user-agent': PHONE });
    expect(await inboxKeys(user.account)).toEqual([]);
    await logIn(user.account, { 'user-agent': LAPTOP });
    expect(await inboxKeys(user.account)).toEqual(['new_device_login']);
    await logIn(user.account, { 'user-agent': LAPTOP });
    // A device-id header names the device together with its User-Agent: the same id replayed from another browser
    // (a script read it from the storage) is a new device, and the owner hears of it (issue 33).
    await logIn(user.account, { 'user-agent': LAPTOP, 'device-id': 'a-random-device-id-0001' });
    await logIn(user.account, { 'user-agent': LAPTOP, 'device-id': 'a-random-device-id-0001' });
    expect(await inboxKeys(user.account)).toEqual(['new_device_login', 'new_device_login']);
    await logIn(user.account, { 'user-agent': PHONE, 'device-id': 'a-random-device-id-0001' });
    expect(await inboxKeys(user.account)).toEqual(['new_device_login', 'new_device_login', 'new_device_login']);
    const inbox = await post(t.app, '/user/messages', { lang: 'us' }, user.headers);
    expect(inbox.body.data.list[0].title).toBe('Sign-in from a new device');
    expect(inbox.body.data.list[0].body).toContain('Chrome on Android (IP 127.0.0.1)');
    expect(inbox.body.data.list[1].body).toContain('Safari on macOS (IP 127.0.0.1)');
  });
});
