import type { i18n as I18n } from 'i18next';
import { NAMESPACE } from '../lib/host';

type Locale = 'zh-CN' | 'en' | 'ja';
type Bundle = Record<string, unknown>;

const unwrap = (m: { default?: unknown }): Bundle => (m.default ?? m) as Bundle;

/** One chunk per language, so a user downloads only the translations of the language in use. */
const LOADERS: Record<Locale, () => Promise<Bundle>> = {
  'zh-CN': () => import(/* webpackChunkName: "ac-locale-zh-CN" */ '../locales/zh-CN.json').then(unwrap),
  en: () => import(/* webpackChunkName: "ac-locale-en" */ '../locales/en.json').then(unwrap),
  ja: () => import(/* webpackChunkName: "ac-locale-ja" */ '../locales/ja.json').then(unwrap),
};

/** i18next language tag → our locale file (zh-CN is the default, spec §1). */
export function localeOf(language: string | undefined): Locale {
  if (!language) return 'zh-CN';
  if (language.startsWith('en')) return 'en';
  if (language.startsWith('ja')) return 'ja';
  return 'zh-CN';
}

/** Adds the `mf_account` bundle for a language unless it is there already. */
export async function addLocale(i18n: I18n, language: string | undefined): Promise<void> {
  const locale = localeOf(language);
  if (i18n.hasResourceBundle(locale, NAMESPACE)) return;
  const bundle = await LOADERS[locale]();
  i18n.addResourceBundle(locale, NAMESPACE, bundle, true, true);
}

let host: I18n | undefined;
let ready: Promise<void> | undefined;

function load(language: string | undefined): Promise<void> {
  const attempt = addLocale(host!, language);
  ready = attempt;
  // A failed download is tried again by the next screen that asks (after the user's retry).
  attempt.catch(() => {
    if (ready === attempt) ready = undefined;
  });
  return attempt;
}

/**
 * Starts loading the namespace for the active language (and for any later language change):
 * screens wait for it in their route `lazy`, so translations and the screen chunk download in
 * parallel instead of one after the other.
 */
export function addNamespace(i18n: I18n): Promise<void> {
  host = i18n;
  i18n.on('languageChanged', (language: string) => void load(language).catch(() => undefined));
  return load(i18n.resolvedLanguage ?? i18n.language);
}

/** Resolves when the active language's bundle has been added (loading it again after a failure). */
export function namespaceReady(): Promise<void> {
  if (ready) return ready;
  if (!host) return Promise.resolve();
  return load(host.resolvedLanguage ?? host.language);
}
