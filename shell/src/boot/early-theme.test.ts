/**
 * index.html's early head script (docs/decisions/0037-installable-app-and-dark-mode.md), as the build inlines it
 * (build/prerender-startup.cjs earlyHeadScript), run in jsdom against the page's own <head> markup: the stored
 * Appearance choice is on <html data-theme> and the theme-color metas before any CSS or other script of the page,
 * System (or nothing, or garbage, or refused storage) leaves the page to prefers-color-scheme, and the manifest link
 * points at the session's language.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { manifestPath } from '../pwa/manifest';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { earlyHeadScript } = require('../../build/prerender-startup.cjs') as { earlyHeadScript: () => string };

const TEMPLATE = readFileSync(path.join(__dirname, '../index.html'), 'utf8');
const HEAD = TEMPLATE.slice(TEMPLATE.indexOf('<head>') + 6, TEMPLATE.indexOf('</head>'));
const TOKENS = readFileSync(path.join(__dirname, '../../../shared/src/ui/tokens.css'), 'utf8');

/** The page's <head> elements that come before the early script (metas and links), as the browser has them. */
function loadHead(): void {
  const before = HEAD.slice(0, HEAD.indexOf('<script>'));
  document.head.innerHTML = before;
  document.documentElement.removeAttribute('data-theme');
}

function run(): void {
  new Function(earlyHeadScript())();
}

const media = (mode: string) =>
  document.querySelector(`meta[name="theme-color"][data-mode="${mode}"]`)?.getAttribute('media');

describe('early theme and manifest in index.html', () => {
  beforeEach(() => {
    localStorage.clear();
    loadHead();
  });

  it('is the first script of <head>, before the inline CSS and every other script', () => {
    const first = HEAD.indexOf('<script>');
    expect(HEAD.slice(first, HEAD.indexOf('</script>', first))).toContain('<%= startup.head %>');
    expect(first).toBeLessThan(HEAD.indexOf('<style>'));
    expect(first).toBeGreaterThan(HEAD.indexOf('rel="manifest"'));
    expect(first).toBeGreaterThan(HEAD.lastIndexOf('name="theme-color"'));
  });

  it.each(['dark', 'light'])(
    'applies a stored %s before paint: data-theme and its theme-color for every media',
    (mode) => {
      localStorage.setItem('theme', mode);
      run();
      expect(document.documentElement.getAttribute('data-theme')).toBe(mode);
      expect(media(mode)).toBe('all');
      expect(media(mode === 'dark' ? 'light' : 'dark')).toBe('not all');
    },
  );

  it.each([null, 'system', 'sepia'])('leaves the page to the system for %s', (stored) => {
    if (stored) localStorage.setItem('theme', stored);
    document.documentElement.setAttribute('data-theme', 'dark');
    run();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(media('light')).toBe('(prefers-color-scheme: light)');
    expect(media('dark')).toBe('(prefers-color-scheme: dark)');
  });

  it('never throws when storage is refused (the page paints in the system mode)', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(run).not.toThrow();
      expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
      expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.webmanifest');
    } finally {
      getItem.mockRestore();
    }
  });

  it.each([
    [null, 'zh-CN'],
    ['cn', 'zh-CN'],
    ['us', 'en'],
    ['jp', 'ja'],
  ] as const)('links the manifest of the session language %s', (language, tag) => {
    if (language) localStorage.setItem('language', language);
    run();
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(manifestPath(tag));
  });

  it('colours the browser bar as the tokens do: the brand in light, the header surface in dark', () => {
    const light = /:root \{[\s\S]*?--color-brand: (#[0-9a-f]{6});/.exec(TOKENS)?.[1];
    const dark = /:root\[data-theme='dark'\] \{[\s\S]*?--color-surface: (#[0-9a-f]{6});/.exec(TOKENS)?.[1];
    expect(document.querySelector('meta[data-mode="light"]')?.getAttribute('content')).toBe(light);
    expect(document.querySelector('meta[data-mode="dark"]')?.getAttribute('content')).toBe(dark);
  });
});
