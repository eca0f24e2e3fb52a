/**
 * Every key of every namespace exists in all three languages: the shell's `common`, the `msg`
 * catalogue, and each remote's src/locales/*.json found under /mf-* (filled by their teams).
 */
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from 'shared/messages';
import { COMMON } from './i18n';

const LANGS = ['zh-CN', 'en', 'ja'] as const;
const root = path.resolve(__dirname, '../../..');

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    flatKeys(v, prefix ? `${prefix}.${k}` : k),
  );
}

function emptyLeaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [prefix] : [];
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    emptyLeaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

function expectSameKeys(namespace: string, bundles: Record<string, unknown>) {
  const all = new Set(LANGS.flatMap((l) => flatKeys(bundles[l])));
  const missing: string[] = [];
  for (const lang of LANGS) {
    const keys = new Set(flatKeys(bundles[lang]));
    for (const key of all) if (!keys.has(key)) missing.push(`${namespace}:${key} missing in ${lang}`);
    for (const key of emptyLeaves(bundles[lang])) missing.push(`${namespace}:${key} empty in ${lang}`);
  }
  expect(missing).toEqual([]);
}

describe('i18n completeness', () => {
  it('has every common key in zh-CN, en and ja', () => {
    expectSameKeys('common', COMMON);
  });

  it('has every message catalogue key in zh-CN, en and ja', () => {
    const bundles = Object.fromEntries(
      LANGS.map((l) => [
        l,
        Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, (v as Record<string, string>)[l]])),
      ]),
    );
    expectSameKeys('msg', bundles);
  });

  it('has the common keys shared/ui relies on', () => {
    for (const lang of LANGS) {
      const keys = new Set(flatKeys(COMMON[lang]));
      for (const key of ['back', 'simulatedData', 'cancel', 'confirm', 'loading']) expect(keys.has(key)).toBe(true);
    }
  });

  const remoteDirs = fs
    .readdirSync(root)
    .filter((d) => d.startsWith('mf-') && fs.existsSync(path.join(root, d, 'src/locales')))
    .sort();

  it.each(remoteDirs.length ? remoteDirs : ['(no remote locales yet)'])(
    'has every key of %s in zh-CN, en and ja',
    (dir) => {
      if (!remoteDirs.length) return;
      const localeDir = path.join(root, dir, 'src/locales');
      const bundles: Record<string, unknown> = {};
      for (const lang of LANGS) {
        const file = path.join(localeDir, `${lang}.json`);
        expect(fs.existsSync(file) ? file : `${file} (missing)`).toBe(file);
        if (fs.existsSync(file)) bundles[lang] = JSON.parse(fs.readFileSync(file, 'utf8'));
      }
      expectSameKeys(dir, bundles);
    },
  );
});
