/**
 * The session as kept in localStorage (spec §3): token, account, is_admin, language (cn default),
 * market (jpy default), under exactly those keys. No Redux here: the shell's start-up screen reads
 * the language and the login state from it before Redux is loaded, so stage 1 of its boot imports
 * this module directly (`shared/host-kit/session-storage`), never the kit's barrel.
 */
import type { Language, Market, SessionState } from '../mf';

export const SESSION_KEYS = ['token', 'account', 'is_admin', 'language', 'market'] as const;
const LANGUAGES: readonly Language[] = ['cn', 'us', 'jp'];
const MARKETS: readonly Market[] = ['jpy', 'usd', 'cny'];

/** Reads the session from storage; unknown language/market values fall back to cn/jpy. */
export function readSession(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): SessionState {
  const get = (k: string) => storage?.getItem(k) ?? '';
  const language = get('language');
  const market = get('market');
  return {
    token: get('token'),
    account: get('account'),
    is_admin: get('is_admin'),
    // `en` is read as us (spec §3 lists both)
    language: language === 'en' ? 'us' : LANGUAGES.includes(language as Language) ? (language as Language) : 'cn',
    market: MARKETS.includes(market as Market) ? (market as Market) : 'jpy',
  };
}

/** Writes every session key; empty values are removed so a cleared session leaves no trace. */
export function writeSession(
  session: SessionState,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): void {
  if (!storage) return;
  for (const key of SESSION_KEYS) {
    const value = session[key];
    if (value) storage.setItem(key, value);
    else storage.removeItem(key);
  }
}
