import { CACHE_PREFIX, cacheNames, pageKey, strategyFor } from './service-worker';

const ORIGIN = 'https://app.example';
const at = (p: string) => `${ORIGIN}${p}`;

describe('service worker caching rules', () => {
  it('serves content-hashed files cache-first: the shell, remote chunks, CSS, remote exposes', () => {
    for (const p of [
      '/main.7dbac1233e.js',
      '/470.467290c7ab.js',
      '/180.f108a843cd.css',
      '/remotes/mf-account/313.47b19a483d.js',
      '/remotes/mf-trade/__federation_expose_register.27800a9df9.js',
      '/remotes/mf-account/ac-locale-zh-CN.7f61fc2ebd.js',
    ]) {
      expect(strategyFor(at(p), 'GET', ORIGIN)).toBe('cache-first');
    }
  });

  it(
    'asks the network first for every no-cache file: the page, remotes.json, manifests, remote entries, the logo',
    networkFirstForNoCacheFiles,
  );

  function networkFirstForNoCacheFiles(): void {
    for (const p of [
      '/',
      '/index.html',
      '/remotes.json',
      '/remotes/mf-account/mf-manifest.json',
      '/remotes/mf-account/remoteEntry.js',
      '/img/logo.svg',
      '/favicon.svg',
    ]) {
      expect(strategyFor(at(p), 'GET', ORIGIN)).toBe('network-first');
    }
  }

  it('never handles the API, the worker script, other methods or other origins', () => {
    expect(strategyFor(at('/api/vue/common/config'), 'POST', ORIGIN)).toBe('none');
    expect(strategyFor(at('/api/vue/stock/list?x=1'), 'GET', ORIGIN)).toBe('none');
    expect(strategyFor(at('/api/docs'), 'GET', ORIGIN)).toBe('none');
    expect(strategyFor(at('/sw.js'), 'GET', ORIGIN)).toBe('none');
    expect(strategyFor(at('/main.7dbac1233e.js'), 'HEAD', ORIGIN)).toBe('none');
    expect(strategyFor('https://cdn.example/remotes/mf-trade/313.47b19a483d.js', 'GET', ORIGIN)).toBe('none');
    expect(strategyFor('not a url', 'GET', ORIGIN)).toBe('none');
  });

  it('does not take a short hex-looking name for a content hash', () => {
    expect(strategyFor(at('/img/logo-abc.svg'), 'GET', ORIGIN)).toBe('network-first');
    expect(strategyFor(at('/remotes/mf-account/remoteEntry.js?v=1234567890'), 'GET', ORIGIN)).toBe('network-first');
  });

  it('keys the one page without its query, and versions every cache under one prefix', () => {
    expect(pageKey(at('/?utm=1'))).toBe(`${ORIGIN}/`);
    const names = cacheNames('abc123');
    expect(Object.values(names).every((n) => n.startsWith(CACHE_PREFIX) && n.endsWith('-abc123'))).toBe(true);
    expect(new Set(Object.values(names)).size).toBe(3);
    expect(cacheNames('def456').precache).not.toBe(names.precache);
  });
});
