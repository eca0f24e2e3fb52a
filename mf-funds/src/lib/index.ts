/** Glue every feature of this remote may use: the host context, the i18n namespace, money calls, refusals. */
export { setHost, getHost, useHost } from './host';
export { NAMESPACE, useRemoteTranslation } from './i18n';
export { MONEY_TAGS, postIdempotent, useIdempotencyKey, apiErrorOf, type IdempotentArgs } from './money-query';
export { Refusal, fieldRefusal, type RefusalProps } from './refusal';
export { ImagePicker, type ImagePickerProps } from './image-picker';
export { useGetFundsBalancesQuery } from './api/get-balances';
export { zodErrors, formatLocalTime } from './forms';
