/**
 * The shell's i18next instance: zh-CN (default), en, ja chosen from localStorage `language`
 * (cn/us/jp); namespaces `common` (the shell's strings, also used by shared/ui; the files live in
 * shared/src/i18n/common so the dev and test hosts read the same) and `msg` (the
 * server message catalogue). Remotes add their own namespace in `register`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messageResources } from 'shared/messages';
import { languageToTag } from 'shared/i18n';
import type { Language } from 'shared/mf';
import zhCN from 'shared/i18n/common/zh-CN.json';
import en from 'shared/i18n/common/en.json';
import ja from 'shared/i18n/common/ja.json';

export const COMMON = { 'zh-CN': zhCN, en, ja } as const;

export function createShellI18n(language: Language): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: languageToTag(language),
    fallbackLng: 'zh-CN',
    supportedLngs: ['zh-CN', 'en', 'ja'],
    ns: ['common', 'msg'],
    defaultNS: 'common',
    fallbackNS: ['common', 'msg'],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    resources: {
      'zh-CN': { common: zhCN, msg: messageResources('zh-CN') },
      en: { common: en, msg: messageResources('en') },
      ja: { common: ja, msg: messageResources('ja') },
    },
  });
  return i18n;
}
