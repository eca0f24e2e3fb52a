import { createHostHolder } from 'shared/remote-kit';

/** The host context handed to `register`, kept for this remote's screens (see createHostHolder). */
export const { setHost, getHost, useHost } = createHostHolder('mf_admin');
