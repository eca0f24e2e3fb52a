import '../testing/setup';
import { ENDPOINTS, type EndpointDef, type EndpointName } from 'shared/contract';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { registerAndLogin } from '../testing/users';
import { post } from '../testing/users';
import { OPEN_TIME } from '../testing/money';
import { CROSS_USER_CASES } from '../testing/authorization-cases';

const all = Object.entries(ENDPOINTS as Record<string, EndpointDef>).map(([name, endpoint]) => ({
  name: name as EndpointName,
  ...endpoint,
}));
const PUBLIC: EndpointName[] = [
  'config',
  'register',
  'login',
  'passwordResetRequest',
  'passwordReset',
  // The login's second step: its challenge stands in for the session (docs/decisions/0027).
  'loginEnrolTotp',
  'loginSecondFactor',
  // Passkey sign-in: the assertion stands in for the password.
  'passkeyLoginOptions',
  'passkeyLogin',
];

describe('the ENDPOINTS table', () => {
  it('marks only register, login (and its second step), the password reset and config as public', () => {
    expect(
      all
        .filter((e) => !e.auth)
        .map((e) => e.name)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it('marks every /admin/ path as admin, and nothing else', () => {
    for (const e of all) expect([e.name, Boolean(e.admin)]).toEqual([e.name, e.path.startsWith('/admin/')]);
  });
});

describe.each(testBackends())('authorization on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // A business day inside every window (deposits are refused on weekends and holidays, spec §9).
    t = await startTestApp(backend, { now: () => OPEN_TIME });
  });
  afterAll(() => t.close());

  describe.each(all)('$path', (endpoint) => {
    if (PUBLIC.includes(endpoint.name)) {
      it('answers without a session', async () => {
        const answer = await post(t.app, endpoint.path, {});
        expect(answer.statusCode).toBe(200);
      });
      return;
    }

    it('answers 401 without a valid session', async () => {
      expect((await post(t.app, endpoint.path, {})).statusCode).toBe(401);
      expect(
        (await post(t.app, endpoint.path, {}, { token: 'x'.repeat(43), account: '0900000000', 'is-admin': '1' }))
          .statusCode,
      ).toBe(401);
    });

    if (endpoint.admin) {
      it('answers 403 forbidden to an ordinary user, even one sending is-admin: 1', async () => {
        const user = await registerAndLogin(t.app);
        const answer = await post(t.app, endpoint.path, {}, { ...user.headers, 'is-admin': '1' });
        expect(answer.statusCode).toBe(403);
        expect(answer.body).toEqual({ status: 0, msg: 'forbidden' });
      });
    }
  });

  describe.each(CROSS_USER_CASES)('$endpoint: $title', (testCase) => {
    it('gives user B nothing of user A’s and changes nothing', async () => {
      const ctx = { app: t.app, owner: await registerAndLogin(t.app), intruder: await registerAndLogin(t.app) };
      const request = await testCase.arrange(ctx);
      const answer = await post(t.app, ENDPOINTS[testCase.endpoint].path, request.form, ctx.intruder.headers);
      expect(answer.statusCode).toBe(200);
      if (testCase.refusal) expect(answer.body).toMatchObject({ status: 0, msg: testCase.refusal });
      else expect(answer.body.status).toBe(1);
      await testCase.check?.(answer, ctx, request);
      await testCase.unchanged?.(ctx, request);
    });
  });
});
