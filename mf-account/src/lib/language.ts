import type { Language } from 'shared/mf';
import { getHost } from './host';

/** The browser calls the language switch needs; an object so tests can replace `reload` (jsdom cannot navigate). */
export const browser = {
  reload: (): void => window.location.reload(),
};

/**
 * Spec §2: choosing a language stores it locally and reloads. The shell's `setSession` writes the
 * store and localStorage `language`; the reload boots i18n in the new language.
 */
export function chooseLanguage(language: Language): void {
  getHost().setSession({ language });
  browser.reload();
}
