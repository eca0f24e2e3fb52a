/** Glue every feature of this remote may use: host context, i18n namespace, money calls, refusals, the sheet. */
export { setHost, getHost, useHost } from './host';
export { NAMESPACE, useRemoteTranslation } from './i18n';
export { MONEY_TAGS, apiErrorOf } from './money-query';
export { Refusal, type RefusalProps } from './refusal';
export { Sheet, type SheetProps } from './sheet';
export { OrderChips, OrderInfoRows, endedKey } from './order-info';
