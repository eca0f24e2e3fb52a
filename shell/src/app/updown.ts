/**
 * Up/down colour convention (STYLE.md): red-up in Chinese (and Japanese), green-up in English by
 * default; a user choice is kept in localStorage `updown`. Applied as <html data-updown>.
 */
import type { Language } from 'shared/mf';

export type UpDown = 'red-up' | 'green-up';
const KEY = 'updown';

export function readUpDown(language: Language): UpDown {
  const stored = globalThis.localStorage?.getItem(KEY);
  if (stored === 'red-up' || stored === 'green-up') return stored;
  return language === 'us' ? 'green-up' : 'red-up';
}

export function applyUpDown(value: UpDown): void {
  document.documentElement.dataset.updown = value;
}

export function writeUpDown(value: UpDown): void {
  globalThis.localStorage?.setItem(KEY, value);
  applyUpDown(value);
}
