/**
 * TRUST_PROXY (issue 34 point 4): only the configured proxy hops are believed, so a client cannot choose its own
 * IP (what per-IP limits, the sessions list and the audit log record). Behind one proxy, `X-Forwarded-For:
 * 1.2.3.4, 5.6.7.8` from the socket means the proxy saw 5.6.7.8; 1.2.3.4 is whatever the client wrote.
 */
import '../testing/setup';
import { ENDPOINTS } from 'shared/contract';
import { trustProxyFromEnv } from '../environment';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { PASSWORD, post, registration } from '../testing/users';

// Three apps per backend; each start migrates a fresh database.
jest.setTimeout(180_000);

const FORWARDED = { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' };

describe('TRUST_PROXY values', () => {
  it('reads a number of hops, a list of proxies, or nothing; refuses anything else', () => {
    expect(trustProxyFromEnv('1')).toEqual({ value: 1 });
    expect(trustProxyFromEnv(undefined)).toEqual({ value: false });
    expect(trustProxyFromEnv('0')).toEqual({ value: false });
    expect(trustProxyFromEnv('10.0.0.0/8, 192.168.1.7,loopback')).toEqual({
      value: ['10.0.0.0/8', '192.168.1.7', 'loopback'],
    });
    expect(trustProxyFromEnv('true')).toEqual({ value: true });
    expect(trustProxyFromEnv('yes').problem).toContain('TRUST_PROXY');
    expect(trustProxyFromEnv('10.0.0.0/33').problem).toContain('10.0.0.0/33');
  });
});

describe.each(testBackends())('the client IP behind a proxy on $name', (backend) => {
  /** The IP the sessions list records for a login made with `headers`. */
  async function loginIp(t: TestApp, headers: Record<string, string>): Promise<string> {
    const form = registration();
    expect((await post(t.app, '/user/register', form)).body.status).toBe(1);
    const login = await post(t.app, '/user/login', { account: form.account!, password: PASSWORD }, headers);
    expect(login.body.status).toBe(1);
    const session = { token: login.body.data.token as string, account: form.account! };
    const { list } = ENDPOINTS.devices.data.parse((await post(t.app, '/user/devices', {}, session)).body.data);
    return list.find((device) => device.current)!.ip;
  }

  it.each([
    ['one hop (TRUST_PROXY=1)', 1, '5.6.7.8'],
    ['the proxy by address (TRUST_PROXY=127.0.0.1)', ['127.0.0.1'], '5.6.7.8'],
    ['no proxy (unset)', false, '127.0.0.1'],
  ] as const)('trusting %s: the client IP is the one the proxy saw', async (_name, trustProxy, expected) => {
    const t = await startTestApp(backend, { trustProxy: Array.isArray(trustProxy) ? [...trustProxy] : trustProxy });
    try {
      expect(await loginIp(t, FORWARDED)).toBe(expected);
    } finally {
      await t.close();
    }
  });
});
