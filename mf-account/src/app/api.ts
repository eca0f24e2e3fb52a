import { connectApi } from 'shared/remote-kit';
import { getHost } from '../lib/host';

/**
 * Connects the shared RTK Query API to this remote's host (`connectApi`: once per host, a failed download tried again
 * by the next screen that asks), the first time a screen that queries the server loads. Not in `register`: the start
 * screen of a cold start asks nothing of the server, and RTK Query (~60 KB with its immer and reselect) would be
 * downloaded and run for it (docs/decisions/0013-short-tasks-after-first-paint.md).
 */
export function apiReady(): Promise<void> {
  return connectApi(getHost());
}
