/** Glue every feature of this remote may use: the host context, the i18n namespace, money calls, refusals. */
export { setHost, getHost, useHost } from './host';
export { NAMESPACE, useRemoteTranslation } from './i18n';
export { MONEY_TAGS, apiErrorOf } from './money-query';
export { Refusal, type RefusalProps } from './refusal';
