/**
 * The rejection the shell's axios layer produces for every failed call (business refusal, HTTP
 * error, network error). Plain data (no class) so it survives Module Federation boundaries, where
 * each app may hold its own copy of this file. The shell has already shown the toast when a call
 * rejects with one of these; callers only decide what to do next.
 */
export interface HttpFailure {
  readonly isHttpFailure: true;
  /** `business`: HTTP 200 with status ≠ 1; `http`: an HTTP error status; `network`: no answer. */
  kind: 'business' | 'http' | 'network';
  /** HTTP status (200 for business refusals, 0 for network errors). */
  status: number;
  /** Message key of the `msg` namespace (server `msg`, or network_error / request_failed / unknown_error). */
  msg: string;
  /** The answer's `data`, if any (validation details). */
  data?: unknown;
}

export function isHttpFailure(value: unknown): value is HttpFailure {
  return typeof value === 'object' && value !== null && (value as { isHttpFailure?: unknown }).isHttpFailure === true;
}

export function httpFailure(kind: HttpFailure['kind'], status: number, msg: string, data?: unknown): HttpFailure {
  return { isHttpFailure: true, kind, status, msg, data };
}
