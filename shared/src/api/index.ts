/**
 * The one RTK Query API of the app (ARCHITECTURE.md "State, session, HTTP"). Remotes add their
 * endpoints with `baseApi.injectEndpoints`, one file per endpoint under `features/<f>/api/`.
 *
 * Only remotes import this module, so RTK Query stays out of the shell's first paint. The webpack
 * factory shares `shared/api` as a Module Federation singleton, so every remote uses the same
 * `baseApi` instance (one `api` slice, one middleware) whichever remote loads first.
 *
 * Every request goes through the shell's axios instance (headers, loading counter, toasts, 401
 * handling): the base query POSTs form-encoded (multipart for FormData) and answers `data` on
 * status 1 (`null` when the answer has none: RTK Query rejects `undefined`), `{error: {status,
 * kind, msg, field?, values?}}` otherwise, so a form can show the refusal next to its field.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import type { HostContext } from '../mf';
import { API_TAGS, httpBaseQuery, setHttpClient } from './base-query';

export { httpFailure, isHttpFailure, refusalDetails, type HttpFailure } from './http-failure';
export { readEnvelope, toFormBody, type Envelope, type WireValue } from './wire';
export {
  API_TAGS,
  apiErrorFrom,
  getHttpClient,
  httpBaseQuery,
  setHttpClient,
  type ApiError,
  type ApiRequest,
  type ApiTag,
} from './base-query';
export * from './contract-endpoints';
export { AHEAD_MS, forgetAhead, startAhead } from './ahead';

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: API_TAGS,
  endpoints: () => ({}),
});

/** Action the shell's store understands: adds a middleware at run time (see shell/src/store). */
export const INJECT_MIDDLEWARE = 'shell/middlewareInjected';

/**
 * Connects the base API to the host: the HTTP client, the `api` slice and the RTK Query middleware.
 * Called by a remote's route loads (`connectApi` in shared/remote-kit), not in `register`, so a cold start's screen
 * chunks need not wait for RTK Query; calling it again (another remote) is harmless.
 */
export function installBaseApi(ctx: Pick<HostContext, 'http' | 'injectReducer' | 'store'>): void {
  setHttpClient(ctx.http);
  ctx.injectReducer(baseApi.reducerPath, baseApi.reducer);
  ctx.store.dispatch({ type: INJECT_MIDDLEWARE, payload: baseApi.middleware });
}
