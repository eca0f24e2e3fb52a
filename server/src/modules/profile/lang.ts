/**
 * Moved to modules/wire/lang.ts. This re-export keeps `modules/stream/hub.ts` (being split by
 * another change) compiling until it imports '../wire/lang'; delete it then.
 */
export { toI18nLang } from '../wire/lang';
