/** Glue every feature of this remote may use: the host context and the i18n namespace. */
export { setHost, getHost, useHost } from './host';
export { NAMESPACE, useRemoteTranslation } from './i18n';
