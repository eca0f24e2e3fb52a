import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type EndpointDef } from 'shared/contract';
import { queryRows } from '../db/query';
import { hashToken } from '../security/tokens';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { PASSWORD, post, registerAndLogin, uniqueAccount } from '../testing/users';

const authEndpoints = Object.entries(ENDPOINTS as Record<string, EndpointDef>)
  .filter(([, endpoint]) => endpoint.auth)
  .map(([name, endpoint]) => ({ name, path: endpoint.path }));

describe.each(testBackends())('sessions on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { session: { idleSeconds: 600, absoluteSeconds: 3600 } });
  });
  afterAll(() => t.close());

  it('covers every auth route of the ENDPOINTS table', () => {
    expect(authEndpoints.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/user/logout', '/user/getUserinfo', '/trade/userstocklists']),
    );
  });

  describe.each(authEndpoints)('$path', ({ path }) => {
    it('answers 401 session_expired without a token', async () => {
      const answer = await post(t.app, path, { type: 'jpy' });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toEqual({ status: 0, msg: 'session_expired' });
    });

    it('answers 401 session_expired for a token the server never issued', async () => {
      const answer = await post(t.app, path, { type: 'jpy' }, { token: 'A'.repeat(43), account: uniqueAccount() });
      expect(answer.statusCode).toBe(401);
      expect(answer.body.msg).toBe('session_expired');
    });

    it('answers 401 when the account header names another account than the token', async () => {
      const user = await registerAndLogin(t.app);
      const answer = await post(t.app, path, { type: 'jpy' }, { token: user.token, account: uniqueAccount() });
      expect(answer.statusCode).toBe(401);
    });

    it('answers 401 for a valid token without the account header', async () => {
      const user = await registerAndLogin(t.app);
      expect((await post(t.app, path, { type: 'jpy' }, { token: user.token })).statusCode).toBe(401);
    });

    it('refuses before validating the payload, so an anonymous caller learns nothing', async () => {
      expect((await post(t.app, path, { type: 'not-a-market' })).statusCode).toBe(401);
    });
  });

  it('ignores a token sent as a cookie', async () => {
    const user = await registerAndLogin(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/getUserinfo',
      headers: { cookie: `token=${user.token}`, account: user.account },
    });
    expect(response.statusCode).toBe(401);
  });

  it('grants nothing for an is-admin header: login still answers is_admin empty and no session appears', async () => {
    const user = await registerAndLogin(t.app);
    const login = await post(
      t.app,
      '/user/login',
      { account: user.account, password: 'correct horse 7' },
      { 'is-admin': '1' },
    );
    expect(login.body.data.is_admin).toBe('');
    const anonymous = await post(
      t.app,
      '/user/getUserinfo',
      { type: 'jpy' },
      { 'is-admin': '1', account: user.account },
    );
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores only the sha256 of the token', async () => {
    const user = await registerAndLogin(t.app);
    const rows = await t.app.db.tx((tx) => queryRows<{ token_hash: string }>(tx, sql`SELECT token_hash FROM sessions`));
    const hashes = rows.map((row) => row.token_hash);
    expect(hashes).toContain(hashToken(user.token));
    expect(hashes).not.toContain(user.token);
  });

  it('expires a session unused for longer than the idle limit', async () => {
    const user = await registerAndLogin(t.app);
    await t.app.db.tx((tx) =>
      tx.execute(
        sql`UPDATE sessions SET last_seen_at = now() - interval '601 seconds'
            WHERE token_hash = ${hashToken(user.token)}`,
      ),
    );
    expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).statusCode).toBe(401);
  });

  it('expires a session past its absolute lifetime even while in use', async () => {
    const user = await registerAndLogin(t.app);
    await t.app.db.tx((tx) =>
      tx.execute(
        sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(user.token)}`,
      ),
    );
    expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).statusCode).toBe(401);
  });

  it('keeps a session alive while it is used within the idle limit', async () => {
    const user = await registerAndLogin(t.app);
    await t.app.db.tx((tx) =>
      tx.execute(
        sql`UPDATE sessions SET last_seen_at = now() - interval '500 seconds'
            WHERE token_hash = ${hashToken(user.token)}`,
      ),
    );
    expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).statusCode).toBe(200);
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ idle: number }>(
        tx,
        sql`SELECT extract(epoch FROM now() - last_seen_at)::int AS idle FROM sessions
            WHERE token_hash = ${hashToken(user.token)}`,
      ),
    );
    expect(row!.idle).toBeLessThan(5);
  });

  it('does not write the session on every request: one seen under a minute ago stays as it was', async () => {
    const user = await registerAndLogin(t.app);
    await t.app.db.tx((tx) =>
      tx.execute(
        sql`UPDATE sessions SET last_seen_at = now() - interval '30 seconds'
            WHERE token_hash = ${hashToken(user.token)}`,
      ),
    );
    expect((await post(t.app, '/user/getUserinfo', {}, user.headers)).statusCode).toBe(200);
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ idle: number }>(
        tx,
        sql`SELECT extract(epoch FROM now() - last_seen_at)::int AS idle FROM sessions
            WHERE token_hash = ${hashToken(user.token)}`,
      ),
    );
    expect(row!.idle).toBeGreaterThanOrEqual(29);
  });
});

describe.each(testBackends())('rate limits on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      rateLimits: {
        loginPerAccount: { max: 3, windowMs: 60_000 },
        loginPerIp: { max: 100, windowMs: 60_000 },
        registerPerIp: { max: 2, windowMs: 60_000 },
        registerPerAccount: { max: 100, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => t.close());

  it('answers too_frequent after repeated logins to one account, even with the right password', async () => {
    const account = uniqueAccount();
    for (let i = 0; i < 3; i += 1)
      expect((await post(t.app, '/user/login', { account, password: 'guess' })).body.msg).toBe('wrong_credentials');
    expect((await post(t.app, '/user/login', { account, password: 'guess' })).body).toEqual({
      status: 0,
      msg: 'too_frequent',
    });
  });

  it('answers too_frequent after repeated registrations from one IP', async () => {
    const ip = '203.0.113.7';
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/vue/user/register',
        remoteAddress: ip,
        payload: {
          account: uniqueAccount(),
          email: 'a@example.com',
          password: PASSWORD,
          password2: PASSWORD,
          agree: '1',
        },
      });
    expect((await register()).json().status).toBe(1);
    expect((await register()).json().status).toBe(1);
    expect((await register()).json()).toEqual({ status: 0, msg: 'too_frequent' });
  });
});
