/**
 * i18n helpers shared by the shell, the dev host and every remote. The shell owns the i18next
 * instance (namespaces `common` and `msg`); each remote adds its own namespace in `register`.
 * No zod and no React Query here: the shell imports this module in its first paint.
 */
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '../mf';

/** i18next language tags, in catalogue order. */
export const LANGUAGE_TAGS = { cn: 'zh-CN', us: 'en', jp: 'ja' } as const satisfies Record<Language, string>;
export type LanguageTag = (typeof LANGUAGE_TAGS)[Language];
export const SUPPORTED_TAGS: readonly LanguageTag[] = ['zh-CN', 'en', 'ja'];
export const DEFAULT_LANGUAGE: Language = 'cn';

/** The spec's language code (localStorage `language`: cn, us, jp; `en` is read as us) to its tag. */
export function languageToTag(language: string | null | undefined): LanguageTag {
  if (language === 'us' || language === 'en') return 'en';
  if (language === 'jp' || language === 'ja') return 'ja';
  return 'zh-CN';
}

/** An i18next tag back to the spec's language code. */
export function tagToLanguage(tag: string | null | undefined): Language {
  if (!tag) return DEFAULT_LANGUAGE;
  if (tag === 'en' || tag.startsWith('en-')) return 'us';
  if (tag === 'ja' || tag.startsWith('ja-')) return 'jp';
  return 'cn';
}

/** Resources of a namespace per language tag, as a remote ships them in src/locales/{tag}.json. */
export type NamespaceResources = Partial<Record<LanguageTag, Record<string, unknown>>>;

/**
 * Adds a remote's namespace for every language it ships (deep, overwriting its own keys), so a
 * re-registered remote (retry after a failure) refreshes its strings. Missing languages fall back
 * to zh-CN through i18next's fallbackLng.
 */
export function addRemoteNamespace(i18n: I18n, namespace: string, resources: NamespaceResources): void {
  for (const tag of SUPPORTED_TAGS) {
    const bundle = resources[tag];
    if (bundle) i18n.addResourceBundle(tag, namespace, bundle, true, true);
  }
}

/**
 * `useTranslation` for a namespace plus `common` and `msg` as fallbacks, so a screen can write
 * `t('title')` for its own keys, `t('common:back')` and `t('msg:amount_required')`.
 */
export function useT(namespace: string): { t: TFunction; language: Language; i18n: I18n } {
  const { t, i18n } = useTranslation([namespace, 'common', 'msg']);
  return { t, language: tagToLanguage(i18n.language), i18n };
}

/**
 * Chinese characters: in English mode a server text that is not a catalogue key and contains them shows "Error"
 * (spec §8).
 */
export const HAN_RE = /[\u3400-\u9fff\uf900-\ufaff]/;
