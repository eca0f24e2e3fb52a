import type { HostContext } from '../mf';

const apiInstalls = new WeakMap<HostContext, Promise<void>>();

/**
 * Connects the shared RTK Query API (`shared/api`: the HTTP client, the `api` slice and its middleware) to the
 * host, once per host; a failed download is tried again by the next call. Called by the routes' lazy loads, beside
 * the screen's chunks, never in `register` (docs/decisions/0013-short-tasks-after-first-paint.md). A module of its own:
 * mf-account's register chunk takes it without the rest of the kit.
 */
export function connectApi(ctx: HostContext): Promise<void> {
  let installed = apiInstalls.get(ctx);
  if (!installed) {
    const attempt = import('shared/api').then(({ installBaseApi }) => installBaseApi(ctx));
    apiInstalls.set(ctx, attempt);
    attempt.catch(() => {
      if (apiInstalls.get(ctx) === attempt) apiInstalls.delete(ctx);
    });
    installed = attempt;
  }
  return installed;
}
