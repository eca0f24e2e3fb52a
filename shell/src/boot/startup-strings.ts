/**
 * The few `common` strings the start-up screen needs (app name, retry, startup.*), in zh-CN, en
 * and ja, taken from the `common` locale files (shared/src/i18n/common) so they are translated in one place. The first
 * paint uses this lookup instead of i18next. In the production build, `startup-strings-loader`
 * (shell/build) replaces this module with just these keys, so the whole `common` namespace stays
 * in the i18n chunk.
 */
import zhCN from 'shared/i18n/common/zh-CN.json';
import en from 'shared/i18n/common/en.json';
import ja from 'shared/i18n/common/ja.json';

export type StartupKey = 'appName' | 'retry' | `startup.${keyof typeof zhCN.startup}`;
type Strings = Record<StartupKey, string>;
export type StartupTag = 'zh-CN' | 'en' | 'ja';

function pick(common: typeof zhCN): Strings {
  const out: Record<string, string> = { appName: common.appName, retry: common.retry };
  for (const [key, value] of Object.entries(common.startup)) out[`startup.${key}`] = value;
  return out as Strings;
}

export const STARTUP_STRINGS: Record<StartupTag, Strings> = { 'zh-CN': pick(zhCN), en: pick(en), ja: pick(ja) };

/** A translation function for the start-up screen in `tag` (zh-CN when unknown). */
export function startupT(tag: string): (key: StartupKey) => string {
  const strings = STARTUP_STRINGS[tag as StartupTag] ?? STARTUP_STRINGS['zh-CN'];
  return (key) => strings[key] ?? STARTUP_STRINGS['zh-CN'][key] ?? key;
}
