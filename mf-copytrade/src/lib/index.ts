/** Glue every feature of this remote may use: the host context, the i18n namespace, the refusals. */
export { setHost, getHost, useHost } from './host';
export { NAMESPACE, useRemoteTranslation } from './i18n';
export { DayTradeRefusal, FollowRefusal, type RefusalProps } from './refusal';
