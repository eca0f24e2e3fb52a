/**
 * The wire of /api/vue, written once (ARCHITECTURE.md "State, session, HTTP"): every call is a
 * form-encoded POST (multipart for uploads), every answer an envelope `{status, msg, data}` where
 * `status: 1` is success. The host kit's HTTP client encodes with {@link toFormBody} and reads
 * answers with {@link readEnvelope}; the RTK Query base query reads with it too, so a refusal has
 * one meaning whichever path a call took.
 */
import { httpFailure, refusalDetails, type HttpFailure } from './http-failure';

/** A form field value as a caller may give it; `undefined` and `null` are left out of the body. */
export type WireValue = string | number | boolean | undefined | null;

/**
 * The body of a form-encoded call: plain objects become `URLSearchParams` (values as text, empty
 * values left out); FormData (uploads), URLSearchParams and strings pass through unchanged.
 */
export function toFormBody(data: unknown): unknown {
  if (data === undefined || data === null) return new URLSearchParams();
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  if (data instanceof URLSearchParams || typeof data === 'string') return data;
  if (typeof data !== 'object') return data;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

/** What an answer body says: its `data` (null when it has none), or the refusal it carries. */
/** A success keeps the server's `msg` (a message key, e.g. `sell_success`) for a result sheet to show. */
export type Envelope = { ok: true; data: unknown; msg?: string } | { ok: false; failure: HttpFailure };

/**
 * Reads an answer body of HTTP status `httpStatus`: `{status: 1, data}` → data; `{status ≠ 1, msg}`
 * → a business refusal keeping `msg`, `data`, `field` and `values`; a body without `status` is data.
 * A success without data is `null` (RTK Query treats `undefined` as a broken base query).
 */
export function readEnvelope(body: unknown, httpStatus: number): Envelope {
  const enveloped = typeof body === 'object' && body !== null && 'status' in body;
  if (!enveloped) return { ok: true, data: body ?? null };
  const answer = body as { status?: unknown; msg?: unknown; data?: unknown };
  if (Number(answer.status) === 1)
    return typeof answer.msg === 'string' && answer.msg
      ? { ok: true, data: answer.data ?? null, msg: answer.msg }
      : { ok: true, data: answer.data ?? null };
  const msg = typeof answer.msg === 'string' && answer.msg ? answer.msg : 'unknown_error';
  return { ok: false, failure: httpFailure('business', httpStatus, msg, answer.data, refusalDetails(body)) };
}
