import '../testing/setup';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { SITE_CONFIG_SLOT, embedSiteConfig, publicImageInliner } from './static';

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

  it('inlines the logo when the inliner has a copy of it: no preload, the copy under #site-logo', () => {
    const inline = (url: string) =>
      url === '/img/logo.svg' ? 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' : undefined;
    const config = [
      { name: 'img_base', value: '/img' },
      { name: 'logo', value: '/logo.svg' },
    ];
    const out = embedSiteConfig(`<head>${SITE_CONFIG_SLOT}</head>`, config, inline);
    expect(out).not.toContain('rel="preload"');
    const logo = /<script id="site-logo" type="application\/json">(.*?)<\/script>/.exec(out)?.[1] ?? 'null';
    expect(JSON.parse(logo)).toEqual({ url: '/img/logo.svg', src: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' });
    // another logo: preloaded as before
    const other = embedSiteConfig(`<head>${SITE_CONFIG_SLOT}</head>`, [{ name: 'logo', value: '/big.png' }], inline);
    expect(other).toContain('<link rel="preload" as="image" href="/big.png" fetchpriority="high">');
    expect(other).not.toContain('site-logo');
  });

  it('leaves a page without the slot as it is', () => {
    expect(embedSiteConfig('<!doctype html><title>Kabu</title>', [])).toBe('<!doctype html><title>Kabu</title>');
  });
});

describe('publicImageInliner', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-public-'));
    fs.mkdirSync(path.join(dir, 'img'));
    fs.writeFileSync(path.join(dir, 'img', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dir, 'img', 'big.svg'), `<svg>${' '.repeat(5000)}</svg>`);
    fs.writeFileSync(path.join(dir, 'img', 'notes.txt'), 'text');
    fs.writeFileSync(path.join(path.dirname(dir), 'outside.svg'), '<svg/>');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers a data: URL for a small image of the folder, and follows a change of the file', () => {
    const inline = publicImageInliner(dir);
    const src = inline('/img/logo.svg');
    expect(src).toBe(
      `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
    );
    const later = new Date(Date.now() + 5000);
    fs.writeFileSync(path.join(dir, 'img', 'logo.svg'), '<svg/>');
    fs.utimesSync(path.join(dir, 'img', 'logo.svg'), later, later);
    expect(inline('/img/logo.svg')).toBe(`data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`);
  });

  it('answers nothing for another origin, a query, a path out of the folder, a large, missing or other file', () => {
    const inline = publicImageInliner(dir);
    for (const url of [
      'https://img.example/logo.svg',
      '//img.example/img/logo.svg',
      'img/logo.svg',
      '/img/logo.svg?v=2',
      '/../outside.svg',
      '/img/../../outside.svg',
      '/img/%2e%2e/logo.svg',
      '/img/big.svg',
      '/img/none.svg',
      '/img/notes.txt',
      '/img',
    ])
      expect([url, inline(url)]).toEqual([url, undefined]);
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
      const json = /id="site-config" type="application\/json">(.*?)<\/script>/.exec(response.body)?.[1] ?? 'null';
      const answer = JSON.parse(json) as { status: number; data: Array<{ name: string; value: string }> };
      expect(answer.status).toBe(1);
      expect(Object.fromEntries(answer.data.map((e) => [e.name, e.value]))).toMatchObject({
        logo: '/logo.svg',
        img_base: '/img',
      });
      // the default logo (server/public/img/logo.svg) comes inlined: the first paint shows it
      const logo = /id="site-logo" type="application\/json">(.*?)<\/script>/.exec(response.body)?.[1] ?? 'null';
      expect(JSON.parse(logo)).toEqual({
        url: '/img/logo.svg',
        src: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      });
    }
    const brotli = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toContain('"img_base"');
  });
});
