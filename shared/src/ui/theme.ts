/**
 * Appearance: System / Light / Dark (docs/decisions/0037-installable-app-and-dark-mode.md). The choice is kept in
 * localStorage `theme`, as the language and the up/down convention are; System (the default) stores nothing.
 * Applied as <html data-theme="light|dark"> (none for System: tokens.css follows prefers-color-scheme), and the
 * browser bar (<meta name="theme-color">, one per mode in index.html) follows.
 *
 * `applyStoredTheme` is also index.html's early theme: the shell's build inlines its source as a script in <head>
 * (shell/build/prerender-startup.cjs earlyThemeScript, hashed for the CSP with the page's other inline code), so the
 * page is painted in the chosen mode from its first frame. It must stay self-contained (no imports, no module
 * constants) and plain enough for any browser the app supports.
 */

import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_KEY = 'theme';
/** The window event `writeTheme` sends (detail: the choice), for what draws with colours read once (charts). */
export const THEME_EVENT = 'kabu:theme';

/**
 * Reads localStorage `theme` and applies it to `win.document`: data-theme for Light or Dark (removed for System or
 * anything else), and of the page's theme-color metas (`data-mode="light|dark"`) the chosen mode's for every media
 * (the other's for none), or each for its own prefers-color-scheme under System. Never throws (storage refused).
 */
export function applyStoredTheme(win: Window): void {
  let choice: string | null = null;
  try {
    choice = win.localStorage.getItem('theme');
  } catch {
    choice = null;
  }
  const root = win.document.documentElement;
  const fixed = choice === 'light' || choice === 'dark';
  if (fixed) root.setAttribute('data-theme', choice as string);
  else root.removeAttribute('data-theme');
  const metas = win.document.querySelectorAll('meta[name="theme-color"][data-mode]');
  for (let i = 0; i < metas.length; i++) {
    const mode = metas[i]!.getAttribute('data-mode');
    metas[i]!.setAttribute(
      'media',
      fixed ? (mode === choice ? 'all' : 'not all') : '(prefers-color-scheme: ' + mode + ')',
    );
  }
}

/** The stored choice; System when none (or not one of the three). */
export function readTheme(): ThemeChoice {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(THEME_KEY) ?? null;
  } catch {
    stored = null;
  }
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** Stores the choice (System removes it), applies it at once and tells the page (THEME_EVENT). */
export function writeTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') globalThis.localStorage?.removeItem(THEME_KEY);
    else globalThis.localStorage?.setItem(THEME_KEY, choice);
  } catch {
    // storage refused: applied for this page only
  }
  if (typeof window === 'undefined') return;
  applyStoredTheme(window);
  if (choice !== 'system') window.document.documentElement.setAttribute('data-theme', choice);
  window.dispatchEvent(new CustomEvent(THEME_EVENT, { detail: choice }));
}

/** The mode the page shows now: the choice, or the system's under System. */
export function currentMode(): 'light' | 'dark' {
  if (typeof window === 'undefined') return 'light';
  const fixed = window.document.documentElement.getAttribute('data-theme');
  if (fixed === 'light' || fixed === 'dark') return fixed;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Calls `listener` whenever the mode may have changed: the user's choice (THEME_EVENT) or the system's setting.
 * Returns the unsubscribe.
 */
export function onThemeChange(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  window.addEventListener(THEME_EVENT, listener);
  query?.addEventListener?.('change', listener);
  return () => {
    window.removeEventListener(THEME_EVENT, listener);
    query?.removeEventListener?.('change', listener);
  };
}

/**
 * The mode the page shows ('light' | 'dark'), re-rendering on a change: for what draws with colours read from the
 * tokens once (a Highcharts chart takes its colours as options), so it is drawn again in the new mode.
 */
export function useThemeMode(): 'light' | 'dark' {
  return useSyncExternalStore(onThemeChange, currentMode, () => 'light');
}
