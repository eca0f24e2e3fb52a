/**
 * The design tokens in both modes (docs/decisions/0037-installable-app-and-dark-mode.md): the dark values chosen
 * (data-theme="dark") and those of a system that prefers dark are the same list, every colour token has a dark value,
 * and every text/background pair the design system draws meets WCAG AA (4.5:1) in light and in dark.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const CSS = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the first block whose selector is exactly `selector`. */
function block(selector: string): Record<string, string> {
  const at = CSS.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`tokens.css has no ${selector} block`);
  const body = CSS.slice(CSS.indexOf('{', at) + 1, CSS.indexOf('}', at));
  const out: Record<string, string> = {};
  for (const decl of body.split(';')) {
    const colon = decl.indexOf(':');
    if (colon > 0) out[decl.slice(0, colon).trim()] = decl.slice(colon + 1).trim();
  }
  return out;
}

const LIGHT = block(':root');
const DARK_CHOSEN = block(":root[data-theme='dark']");
const DARK_SYSTEM = block(":root:not([data-theme='light'])");
const DARK = { ...LIGHT, ...DARK_CHOSEN };

/** A token's colour as [r, g, b] (0-255), following var() references within the mode. */
function rgb(mode: Record<string, string>, token: string): [number, number, number] {
  let value = mode[token];
  for (let i = 0; value?.startsWith('var('); i++) value = mode[value.slice(4, -1).trim()];
  const hex = /^#([0-9a-f]{6})$/i.exec(value ?? '');
  if (!hex) throw new Error(`${token} is not a #rrggbb colour (${value})`);
  const n = parseInt(hex[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(mode: Record<string, string>, fg: string, bg: string): number {
  const [a, b] = [luminance(rgb(mode, fg)), luminance(rgb(mode, bg))].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

const TEXTS_ON_SURFACES = ['--color-text', '--color-text-2', '--color-text-3'].flatMap((fg) =>
  ['--color-surface', '--color-surface-2', '--color-bg'].map((bg) => [fg, bg] as const),
);
const STATES_ON_SURFACES = [
  '--color-brand',
  '--color-link',
  '--color-up',
  '--color-down',
  '--color-red',
  '--color-green',
  '--color-success',
  '--color-danger',
  '--color-warning',
  '--color-info',
].flatMap((fg) => ['--color-surface', '--color-bg'].map((bg) => [fg, bg] as const));
const ON_FILLS = [
  ['--color-brand-ink', '--color-brand'],
  ['--color-brand-ink', '--color-brand-strong'],
  ['--color-text-inverse', '--color-brand'],
  ['--color-text-inverse', '--color-surface-inverse'],
  ['--color-nav-text', '--color-nav'],
  ['--color-text-inverse', '--color-up'],
  ['--color-text-inverse', '--color-down'],
  ['--color-text-inverse', '--color-danger'],
  ['--color-splash-text', '--color-splash-to'],
  ['--color-splash-failed', '--color-splash-to'],
] as const;
const ON_SOFT = [
  ['--color-brand', '--color-brand-soft'],
  ['--color-text', '--color-brand-soft'],
  ['--color-success', '--color-success-soft'],
  ['--color-danger', '--color-danger-soft'],
  ['--color-warning', '--color-warning-soft'],
  ['--color-info', '--color-info-soft'],
  ['--color-up', '--color-up-soft'],
  ['--color-down', '--color-down-soft'],
  ['--color-text', '--color-danger-soft'],
  ['--color-text', '--color-warning-soft'],
  ['--color-text', '--color-success-soft'],
  ['--color-text', '--color-info-soft'],
] as const;
const PAIRS = [...TEXTS_ON_SURFACES, ...STATES_ON_SURFACES, ...ON_FILLS, ...ON_SOFT];

describe('design tokens in light and dark', () => {
  it('gives the system-dark block exactly the chosen-dark values', () => {
    expect(DARK_SYSTEM).toEqual(DARK_CHOSEN);
  });

  it('gives every colour token of light mode a dark value or a reference to one', () => {
    const colours = Object.keys(LIGHT).filter((k) => k.startsWith('--color-') && !k.startsWith('--color-splash'));
    const missing = colours.filter((k) => !(k in DARK_CHOSEN) && !LIGHT[k]!.startsWith('var('));
    expect(missing).toEqual([]);
    expect(LIGHT['color-scheme']).toBe('light');
    expect(DARK_CHOSEN['color-scheme']).toBe('dark');
  });

  it.each([
    ['light', LIGHT],
    ['dark', DARK],
  ])('meets 4.5:1 for every text/background pair in %s mode', (_name, mode) => {
    const failing = PAIRS.map(([fg, bg]) => ({ fg, bg, ratio: Number(contrast(mode, fg, bg).toFixed(2)) })).filter(
      (p) => p.ratio < 4.5,
    );
    expect(failing).toEqual([]);
  });

  it('follows the up/down convention in dark mode too', () => {
    const greenUp = block(":root[data-updown='green-up']");
    expect(rgb({ ...DARK, ...greenUp }, '--color-up')).toEqual(rgb(DARK, '--color-green'));
    expect(rgb({ ...DARK, ...greenUp }, '--color-up-soft')).toEqual(rgb(DARK, '--color-green-soft'));
    expect(rgb(DARK, '--color-up-soft')).toEqual(rgb(DARK, '--color-red-soft'));
  });
});
