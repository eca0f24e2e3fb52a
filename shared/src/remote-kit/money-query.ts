/**
 * Money-moving calls of the remotes (deposit, withdraw, exchange, loans, orders, cancels, closes):
 * an `Idempotency-Key` per submission, posted through the shell's axios instance. Each remote keeps
 * its own MONEY_TAGS (what a money call invalidates) next to its endpoints.
 */
import { useCallback, useRef } from 'react';
import { getHttpClient, isHttpFailure, refusalDetails, type ApiError, type ApiRequest } from 'shared/api';

/** Arguments of a money-moving call: its form (or multipart body) and the Idempotency-Key of this submission. */
export interface IdempotentArgs<T> {
  body: T;
  idempotencyKey: string;
}

/**
 * POSTs a money-moving call with an `Idempotency-Key` header through the shell's axios instance.
 * The shared base query carries no headers, so money calls use this as their `queryFn`; answers are
 * mapped exactly as the base query maps them (`status: 1` → data, else an ApiError with msg, field
 * and values), and the shell's interceptors still add the session headers and show the toast.
 */
export async function postIdempotent(
  url: string,
  data: ApiRequest['data'],
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<{ data: unknown } | { error: ApiError }> {
  const body = typeof FormData !== 'undefined' && data instanceof FormData ? data : toForm(data);
  try {
    const response = await getHttpClient().post(url, body, { signal, headers: { 'Idempotency-Key': idempotencyKey } });
    const answer = response.data as { status?: unknown; msg?: unknown; data?: unknown } | null;
    const enveloped = typeof answer === 'object' && answer !== null && 'status' in answer;
    if (enveloped && Number(answer.status) !== 1) {
      const msg = typeof answer.msg === 'string' && answer.msg ? answer.msg : 'unknown_error';
      return { error: { status: response.status, kind: 'business', msg, ...refusalDetails(answer) } };
    }
    return { data: (enveloped ? answer.data : answer) ?? null };
  } catch (error) {
    if (!isHttpFailure(error)) return { error: { status: 0, kind: 'network', msg: 'network_error' } };
    const apiError: ApiError = { status: error.status, kind: error.kind, msg: error.msg };
    if (error.field !== undefined) apiError.field = error.field;
    if (error.values !== undefined) apiError.values = error.values;
    return { error: apiError };
  }
}

function toForm(data: ApiRequest['data']): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

/**
 * One Idempotency-Key per form submission: the same key until the server accepts it, so a double
 * tap, a retry after a network error or a refusal-then-resubmit of the same request never moves
 * money twice. `renew` after a success (the next submission is a new request).
 */
export function useIdempotencyKey(): { current: () => string; renew: () => void } {
  const key = useRef<string | null>(null);
  const current = useCallback(() => {
    key.current ??= newKey();
    return key.current;
  }, []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { current, renew };
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The ApiError of an RTK Query error (or undefined for a serialized JS error). */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (typeof error === 'object' && error !== null && typeof (error as ApiError).msg === 'string')
    return error as ApiError;
  return undefined;
}
