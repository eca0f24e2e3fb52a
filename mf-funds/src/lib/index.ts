/** Glue every feature of this remote may use: the host context, the i18n namespace, money tags, refusals. */
export { setHost, getHost, useHost } from './host';
export { NAMESPACE, useRemoteTranslation } from './i18n';
export { MONEY_TAGS } from './money-query';
export { Refusal, type RefusalProps } from './refusal';
export { useGetFundsBalancesQuery } from './api/get-balances';
/** Dates as one unambiguous format across every remote (YYYY-MM-DD HH:mm): the shared formatter. */
export { formatDateTime as formatLocalTime } from 'shared/remote-kit';
