import '../testing/setup';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINTS } from 'shared/contract';
import { remotesRegistrySchema } from 'shared/mf';
import { BOTTOM_MENU, REMOTE_NAMES, ROUTE_OWNERS } from 'shared/routes';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { post } from '../testing/users';
import { cacheControlFor } from './static';

/** A fake WEB_ROOT with a built shell and one built remote (mf-trade); the others are missing. */
function makeWebRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-web-'));
  const shell = path.join(root, 'shell', 'dist');
  const trade = path.join(root, 'mf-trade', 'dist');
  fs.mkdirSync(shell, { recursive: true });
  fs.mkdirSync(trade, { recursive: true });
  fs.writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>Kabu</title>');
  fs.writeFileSync(path.join(shell, 'main.0123456789.js'), 'console.log("shell")');
  fs.writeFileSync(path.join(shell, 'main.0123456789.js.br'), 'BROTLI');
  fs.writeFileSync(path.join(shell, 'main.0123456789.js.gz'), 'GZIP');
  fs.writeFileSync(path.join(trade, 'mf-manifest.json'), '{"name":"mf_trade"}');
  fs.writeFileSync(path.join(trade, 'remoteEntry.js'), 'var mf_trade;');
  fs.writeFileSync(path.join(trade, '123.abcdef0123.js'), 'chunk');
  return root;
}

