import type { I18nLang } from 'shared/messages';

/** Session language (cn, us, jp) or i18n code → the catalogue's language; zh-CN by default (spec §1). */
export function toI18nLang(lang: string | undefined): I18nLang {
  switch (lang) {
    case 'us':
    case 'en':
      return 'en';
    case 'jp':
    case 'ja':
      return 'ja';
    default:
      return 'zh-CN';
  }
}
