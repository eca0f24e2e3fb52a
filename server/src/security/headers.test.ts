import '../testing/setup';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { defaultRegistry } from '../routes/remotes';
import { SITE_CONFIG_SLOT } from '../routes/static';
import { CSP_HASHES_FILE, parseInlineHashes, registryOrigins } from './headers';

const SCRIPT_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const STYLE_HASH = "'sha256-Z8V0ZN2/8m9X1bHjbYkU0l0H+c1Ggqf9cXyGkpHqyJw='";

/** The policy's directives by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('parseInlineHashes and registryOrigins', () => {
  it('keeps only well-formed hash sources of the build file', () => {
    expect(
      parseInlineHashes(
        JSON.stringify({
          'script-src': [SCRIPT_HASH, "'unsafe-inline'", 'https://evil.example', 7],
          'style-src': [STYLE_HASH],
        }),
      ),
    ).toEqual({ 'script-src': [SCRIPT_HASH], 'style-src': [STYLE_HASH] });
    expect(parseInlineHashes('not json')).toEqual({ 'script-src': [], 'style-src': [] });
    expect(parseInlineHashes('null')).toEqual({ 'script-src': [], 'style-src': [] });
  });

  it('names the origins of absolute http(s) entries only; relative entries are the page’s own', () => {
    const registry = defaultRegistry();
    expect(registryOrigins(registry)).toEqual([]);
    registry.remotes[0]!.entry = 'https://cdn.example/trade/mf-manifest.json';
    registry.remotes[1]!.entry = 'http://127.0.0.1:3002/mf-manifest.json';
    registry.remotes[2]!.entry = 'javascript:alert(1)';
    expect(registryOrigins(registry)).toEqual(['http://127.0.0.1:3002', 'https://cdn.example']);
  });
});

describe.each(testBackends())('security headers on every answer on $name', (backend) => {
  let t: TestApp;
  let webRoot: string;
  let remotesJson: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-csp-'));
    const shellDist = path.join(webRoot, 'shell', 'dist');
    fs.mkdirSync(shellDist, { recursive: true });
    fs.writeFileSync(path.join(shellDist, 'index.html'), `<!doctype html><head>${SITE_CONFIG_SLOT}</head>`);
    fs.writeFileSync(path.join(shellDist, 'main.0123456789.js'), 'void 0;');
    fs.writeFileSync(
      path.join(shellDist, CSP_HASHES_FILE),
      JSON.stringify({ 'script-src': [SCRIPT_HASH], 'style-src': [STYLE_HASH] }),
    );
    fs.mkdirSync(path.join(webRoot, 'mf-trade', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(webRoot, 'mf-trade', 'dist', 'remoteEntry.js'), 'void 0;');
    const registry = defaultRegistry();
    registry.remotes[0]!.entry = 'https://remotes.example/trade/mf-manifest.json';
    remotesJson = path.join(webRoot, 'remotes.json');
    fs.writeFileSync(remotesJson, JSON.stringify(registry));
    t = await startTestApp(backend, { webRoot, remotesJsonPath: remotesJson });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const answers = () => [
    { what: 'the page', request: { url: '/' }, status: 200 },
    { what: 'a static file of the shell', request: { url: '/main.0123456789.js' }, status: 200 },
    { what: 'a remote’s file', request: { url: '/remotes/mf-trade/remoteEntry.js' }, status: 200 },
    { what: 'the registry', request: { url: '/remotes.json' }, status: 200 },
    { what: 'the health check', request: { url: '/api/health' }, status: 200 },
    {
      what: 'an API answer',
      request: { method: 'POST' as const, url: '/api/vue/common/config', payload: { type: 'all' } },
      status: 200,
    },
    { what: 'an API refusal without a session', request: { method: 'POST' as const, url: '/api/vue/user/info' } },
    { what: 'a 404', request: { url: '/no/such/file.js' }, status: 404 },
    {
      what: 'a malformed body',
      request: {
        method: 'POST' as const,
        url: '/api/vue/common/config',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
      status: 400,
    },
  ];

  it('carries the strict CSP, HSTS, nosniff, the referrer policy and no framing', async () => {
    for (const { what, request, status } of answers()) {
      const response = await t.app.inject(request);
      if (status) expect([what, response.statusCode]).toEqual([what, status]);
      const h = response.headers;
      const csp = directives(h['content-security-policy']);
      expect([what, csp.get('default-src')]).toEqual([what, ["'self'"]]);
      expect([what, csp.get('script-src')]).toEqual([what, ["'self'", 'https://remotes.example', SCRIPT_HASH]]);
      expect([what, csp.get('style-src')]).toEqual([what, ["'self'", 'https://remotes.example', STYLE_HASH]]);
      expect([what, csp.get('connect-src')]).toEqual([what, ["'self'", 'https://remotes.example']]);
      expect([what, csp.get('script-src-attr')]).toEqual([what, ["'none'"]]);
      expect([what, csp.get('object-src')]).toEqual([what, ["'none'"]]);
      expect([what, csp.get('base-uri')]).toEqual([what, ["'none'"]]);
      expect([what, csp.get('frame-ancestors')]).toEqual([what, ["'none'"]]);
      expect([what, String(h['content-security-policy'])]).not.toEqual(
        expect.stringMatching(/unsafe-inline|unsafe-eval|upgrade-insecure/),
      );
      expect([what, h['strict-transport-security']]).toEqual([what, 'max-age=31536000; includeSubDomains']);
      expect([what, h['x-content-type-options']]).toEqual([what, 'nosniff']);
      expect([what, h['referrer-policy']]).toEqual([what, 'no-referrer']);
      expect([what, h['x-frame-options']]).toEqual([what, 'DENY']);
      expect([what, h['cross-origin-resource-policy']]).toEqual([
        what,
        request.url.startsWith('/remotes/') ? 'cross-origin' : 'same-origin',
      ]);
    }
  });

  it('follows the registry and the build as they change; a broken registry allows no remote origin', async () => {
    const registry = defaultRegistry();
    registry.remotes[1]!.entry = 'https://other.example/funds/mf-manifest.json';
    fs.writeFileSync(remotesJson, JSON.stringify(registry));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(remotesJson, later, later);
    let csp = directives((await t.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://other.example', SCRIPT_HASH]);

    fs.writeFileSync(remotesJson, '{"remotes": "broken"}');
    const later2 = new Date(Date.now() + 10_000);
    fs.utimesSync(remotesJson, later2, later2);
    const broken = await t.app.inject({ url: '/remotes.json' });
    expect(broken.statusCode).toBe(500);
    csp = directives(broken.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", SCRIPT_HASH]);
    expect(broken.headers['x-content-type-options']).toBe('nosniff');

    fs.rmSync(path.join(webRoot, 'shell', 'dist', CSP_HASHES_FILE));
    csp = directives((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    // without the build's hashes the page's inline code does not run: never 'unsafe-inline' instead
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
  });
});
