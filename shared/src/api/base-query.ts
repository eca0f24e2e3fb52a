/**
 * The base query of the one RTK Query API: every call through the host's HTTP client (the host
 * kit's: session headers, form encoding, loading counter, toasts, 401 handling).
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { httpFailure, isHttpFailure, type HttpFailure } from './http-failure';
import { readEnvelope, type WireValue } from './wire';
import { takeAhead } from './ahead';
import { getHttpClient } from './http-client';

export { getHttpClient, setHttpClient } from './http-client';

/** Arguments of an endpoint's `query`: a path under /api/vue and its payload. */
export interface ApiRequest {
  /** Path under /api/vue, e.g. `/user/getUserinfo` (ENDPOINTS of shared/contract). */
  url: string;
  /** Form fields (the host's client form-encodes them) or FormData (uploads, multipart). */
  data?: Record<string, WireValue> | FormData;
  /** Money-moving calls: the `Idempotency-Key` header of this submission (a retry replays the first answer). */
  idempotencyKey?: string;
  /** The contract's schema of the answer's `data`: an answer that does not match is an error, not data. */
  answer?: { safeParse: (data: unknown) => { success: true; data: unknown } | { success: false } };
  /**
   * Answer `{ data, msg }` (msg: the server's success message key, absent when it sent none) instead of `data`
   * alone: for a mutation whose screen shows what the server said (`four_eyes_waiting`, `saved`, ...).
   */
  withMessage?: boolean;
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

/** The ApiError of an HttpFailure (no `undefined` members: RTK Query keeps errors serializable). */
export function apiErrorFrom(failure: HttpFailure): ApiError {
  const apiError: ApiError = { status: failure.status, kind: failure.kind, msg: failure.msg };
  if (failure.data !== undefined) apiError.data = failure.data;
  if (failure.field !== undefined) apiError.field = failure.field;
  if (failure.values !== undefined) apiError.values = failure.values;
  return apiError;
}

/** The same request started ahead by the route (ahead.ts), for a plain query (no money call, no upload). */
function startedAhead(request: ApiRequest) {
  if (request.idempotencyKey !== undefined) return undefined;
  if (typeof FormData !== 'undefined' && request.data instanceof FormData) return undefined;
  return takeAhead(request.url, request.data as Record<string, WireValue> | undefined);
}

/**
 * Base query: POST through the host's HTTP client (which encodes the form and adds the session
 * headers), with the `Idempotency-Key` header when the request carries one; the answer's envelope
 * is read by the one {@link readEnvelope}; `data` is checked against the contract's schema when the
 * request names it; `withMessage` answers `{ data, msg }` instead of `data`. A plain query the route started
 * ahead with the same path and body (ahead.ts) takes that request's answer instead of asking again.
 */
export const httpBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiError> = async (args, api) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const headers = request.idempotencyKey ? { 'Idempotency-Key': request.idempotencyKey } : undefined;
  try {
    const response = await (startedAhead(request) ??
      getHttpClient().post(request.url, request.data, { signal: api.signal, headers }));
    const envelope = readEnvelope(response.data, response.status);
    if (!envelope.ok) return { error: apiErrorFrom(envelope.failure) };
    // The server's success message, for a screen that shows it (a result sheet: contractMutation withMessage).
    const answered = <T>(data: T) => ({
      data: request.withMessage ? (envelope.msg ? { data, msg: envelope.msg } : { data }) : data,
    });
    if (!request.answer) return answered(envelope.data);
    const parsed = request.answer.safeParse(envelope.data);
    if (!parsed.success) return { error: { status: response.status, kind: 'schema', msg: 'unknown_error' } };
    return answered(parsed.data ?? null);
  } catch (error) {
    return { error: apiErrorFrom(isHttpFailure(error) ? error : httpFailure('network', 0, 'network_error')) };
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

/** A tag of the one API (what a call provides or invalidates). */
export type ApiTag = (typeof API_TAGS)[number];
