import { MESSAGES, type MessageKey } from './catalogue';

export { MESSAGES, type MessageKey };

export const I18N_LANGS = ['zh-CN', 'en', 'ja'] as const;
export type I18nLang = (typeof I18N_LANGS)[number];

/** The `msg` namespace resources for one language, for i18next. */
export function messageResources(lang: I18nLang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(MESSAGES)) out[key] = texts[lang];
  return out;
}

export { isMessageKey } from './keys';

export { issueRefusal, type IssueRefusal, type IssueLike } from './issue';
