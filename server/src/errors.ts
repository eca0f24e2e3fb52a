/**
 * The two ways a request fails on purpose. Both carry a message key of the shared catalogue; the
 * central error handler turns them into the envelope, and anything else into `server_error`
 * without a stack.
 */
import type { MessageKey } from 'shared/messages';

/** A refusal by a business or validation rule: HTTP 200, `{status: 0, msg}`. */
export class BusinessError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly extra: { field?: string; values?: Record<string, string> } = {},
  ) {
    super(key);
    this.name = 'BusinessError';
  }
}

/** No valid session: HTTP 401, `{status: 0, msg}` (session_expired, account_banned, account_frozen). */
export class SessionError extends Error {
  constructor(readonly key: MessageKey = 'session_expired') {
    super(key);
    this.name = 'SessionError';
  }
}
