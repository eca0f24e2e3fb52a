/**
 * The rejection the shell's axios layer produces for every failed call (business refusal, HTTP
 * error, network error). Plain data (no class) so it survives Module Federation boundaries, where
 * each app may hold its own copy of this file. The shell has already shown the toast when a call
 * rejects with one of these; callers only decide what to do next.
 */
export interface HttpFailure {
  readonly isHttpFailure: true;
  /**
   * `business`: HTTP 200 with status ≠ 1; `http`: an HTTP error status; `network`: no answer;
   * `schema`: an answer whose `data` does not match the contract (a client/server version skew).
   */
  kind: 'business' | 'http' | 'network' | 'schema';
  /** HTTP status (200 for business refusals, 0 for network errors). */
  status: number;
  /** Message key of the `msg` namespace (server `msg`, or network_error / request_failed / unknown_error). */
  msg: string;
  /** The answer's `data`, if any (validation details). */
  data?: unknown;
  /** The form field a refusal is about (answer `field`), for an inline error next to it. */
  field?: string;
  /** Interpolation values of `msg` (answer `values`). */
  values?: Record<string, string>;
}

/** `field` and `values` of a refusal's answer body, when well-formed. */
export function refusalDetails(body: unknown): Pick<HttpFailure, 'field' | 'values'> {
  if (typeof body !== 'object' || body === null) return {};
  const { field, values } = body as { field?: unknown; values?: unknown };
  const out: Pick<HttpFailure, 'field' | 'values'> = {};
  if (typeof field === 'string' && field !== '') out.field = field;
  if (typeof values === 'object' && values !== null && !Array.isArray(values)) {
    out.values = Object.fromEntries(Object.entries(values as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  }
  return out;
}

export function isHttpFailure(value: unknown): value is HttpFailure {
  return typeof value === 'object' && value !== null && (value as { isHttpFailure?: unknown }).isHttpFailure === true;
}

export function httpFailure(
  kind: HttpFailure['kind'],
  status: number,
  msg: string,
  data?: unknown,
  details: Pick<HttpFailure, 'field' | 'values'> = {},
): HttpFailure {
  return { isHttpFailure: true, kind, status, msg, data, ...details };
}