describe.each(testBackends())('public routes on $name', (backend) => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = makeWebRoot();
    t = await startTestApp(backend, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  describe('/common/config', () => {
    it('answers every seeded public entry for type=all', async () => {
      const answer = await post(t.app, '/common/config', { type: 'all' });
      const entries = ENDPOINTS.config.data.parse(answer.body.data);
      const byName = Object.fromEntries(entries.map((entry) => [entry.name, entry.value]));
      expect(byName).toMatchObject({
        title: 'Kabu 株',
        logo: '/logo.svg',
        img_base: '/img',
        kefu: '/support.html',
        invite_required: '0',
        deposit_max: '500000',
        withdraw_min_jpy: '30000',
      });
    });

    it('answers without a session and without a payload', async () => {
      const answer = await post(t.app, '/common/config');
      expect(answer.statusCode).toBe(200);
      expect(answer.body.data.length).toBeGreaterThanOrEqual(7);
    });

    it('answers one entry when type names it', async () => {
      expect((await post(t.app, '/common/config', { type: 'kefu' })).body.data).toEqual([
        { name: 'kefu', value: '/support.html' },
      ]);
    });

    it('serves the logo at img_base + logo and the customer-service page at kefu', async () => {
      const logo = await t.app.inject({ url: '/img/logo.svg' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(logo.body).toContain('<svg');
      const support = await t.app.inject({ url: '/support.html' });
      expect(support.statusCode).toBe(200);
      expect(support.body).toContain('mailto:');
    });

    it('answers /favicon.ico with the app icon, so pages without an icon link log no 404', async () => {
      const icon = await t.app.inject({ url: '/favicon.ico' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(icon.body).toContain('<svg');
    });
  });

  describe('/remotes.json', () => {
    it('answers the default registry from the route table, no-cache', async () => {
      const response = await t.app.inject({ url: '/remotes.json' });
      expect(response.headers['cache-control']).toBe('no-cache');
      const registry = remotesRegistrySchema.parse(response.json());
      expect(registry.remotes.map((remote) => remote.name)).toEqual([...REMOTE_NAMES]);
      const trade = registry.remotes.find((remote) => remote.name === 'mf_trade')!;
      expect(trade).toEqual({
        name: 'mf_trade',
        entry: '/remotes/mf-trade/mf-manifest.json',
        routes: [...ROUTE_OWNERS.mf_trade],
        prefixes: ['/quotes', '/position'],
      });
      expect(registry.remotes.find((remote) => remote.name === 'mf_account')!.prefixes).toEqual(['/login', '/news']);
      expect(registry.menu).toEqual(BOTTOM_MENU.map((item) => ({ ...item })));
    });

    it('answers the REMOTES_JSON override, re-read on every request', async () => {
      const file = path.join(webRoot, 'remotes.override.json');
      const registry = {
        remotes: [
          {
            name: 'mf_trade',
            entry: 'https://cdn.example/mf-trade/v2/mf-manifest.json',
            routes: ['/home/index'],
            prefixes: [],
          },
        ],
        menu: [],
      };
      fs.writeFileSync(file, JSON.stringify(registry));
      const overridden = await startTestApp(backend, { webRoot, remotesJsonPath: file });
      try {
        expect((await overridden.app.inject({ url: '/remotes.json' })).json()).toEqual(registry);
        const next = { ...registry, remotes: [{ ...registry.remotes[0]!, entry: '/v3/mf-manifest.json' }] };
        fs.writeFileSync(file, JSON.stringify(next));
        const response = await overridden.app.inject({ url: '/remotes.json' });
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.json().remotes[0].entry).toBe('/v3/mf-manifest.json');
        fs.writeFileSync(file, JSON.stringify({ remotes: [{ name: 'nope' }] }));
        const broken = await overridden.app.inject({ url: '/remotes.json' });
        expect(broken.statusCode).toBe(500);
        expect(broken.json()).toEqual({ status: 0, msg: 'server_error' });
      } finally {
        await overridden.close();
      }
    });
  });

  describe('static files', () => {
    it('serves the shell index at / with no-cache', async () => {
      const response = await t.app.inject({ url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Kabu</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('serves hashed files immutable for a year, precompressed when accepted', async () => {
      const brotli = await t.app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.body).toBe('BROTLI');
      const gzip = await t.app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      const plain = await t.app.inject({ url: '/main.0123456789.js' });
      expect(plain.body).toBe('console.log("shell")');
    });

    it("serves a remote's build under /remotes/<folder>/, entry files no-cache", async () => {
      const manifest = await t.app.inject({ url: '/remotes/mf-trade/mf-manifest.json' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect((await t.app.inject({ url: '/remotes/mf-trade/remoteEntry.js' })).headers['cache-control']).toBe(
        'no-cache',
      );
      const chunk = await t.app.inject({ url: '/remotes/mf-trade/123.abcdef0123.js' });
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('answers 404 for a remote whose build is missing, and the server still runs', async () => {
      const response = await t.app.inject({ url: '/remotes/mf-ipo/mf-manifest.json' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 0, msg: 'not_found' });
    });

    it.each([
      ['main.0123456789.js', 'public, max-age=31536000, immutable'],
      ['styles.abcdef0123.css.br', 'public, max-age=31536000, immutable'],
      ['index.html', 'no-cache'],
      ['remoteEntry.js', 'no-cache'],
      ['mf-manifest.json', 'no-cache'],
      ['logo.svg', 'no-cache'],
    ])('caches %s as %s', (file, header) => {
      expect(cacheControlFor(file)).toBe(header);
    });
  });

  describe('service routes', () => {
    it('publishes OpenAPI 3.1 for every endpoint at /api/docs', async () => {
      const document = (await t.app.inject({ url: '/api/docs' })).json();
      expect(document.openapi).toBe('3.1.0');
      for (const endpoint of Object.values(ENDPOINTS))
        expect(document.paths[`/api/vue${endpoint.path}`]?.post).toBeDefined();
      const register = document.paths['/api/vue/user/register'].post;
      expect(register.requestBody.content['application/x-www-form-urlencoded'].schema.properties.account.pattern).toBe(
        '^\\d{10}$',
      );
    });

    it('answers /api/health with the database backend', async () => {
      expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({
        status: 1,
        msg: '',
        data: { database: backend.name },
      });
    });

    it('answers unknown API paths 404 with not_found', async () => {
      const answer = await post(t.app, '/user/nothing-here');
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toEqual({ status: 0, msg: 'not_found' });
    });

    it('answers malformed JSON with field_invalid and no stack trace', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/vue/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"account": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, msg: 'field_invalid', values: { field: 'body' } });
      expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
    });

    it('answers an unexpected failure with server_error and no details', async () => {
      const failing = await startTestApp(backend, { webRoot });
      try {
        await failing.app.db.close();
        const answer = await post(failing.app, '/common/config', { type: 'all' });
        expect(answer.statusCode).toBe(500);
        expect(answer.body).toEqual({ status: 0, msg: 'server_error' });
      } finally {
        await failing.close();
      }
    });
  });
});
