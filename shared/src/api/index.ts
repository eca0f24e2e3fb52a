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
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { AxiosInstance } from 'axios';
import type { HostContext } from '../mf';
import { httpFailure, isHttpFailure, refusalDetails, type HttpFailure } from './http-failure';

export { httpFailure, isHttpFailure, refusalDetails, type HttpFailure } from './http-failure';

let client: AxiosInstance | undefined;

/** Hands the shell's axios instance to the base query (the shell's HostContext `http`). */
export function setHttpClient(http: AxiosInstance): void {
  client = http;
}

/** The axios instance set by {@link setHttpClient}; throws when none was set (a wiring error). */
export function getHttpClient(): AxiosInstance {
  if (!client)
    throw new Error('shared/api: setHttpClient(ctx.http) was not called (call installBaseApi(ctx) in register).');
  return client;
}

/** Arguments of an endpoint's `query`: a path under /api/vue and its payload. */
export interface ApiRequest {
  /** Path under /api/vue, e.g. `/user/getUserinfo` (ENDPOINTS of shared/contract). */
  url: string;
  /** Form fields (form-encoded) or FormData (uploads, multipart). */
  data?: Record<string, string | number | boolean | undefined | null> | FormData;
}

/** The error of a failed query: `status` is the HTTP status (200 for a business refusal, 0 offline). */
export interface ApiError {
  status: number;
  kind: HttpFailure['kind'];
  /** Message key of the `msg` namespace; the shell already showed it as a toast. */
  msg: string;
  data?: unknown;
  /** The form field the refusal is about (answer `field`): show `msg` inline next to it. */
  field?: string;
  /** Interpolation values of `msg` (answer `values`), e.g. `t(`msg:${msg}`, values)`. */
  values?: Record<string, string>;
}

function toForm(data: ApiRequest['data']): URLSearchParams | FormData {
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

/** Base query: POST through the shell's axios instance; `status: 1` → data (or null), anything else → error. */
export const httpBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiError> = async (args, api) => {
  const request = typeof args === 'string' ? { url: args } : args;
  try {
    const response = await getHttpClient().post(request.url, toForm(request.data), { signal: api.signal });
    const body = response.data as { status?: unknown; msg?: unknown; data?: unknown } | undefined | null;
    const enveloped = typeof body === 'object' && body !== null && 'status' in body;
    if (enveloped && Number(body.status) !== 1) {
      const msg = typeof body.msg === 'string' && body.msg ? body.msg : 'unknown_error';
      return {
        error: {
          status: response.status,
          kind: 'business',
          msg,
          ...(body.data !== undefined ? { data: body.data } : {}),
          ...refusalDetails(body),
        },
      };
    }
    // RTK Query treats `data: undefined` as a broken base query: a success without data is null.
    return { data: (enveloped ? body.data : body) ?? null };
  } catch (error) {
    const failure = isHttpFailure(error) ? error : httpFailure('network', 0, 'network_error');
    const apiError: ApiError = { status: failure.status, kind: failure.kind, msg: failure.msg };
    if (failure.data !== undefined) apiError.data = failure.data;
    if (failure.field !== undefined) apiError.field = failure.field;
    if (failure.values !== undefined) apiError.values = failure.values;
    return { error: apiError };
  }
};

/** Tag types shared by every remote; a remote may add its own with `enhanceEndpoints({addTagTypes})`. */
export const API_TAGS = [
  'User',
  'Assets',
  'Orders',
  'Positions',
  'Funds',
  'Messages',
  'News',
  'Bank',
  'Config',
  'Quotes',
  'NewShares',
  'Products',
] as const;

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
 * Call it first thing in a remote's `register(ctx)`; calling it again (another remote) is harmless.
 */
export function installBaseApi(ctx: Pick<HostContext, 'http' | 'injectReducer' | 'store'>): void {
  setHttpClient(ctx.http);
  ctx.injectReducer(baseApi.reducerPath, baseApi.reducer);
  ctx.store.dispatch({ type: INJECT_MIDDLEWARE, payload: baseApi.middleware });
}
