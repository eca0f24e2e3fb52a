import '../testing/setup';
import zlib from 'node:zlib';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { registerAndLogin } from '../testing/users';
import { chooseEncoding, COMPRESS_MIN_BYTES } from './compress';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['BR', 'br'],
    ['br ;q=0 , gzip ; q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    [['gzip', 'br'], 'br'],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

// Wednesday 2025-03-12, 11:00 in Tokyo (open).
const NOW = new Date('2025-03-12T02:00:00Z');

describe.each(testBackends())('API answers compressed on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => NOW });
  });
  afterAll(() => t.close());

  const candles = (headers: Record<string, string>, encoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/vue/stock/candles',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
        ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
      },
      payload: new URLSearchParams({ code: '7203', market: 'jpy', period: 'day', limit: '200' }).toString(),
    });

  it('sends a large answer in Brotli or gzip as asked (the same JSON) and a small one as it is', async () => {
    const user = await registerAndLogin(t.app);
    const plain = await candles(user.headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES * 10);
    const json = plain.json();
    expect(json.status).toBe(1);

    const br = await candles(user.headers, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gz = await candles(user.headers, 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(json);

    const none = await candles(user.headers, 'identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(json);

    // A refusal (a few bytes) goes out as it is.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/vue/stock/candles',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'br', ...user.headers },
      payload: 'code=7203&market=jpy&period=never',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().status).toBe(0);
  });
});
