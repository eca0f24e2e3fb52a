/** Glue every feature of this remote may use: the host context, the i18n namespace and its lot counts. */
export { setHost, getHost, useHost } from './host';
export { NAMESPACE, dayCount, lotCount, useRemoteTranslation } from './i18n';
