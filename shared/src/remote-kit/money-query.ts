/**
 * Money-moving calls of the remotes (deposit, withdraw, exchange, loans, orders): one
 * `Idempotency-Key` per submission (the base query sends it as a header, see shared/api's
 * contractMutation). `useContractForm` keeps it; this module is the key and the error reader.
 */
import { useCallback, useRef } from 'react';
import type { ApiError } from 'shared/api';

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
