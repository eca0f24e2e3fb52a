import { MESSAGES, type MessageKey } from './catalogue';
import type { CatalogueEntry } from './catalogue/entry';

export { MESSAGES, type MessageKey, type CatalogueEntry };

export const I18N_LANGS = ['zh-CN', 'en', 'ja'] as const;
export type I18nLang = (typeof I18N_LANGS)[number];

/**
 * The `msg` namespace resources for one language, for i18next. An entry with an English singular also gets i18next's
 * `_one` / `_other` keys in English (chosen by a numeric `count`); the plain key keeps the plural text.
 */
export function messageResources(lang: I18nLang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(MESSAGES) as Array<[string, CatalogueEntry]>) {
    out[key] = texts[lang];
    if (lang === 'en' && texts.en_one) {
      out[`${key}_one`] = texts.en_one;
      out[`${key}_other`] = texts.en;
    }
  }
  return out;
}

/**
 * The text of `entry` in `lang` for these placeholder values (before interpolation): English's singular when the
 * value the entry is counted by is exactly one ("1 share"; grouping commas allowed), else the entry's text.
 */
export function catalogueTemplate(entry: CatalogueEntry, lang: I18nLang, values: Record<string, string>): string {
  if (lang === 'en' && entry.en_one && entry.countedBy) {
    const counted = values[entry.countedBy]?.replace(/,/g, '').trim();
    if (counted && Number(counted) === 1) return entry.en_one;
  }
  return entry[lang];
}

export { isMessageKey } from './keys';

export { issueRefusal, type IssueRefusal, type IssueLike } from './issue';
