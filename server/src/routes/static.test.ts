import '../testing/setup';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { SITE_CONFIG_SLOT, embedSiteConfig } from './static';

describe('embedSiteConfig', () => {
  it('fills the slot with the config answer, and a value cannot close the script element', () => {
    const html = `<head>${SITE_CONFIG_SLOT}</head>`;
    const out = embedSiteConfig(html, [{ name: 'title', value: '</script><script>alert(1)</script>' }]);
    expect(out).not.toContain('</script><script>alert(1)');
    const json = /type="application\/json">(.*)<\/script>/.exec(out)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({
      status: 1,
      msg: '',
      data: [{ name: 'title', value: '</script><script>alert(1)</script>' }],
    });
  });

  it('has the browser request the logo (img_base + logo) with the HTML', () => {
    const out = embedSiteConfig(`<head>${SITE_CONFIG_SLOT}</head>`, [
      { name: 'img_base', value: '/img' },
      { name: 'logo', value: '/logo.svg?a="b"' },
    ]);
    expect(out).toContain('<link rel="preload" as="image" href="/img/logo.svg?a=&quot;b&quot;" fetchpriority="high">');
    expect(embedSiteConfig(`<head>${SITE_CONFIG_SLOT}</head>`, [{ name: 'title', value: 'Kabu' }])).not.toContain(
      'rel="preload"',
    );
  });

  it('leaves a page without the slot as it is', () => {
    expect(embedSiteConfig('<!doctype html><title>Kabu</title>', [])).toBe('<!doctype html><title>Kabu</title>');
  });
});

describe.each(testBackends().slice(0, 1))('index.html with the site config on $name', (backend) => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-web-'));
    fs.mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(
      path.join(webRoot, 'shell', 'dist', 'index.html'),
      `<!doctype html><head>${SITE_CONFIG_SLOT}<title>Kabu</title></head>`,
    );
    t = await startTestApp(backend, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves / and /index.html no-cache with the public config embedded, compressed when accepted', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('text/html');
      const json = /type="application\/json">(.*)<\/script>/.exec(response.body)?.[1] ?? 'null';
      const answer = JSON.parse(json) as { status: number; data: Array<{ name: string; value: string }> };
      expect(answer.status).toBe(1);
      expect(Object.fromEntries(answer.data.map((e) => [e.name, e.value]))).toMatchObject({
        logo: '/logo.svg',
        img_base: '/img',
      });
    }
    const brotli = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toContain('"img_base"');
  });
});
