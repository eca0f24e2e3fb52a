/**
 * What a user sees of their own account: the invite code in /user/getUserinfo, and their own
 * uploads (ID images, deposit proofs) through /user/image, to them only (another user is answered
 * not_found, an anonymous call 401).
 */
import '../testing/setup';
import { sql } from 'drizzle-orm';
import { ENDPOINTS } from 'shared/contract';
import { queryRows } from '../db/query';
import { TINY_PNG, postMultipart } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { OPEN_TIME, moneyReadyUser } from '../testing/money';
import { post, registerAndLogin } from '../testing/users';

describe.each(testBackends())('own things on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => OPEN_TIME });
  });
  afterAll(() => t.close());

  it('answers the user’s own invite code in getUserinfo', async () => {
    const user = await registerAndLogin(t.app);
    const answer = await post(t.app, '/user/getUserinfo', { type: 'jpy' }, user.headers);
    const info = ENDPOINTS.userInfo.data.parse(answer.body.data);
    const [row] = await t.app.db.tx((tx) =>
      queryRows<{ code: string }>(tx, sql`SELECT invite_code AS code FROM users WHERE account = ${user.account}`),
    );
    expect(info.invite_code).toBe(row!.code);
    expect(info.invite_code).toMatch(/\S{4,}/);
  });

  it('serves a deposit proof to its owner only; anonymous is 401', async () => {
    const owner = await moneyReadyUser(t.app);
    const stranger = await registerAndLogin(t.app);
    const deposit = await postMultipart(
      t.app,
      '/funds/deposit',
      { amount: '100000', currency: 'JPY', channel_id: 'jp-mufg' },
      { proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' } },
      owner.headers,
    );
    expect(deposit.body.status).toBe(1);
    const [record] = (await post(t.app, '/funds/deposits', {}, owner.headers)).body.data;
    const own = await post(t.app, '/user/image', { id: record.proof_id }, owner.headers);
    expect(own.body.data.mime).toBe('image/png');
    expect(Buffer.from(own.body.data.data_url.split(',')[1], 'base64').equals(TINY_PNG)).toBe(true);
    expect((await post(t.app, '/user/image', { id: record.proof_id }, stranger.headers)).body).toEqual({
      status: 0,
      msg: 'not_found',
    });
    expect((await post(t.app, '/user/image', { id: record.proof_id }, {})).statusCode).toBe(401);
  });
});
