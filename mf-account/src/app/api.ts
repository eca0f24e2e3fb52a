import type { HostContext } from 'shared/mf';
import { getHost } from '../lib/host';

const installs = new WeakMap<HostContext, Promise<void>>();

/**
 * Connects the shared RTK Query API (`shared/api`: the HTTP client, the `api` slice and its
 * middleware) to the host, once per host, the first time a screen that queries the server loads.
 * Not in `register`: the start screen of a cold start asks nothing of the server, and RTK Query
 * (~60 KB with its immer and reselect) would be downloaded and run for it
 * (docs/decisions/0013-short-tasks-after-first-paint.md). A failed download is tried again by the
 * next screen that asks (after the user's retry).
 */
export function apiReady(): Promise<void> {
  const host = getHost();
  let installed = installs.get(host);
  if (!installed) {
    const attempt = import('shared/api').then(({ installBaseApi }) => installBaseApi(host));
    installs.set(host, attempt);
    attempt.catch(() => {
      if (installs.get(host) === attempt) installs.delete(host);
    });
    installed = attempt;
  }
  return installed;
}
