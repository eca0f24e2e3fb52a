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

/** True when `key` is a catalogue key (the server only ever answers with these). */
export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, key);
}
