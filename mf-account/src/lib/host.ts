import { createHostHolder } from 'shared/remote-kit';

/** This remote's i18n namespace (its federation name). */
export const NAMESPACE = 'mf_account';

/** The host context handed to `register`, kept for the screens of this remote (see createHostHolder). */
export const { setHost, getHost, useHost } = createHostHolder(NAMESPACE);
